import { writeFileSync } from 'node:fs';
import type { ReadModel } from '../projections/read-model';
import { checkPeriod, ResultsFileError } from './results-file-errors';
import { resultsFile } from './results-file';

export interface ResultsFileViews {
  readModel: ReadModel;
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

// `npm run ledger -- results-file ...`
export interface ResultsFileOptions {
  competition?: string;
  from?: string;
  to?: string;
  perGame: boolean;
  format: string;
  out?: string;
}

export async function resultsFileCommand(
  values: ResultsFileOptions,
  open: () => ResultsFileViews,
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
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
      perGame: values.perGame,
      format,
    });
    if (values.out) writeFileSync(values.out, text);
    else write(text);
    return 0;
  } finally {
    await views.close();
  }
}
