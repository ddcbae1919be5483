import { readFileSync } from 'node:fs';
import {
  EventStoreError,
  type EventStore,
  type HeadsSnapshot,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
} from '../ledger/event-store';
import { TRAILER_KIND, type ExportTrailer } from './ndjson-export';

// An NDJSON export read back as a read-only event store, so the ledger's own verifier
// (verifyLedger) checks it: same chain rules, same reports. The trailer stands in for the store's
// head record; a file without one is verified like a store that keeps none (tails unchecked).
export class ExportFileStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  private trailer: ExportTrailer | null = null;
  // Only when the file has its trailer: without one, tails cannot be checked.
  readonly readHeads?: () => Promise<HeadsSnapshot>;

  constructor(file: string) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new EventStoreError('INVALID_APPEND', `${file}:${i + 1} is not JSON`);
      }
      if (parsed.kind === TRAILER_KIND) {
        this.trailer = parsed as unknown as ExportTrailer;
        return;
      }
      const position = typeof parsed.position === 'string' ? parsed.position : '';
      if (!/^\d+$/.test(position) || typeof parsed.streamId !== 'string')
        throw new EventStoreError('INVALID_APPEND', `${file}:${i + 1} is not an exported event`);
      this.events.push({ ...(parsed as unknown as StoredEvent), position: BigInt(position) });
    });
    // Commit order, as the ledger's feed gives it.
    this.events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    const trailer = this.trailer;
    if (trailer)
      this.readHeads = () =>
        Promise.resolve({ heads: trailer.heads, position: this.events.at(-1)?.position ?? null });
  }

  get scope(): ExportTrailer['scope'] | null {
    return this.trailer?.scope ?? null;
  }

  append(): never {
    throw new EventStoreError('INVALID_APPEND', 'An export file is read-only');
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromRevision ?? 0;
    const all = this.events.filter((e) => e.streamId === streamId && e.revision >= from);
    return Promise.resolve(all.slice(0, options.maxCount ?? all.length));
  }

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const after = options.after;
    const start = after === undefined ? 0 : this.events.findIndex((e) => e.position > after);
    if (start < 0) return Promise.resolve([]);
    return Promise.resolve(
      this.events.slice(start, start + (options.maxCount ?? this.events.length)),
    );
  }

  async close(): Promise<void> {
    return Promise.resolve();
  }
}
