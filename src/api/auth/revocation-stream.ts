import { Logger } from '@nestjs/common';
import { eventIdFor } from '../../ledger/envelope';
import { ANY, EventStoreError, type EventStore } from '../../ledger/event-store';
import { CONTROL_STREAM_PREFIX } from '../../ledger/lease';
import { parsed, type Revocation, type RevocationList } from './revocations';

export const REVOCATION_STREAM = `${CONTROL_STREAM_PREFIX}revocations`;

// Token revocations kept in the ledger, so every replica sees one made anywhere: a revocation is
// appended to one stream (its event id derived from its content, so the same one twice is one
// event), and each replica reads the stream from where it stopped every poll interval into its
// revocation file, which is now a cache of the stream. At start, revocations found in the file
// and not yet in the stream (a file from before, or the CLI's) are appended to it.
export class RevocationStream {
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly log = new Logger('Revocations');

  constructor(
    private readonly store: EventStore,
    private readonly list: RevocationList,
    private readonly pollMs: number,
  ) {}

  // Appends one revocation; the position its event reached (for read-your-writes).
  async publish(entry: Revocation): Promise<bigint> {
    const event = {
      eventId: eventIdFor(`revocation:${JSON.stringify(entry)}`, 0),
      type: 'TokenRevoked',
      data: entry,
      metadata: {},
    };
    try {
      const result = await this.store.append(REVOCATION_STREAM, [event], ANY);
      return result.position;
    } catch (err) {
      // Already there (an earlier start carried it, or a retry): nothing to add.
      if (err instanceof EventStoreError && err.code === 'DUPLICATE_EVENT_ID') return 0n;
      throw err;
    }
  }

  async start(): Promise<void> {
    await this.poll();
    const known = new Set<string>();
    for (const e of await this.store.readStream(REVOCATION_STREAM))
      known.add(JSON.stringify(parsed(JSON.stringify(e.data))));
    for (const e of this.list.entries()) if (!known.has(JSON.stringify(e))) await this.publish(e);
    // Made here from now on (the desk's enrolment revocations): published as they happen.
    this.list.publisher = (entry) =>
      void this.publish(entry).catch((err: unknown) =>
        this.log.error(`revocation not published to the ledger: ${String(err)}`),
      );
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.poll());
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.list.publisher = null;
    await this.running;
  }

  // Reads what the stream gained since the last poll into the list (and its file).
  async poll(): Promise<void> {
    try {
      const events = await this.store.readStream(REVOCATION_STREAM, { fromRevision: this.next });
      for (const e of events) {
        const entry = parsed(JSON.stringify(e.data));
        if (entry) this.list.remember(entry);
        this.next = e.revision + 1;
      }
    } catch (err) {
      this.log.warn(
        `revocation stream not read: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}
