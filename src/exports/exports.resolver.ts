import { Inject } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { InputValidationError } from '../api/graphql/errors';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { RegistryQueryService } from '../registry/registry-queries.service';
import { writeExport } from './ndjson-export';
import { standingsCsv } from './standings-csv';

// Exports for rating bodies and analysts over the API: a match or a competition (the whole ledger
// is the CLI's: `npm run ledger -- export --all`).
@Resolver()
export class ExportsResolver {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(RegistryQueryService) private readonly registry: RegistryQueryService,
  ) {}

  @Query(() => String, {
    description:
      'A match or a competition as NDJSON: its events as stored, with their hashes, then a trailer with each stream head. `npm run ledger -- verify --file` checks it without the database.',
  })
  async ledgerExport(
    @Args('matchId', { type: () => String, nullable: true }) matchId?: string | null,
    @Args('competitionId', { type: () => String, nullable: true }) competitionId?: string | null,
  ): Promise<string> {
    if (!matchId === !competitionId)
      throw new InputValidationError([
        { field: 'matchId', problems: ['give exactly one of matchId and competitionId'] },
      ]);
    const lines: string[] = [];
    await writeExport(
      this.store,
      matchId ? { kind: 'match', matchId } : { kind: 'competition', competitionId: competitionId! },
      (line) => {
        lines.push(line);
      },
    );
    return `${lines.join('\n')}\n`;
  }

  @Query(() => String, {
    description: "A competition's standings as CSV (RFC 4180), in the standings' order.",
  })
  standingsCsv(@Args('competitionId') competitionId: string): string {
    return standingsCsv(this.registry.standings(competitionId));
  }
}
