import type { ReadModel } from '../projections/read-model';
import { changedResults } from './changed-results';

// The read model the CLI opened, caught up with the ledger on request.
export interface OpenedReadModel {
  readModel: ReadModel;
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

const PAGE = 1000;

// Streams the feed page by page, so memory stays flat however long it is.
export async function changedResultsCommand(
  after: number,
  open: () => OpenedReadModel,
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
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
