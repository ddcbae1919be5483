import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { RegistryModule } from '../registry/registry.module';
import { PAGES } from '../kernel/pages.port';
import { BoardController, pagesOf } from './board.controller';
import { BoardResolver } from './board.resolver';
import { loadPageAssets, PAGE_ASSETS } from './page-assets';

// The public board (/board) and the streaming overlay (/matches/:id/overlay), the board query and
// its live subscription; and the browser files every desk-side page shares (served at /pages/).
@Module({
  imports: [LiveModule, RegistryModule],
  controllers: [BoardController],
  providers: [
    { provide: PAGE_ASSETS, useFactory: () => loadPageAssets() },
    { provide: PAGES, inject: [PAGE_ASSETS], useFactory: pagesOf },
    BoardResolver,
  ],
  exports: [PAGES],
})
export class BoardModule {}
