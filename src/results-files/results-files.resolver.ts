import { Inject } from '@nestjs/common';
import { Args, Query, Resolver, registerEnumType } from '@nestjs/graphql';
import { resultsFilePrice } from '../kernel/graphql/prices';
import { ReadModel } from '../projections/read-model';
import { ResultsFileFilterInput } from './inputs/results-file.inputs';
import { checkPeriod } from './results-file-errors';
import { resultsFile, type ResultsFormat } from './results-file';

const ResultsFormatEnum = { CSV: 'CSV', JSON: 'JSON' } as const;
registerEnumType(ResultsFormatEnum, {
  name: 'ResultsFormat',
  description: 'A results file as CSV (RFC 4180) or JSON (docs/records.md).',
});

@Resolver()
export class ResultsFilesResolver {
  constructor(@Inject(ReadModel) private readonly readModel: ReadModel) {}

  @Query(() => String, {
    complexity: resultsFilePrice,
    description:
      'The completed matches of a competition and/or a period as a results file for rating bodies and bracket tools: one row per match (or per game with perGame), with federation ids, names, scores, race, discipline, date, venue, competition and recording level (docs/records.md). The same bytes as `npm run ledger -- results-file`.',
  })
  resultsFile(
    @Args('filter', { type: () => ResultsFileFilterInput, nullable: true })
    filter?: ResultsFileFilterInput,
    @Args('format', { type: () => ResultsFormatEnum, defaultValue: 'CSV' })
    format: ResultsFormat = 'CSV',
  ): string {
    checkPeriod(filter?.from, filter?.to);
    return resultsFile(this.readModel.database, {
      competitionId: filter?.competitionId ?? null,
      from: filter?.from ?? null,
      to: filter?.to ?? null,
      perGame: filter?.perGame ?? false,
      format,
    });
  }
}
