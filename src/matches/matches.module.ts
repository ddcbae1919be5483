import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../ledger/clock';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { ORIGIN_SINK } from '../kernel/origin-sink';
import { MATCH_COMMANDS } from '../kernel/match/match-commands.port';
import type { OriginSink } from '../streams/stream-runtime';
import { MatchCommandService } from './match-commands.service';
import { MatchQueryService } from './match-queries.service';
import { MatchQueriesResolver } from './match-queries.resolver';
import { MatchResolver } from './match.resolver';
import { GameResultsResolver } from './results/game-results.resolver';
import { RegistryModule } from '../registry/registry.module';

// Scheduling and recording at the table, and reading matches back.
@Module({
  imports: [RegistryModule],
  providers: [
    {
      provide: MatchCommandService,
      inject: [EVENT_STORE, MatchProjector, CLOCK, { token: ORIGIN_SINK, optional: true }],
      useFactory: (s: EventStore, p: MatchProjector, c: Clock, o?: OriginSink) =>
        new MatchCommandService(s, p, c, undefined, o ?? null),
    },
    // The kernel's port other features write to a match through.
    { provide: MATCH_COMMANDS, useExisting: MatchCommandService },
    {
      provide: MatchQueryService,
      inject: [EVENT_STORE, ReadModel],
      useFactory: (s: EventStore, r: ReadModel) => new MatchQueryService(s, r),
    },
    MatchResolver,
    MatchQueriesResolver,
    GameResultsResolver,
  ],
  exports: [MATCH_COMMANDS],
})
export class MatchesModule {}
