import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../ledger/clock';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import { RegistryCommandService } from '../registry/registry-commands.service';
import { ImportsResolver } from './imports.resolver';
import { ResultsImporter } from './results-import';

// Imports of past results over the API (the CLI has its own entry: src/cli-import-results.ts).
@Module({
  providers: [
    {
      provide: ResultsImporter,
      inject: [EVENT_STORE, MatchProjector, CLOCK],
      useFactory: (s: EventStore, p: MatchProjector, c: Clock) =>
        new ResultsImporter(s, p, new RegistryCommandService(s, p, c), c),
    },
    ImportsResolver,
  ],
})
export class ImportsModule {}
