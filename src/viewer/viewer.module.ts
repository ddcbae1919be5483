import { Module } from '@nestjs/common';
import { ViewerController } from './viewer.controller';
import { VIEWER_ASSETS } from './viewer.tokens';
import { loadViewerAssets } from './viewer-assets';

// The frame replay viewer (/matches/:id) and the match sheet (/matches/:id/sheet).
@Module({
  controllers: [ViewerController],
  providers: [{ provide: VIEWER_ASSETS, useFactory: loadViewerAssets }],
})
export class ViewerModule {}
