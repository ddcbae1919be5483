import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../ledger/clock';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import {
  REGISTRY_COMMANDS,
  type RegistryCommands,
} from '../kernel/registry/registry-commands.port';
import { RegistryModule } from '../registry/registry.module';
import { ImportsResolver } from './imports.resolver';
import { ResultsImporter } from './results-import';

// Imports of past results over the API (the CLI has its own entry: src/cli-import-results.ts).
@Module({
  imports: [RegistryModule],
  providers: [
    {
      provide: ResultsImporter,
      inject: [EVENT_STORE, MatchProjector, REGISTRY_COMMANDS, CLOCK],
      useFactory: (s: EventStore, p: MatchProjector, r: RegistryCommands, c: Clock) =>
        new ResultsImporter(s, p, r, c),
    },
    ImportsResolver,
  ],
})
export class ImportsModule {}
