import { evolve, type MatchState } from '../domain';
import type { EventStore } from '../ledger/event-store';
import { MATCH_STREAM_PREFIX, toDomain } from '../ledger/envelope';
import type { ReadModel } from './read-model';

const NAME = 'matches';
const BATCH = 500;

// Follows the global feed from its checkpoint and folds each match stream with the same evolve
// the write side uses, so a rebuilt view equals the live one by construction (and by test).
export class MatchProjector {
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly readModel: ReadModel,
  ) {}

  // Serialised: concurrent callers wait for the same catch-up instead of projecting twice.
  catchUp(): Promise<void> {
    const next = this.running.then(() => this.drain());
    this.running = next.catch(() => undefined);
    return next;
  }

  async rebuild(): Promise<void> {
    await this.running;
    this.readModel.reset(NAME);
    await this.catchUp();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const after = this.readModel.checkpoint(NAME);
      const batch = await this.store.readAll({ after, maxCount: BATCH });
      if (batch.length === 0) return;
      const changed = new Map<string, { state: MatchState; position: bigint }>();
      for (const stored of batch) {
        if (!stored.streamId.startsWith(MATCH_STREAM_PREFIX)) continue;
        const id = stored.streamId.slice(MATCH_STREAM_PREFIX.length);
        const current = changed.get(id)?.state ?? this.readModel.match(id);
        // Idempotent under redelivery: an event at or below the view's revision is already in it.
        if (current && stored.revision < current.version) continue;
        changed.set(id, { state: evolve(current, toDomain(stored)), position: stored.position });
      }
      this.readModel.commit(NAME, batch[batch.length - 1].position, changed.values());
      if (batch.length < BATCH) return;
    }
  }
}
