import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ReadModel } from '../projections/read-model';
import { checkPeriod, ResultsFileError } from './results-file-errors';
import { resultsFile } from './results-file';

export const RESULTS_FILE_USAGE = `  results-file [--competition <id>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--per-game]
          [--format csv|json] [--out <file>]
          the completed matches as a results file (docs/records.md), the bytes GraphQL's
          resultsFile gives`;

export interface ResultsFileViews {
  readModel: ReadModel;
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

// `npm run ledger -- results-file ...`
export async function resultsFileCommand(
  args: string[],
  open: () => ResultsFileViews,
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      competition: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'per-game': { type: 'boolean', default: false },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const format = values.format.toUpperCase();
  if (format !== 'CSV' && format !== 'JSON') {
    console.error(`--format must be csv or json (got "${values.format}")`);
    return 2;
  }
  try {
    checkPeriod(values.from, values.to);
  } catch (err) {
    if (!(err instanceof ResultsFileError)) throw err;
    console.error(err.message);
    return 2;
  }
  const views = open();
  try {
    await views.catchUp();
    const text = resultsFile(views.readModel.database, {
      competitionId: values.competition ?? null,
      from: values.from ?? null,
      to: values.to ?? null,
      perGame: values['per-game'],
      format,
    });
    if (values.out) writeFileSync(values.out, text);
    else write(text);
    return 0;
  } finally {
    await views.close();
  }
}
