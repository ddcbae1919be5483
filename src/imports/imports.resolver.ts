import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { TokenService } from '../api/auth/tokens';
import { commandContext, type GqlContext } from '../kernel/request-context';
import { ImportResultsInput } from './inputs/import-results.inputs';
import { ImportReportModel } from './models/import-report.model';
import { ResultsImporter } from './results-import';

// The desk's import of past results: the importer the CLI runs, with the token's subject as the
// record keeper.
@Resolver()
export class ImportsResolver {
  constructor(
    @Inject(ResultsImporter) private readonly importer: ResultsImporter,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  @Mutation(() => ImportReportModel, {
    description:
      'Import past results from a CSV file (docs/records.md): refused whole (IMPORT_REFUSED, extensions.badRows) when any row is bad or names an unregistered player without registerPlayers; rows imported before are skipped; dryRun appends nothing.',
  })
  importResults(
    @Args('input') input: ImportResultsInput,
    @Context() ctx: GqlContext,
  ): Promise<ImportReportModel> {
    const c = commandContext(ctx, this.tokens.principalOf(ctx.req), 'importResults', input);
    return this.importer.run(input.csv, {
      dryRun: input.dryRun,
      registerPlayers: input.registerPlayers,
      actor: c.actor,
      role: c.role,
      correlationId: c.correlationId,
    });
  }
}
