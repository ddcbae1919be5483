import { Module } from '@nestjs/common';
import { ReadModel } from '../projections/read-model';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

// Game-level ratings, fair races and the changed-results feed, over the ratings read model.
@Module({
  providers: [
    {
      provide: RatingsService,
      inject: [ReadModel],
      useFactory: (r: ReadModel) => new RatingsService(r),
    },
    RatingsResolver,
  ],
})
export class RatingsModule {}
