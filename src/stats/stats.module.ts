import { Module } from '@nestjs/common';
import { ReadModel } from '../projections/read-model';
import { StatsResolver } from './stats.resolver';
import { StatsService } from './stats.service';

// Player stats, head to head, match stats sheets, leaderboards and the stats CSV, from the stats
// read model (stats.projection.ts, registered in read-models.ts).
@Module({
  providers: [
    {
      provide: StatsService,
      inject: [ReadModel],
      useFactory: (r: ReadModel) => new StatsService(r),
    },
    StatsResolver,
  ],
})
export class StatsModule {}
