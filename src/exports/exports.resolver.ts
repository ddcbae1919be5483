import { Inject } from '@nestjs/common';
import { Args, Context, Query, Resolver } from '@nestjs/graphql';
import { chargeWork, CostBudget } from '../kernel/graphql/cost';
import { InputValidationError } from '../kernel/input-errors';
import { ledgerExportPrice, standingsPrice } from '../kernel/graphql/prices';
import type { GqlContext } from '../kernel/request-context';
import { longReads } from '../ledger/slices';
import { ReadModel } from '../projections/read-model';
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
    @Inject(ReadModel) private readonly readModel: ReadModel,
    @Inject(CostBudget) private readonly budget: CostBudget,
  ) {}

  @Query(() => String, {
    description:
      'A match or a competition as NDJSON: its events as stored, with their hashes, then a trailer with each stream head. `npm run ledger -- verify --file` checks it without the database. A match costs one point per event; a competition, found by reading the whole ledger, one per event in the ledger (at least 500): large ones stream from GET /exports/ledger.ndjson?competitionId=….',
    complexity: ledgerExportPrice,
  })
  async ledgerExport(
    @Context() ctx: GqlContext,
    @Args('matchId', { type: () => String, nullable: true }) matchId?: string | null,
    @Args('competitionId', { type: () => String, nullable: true }) competitionId?: string | null,
  ): Promise<string> {
    if (!matchId === !competitionId)
      throw new InputValidationError([
        { field: 'matchId', problems: ['give exactly one of matchId and competitionId'] },
      ]);
    if (matchId) chargeWork(ctx.req, this.budget, this.readModel.match(matchId)?.version ?? 1);
    const lines: string[] = [];
    await longReads.run(
      (slice) =>
        writeExport(
          this.store,
          matchId
            ? { kind: 'match', matchId }
            : { kind: 'competition', competitionId: competitionId! },
          (line) => {
            lines.push(line);
          },
          slice,
        ),
      ctx.req,
    );
    return `${lines.join('\n')}\n`;
  }

  @Query(() => String, {
    description: "A competition's standings as CSV (RFC 4180), in the standings' order.",
    complexity: standingsPrice,
  })
  standingsCsv(
    @Context() ctx: GqlContext,
    @Args('competitionId') competitionId: string,
  ): Promise<string> {
    return longReads.run(
      async (slice) => standingsCsv(await this.registry.standingsInSlices(competitionId, slice)),
      ctx.req,
    );
  }
}
