import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { ReadModel } from '../projections/read-model';
import { PAGES } from '../kernel/pages.port';
import { BoardController, pagesOf } from './board.controller';
import { BoardQueries } from './board-queries';
import { BoardResolver } from './board.resolver';
import { loadPageAssets, PAGE_ASSETS } from './page-assets';

// The public board (/board) and the streaming overlay (/matches/:id/overlay), the board query and
// its live subscription; and the browser files every desk-side page shares (served at /pages/).
@Module({
  imports: [LiveModule],
  controllers: [BoardController],
  providers: [
    {
      provide: BoardQueries,
      inject: [ReadModel],
      useFactory: (r: ReadModel) => new BoardQueries(r),
    },
    { provide: PAGE_ASSETS, useFactory: () => loadPageAssets() },
    { provide: PAGES, inject: [PAGE_ASSETS], useFactory: pagesOf },
    BoardResolver,
  ],
  exports: [PAGES],
})
export class BoardModule {}
