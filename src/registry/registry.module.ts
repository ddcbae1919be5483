import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../ledger/clock';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { ORIGIN_SINK } from '../kernel/origin-sink';
import type { OriginSink } from '../streams/stream-runtime';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { COMPETITION_APPEAL_POLICY } from '../kernel/registry/competition-appeal-policy.port';
import { REGISTRY_COMMANDS } from '../kernel/registry/registry-commands.port';
import { MATCH_PLACES } from '../kernel/registry/match-places.port';
import { registryAppealPolicy } from './competition-appeal-policy';
import { RegistryCommandService } from './registry-commands.service';
import { RegistryQueryService } from './registry-queries.service';
import { RegistryPlaces } from './registry-places';
import { RegistryResolver } from './registry.resolver';
import { RegistryRecords } from './registry-streams';

// Players and competitions: the federation's records, and the matches that belong to them.
@Module({
  providers: [
    {
      provide: RegistryCommandService,
      inject: [EVENT_STORE, MatchProjector, CLOCK, { token: ORIGIN_SINK, optional: true }],
      useFactory: (s: EventStore, p: MatchProjector, c: Clock, o?: OriginSink) =>
        new RegistryCommandService(s, p, c, o ?? null),
    },
    // The kernel's port other features register players and competitions and schedule through.
    { provide: REGISTRY_COMMANDS, useExisting: RegistryCommandService },
    {
      provide: RegistryRecords,
      inject: [RegistryCommandService],
      useFactory: (c: RegistryCommandService) => c.records,
    },
    {
      provide: COMPETITION_APPEAL_POLICY,
      inject: [RegistryRecords],
      useFactory: registryAppealPolicy,
    },
    {
      provide: RegistryQueryService,
      inject: [ReadModel],
      useFactory: (r: ReadModel) => new RegistryQueryService(r),
    },
    // The kernel's port the board reads placed matches through.
    {
      provide: MATCH_PLACES,
      inject: [ReadModel],
      useFactory: (r: ReadModel) => new RegistryPlaces(r),
    },
    RegistryResolver,
  ],
  exports: [
    RegistryRecords,
    RegistryQueryService,
    REGISTRY_COMMANDS,
    COMPETITION_APPEAL_POLICY,
    MATCH_PLACES,
  ],
})
export class RegistryModule {}
