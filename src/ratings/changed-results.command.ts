import { parseArgs } from 'node:util';
import type { ReadModel } from '../projections/read-model';
import { changedResults } from './changed-results';

export const CHANGED_RESULTS_USAGE = `changed-results [--after SEQ]
          print the changed-results feed as NDJSON (one line per appeal or correction that
          changed a rated game), after feed entry SEQ (default: from the start)`;

// The read model the CLI opened, caught up with the ledger on request.
export interface OpenedReadModel {
  readModel: ReadModel;
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

const PAGE = 1000;

// Streams the feed page by page, so memory stays flat however long it is.
export async function changedResultsCommand(
  args: string[],
  open: () => OpenedReadModel,
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
  const { values } = parseArgs({ args, options: { after: { type: 'string' } }, strict: true });
  const after = values.after === undefined ? 0 : Number(values.after);
  if (!Number.isInteger(after) || after < 0) {
    console.error(`--after must be a feed entry number (got "${values.after}")`);
    return 2;
  }
  const opened = open();
  try {
    await opened.catchUp();
    let seq = after;
    let count = 0;
    for (;;) {
      const page = changedResults(opened.readModel.database, seq, PAGE);
      for (const entry of page) write(`${JSON.stringify(entry)}\n`);
      count += page.length;
      if (page.length < PAGE) break;
      seq = page[page.length - 1].seq;
    }
    console.error(`${count} changed ${count === 1 ? 'result' : 'results'} after entry ${after}`);
    return 0;
  } finally {
    await opened.close();
  }
}
