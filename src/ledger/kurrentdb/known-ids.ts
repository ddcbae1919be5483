// The event ids of recently written streams, each with its revision, read up to a revision: an
// append checks its ids against them and reads only the events after (a stream is append-only:
// what was read stays true). Bounded, least recently used first out.
export interface KnownIdsLimits {
  streams: number;
  ids: number;
}

interface Entry {
  ids: Map<string, number>;
  // The last revision read into `ids`; -1 when none.
  revision: number;
}

export class KnownIds {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly limits: KnownIdsLimits = { streams: 256, ids: 200_000 }) {}

  // The stream's entry, most recently used from now on.
  entry(streamId: string): Entry {
    const found = this.entries.get(streamId);
    const entry = found ?? { ids: new Map<string, number>(), revision: -1 };
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry;
  }

  // Events read or written, in revision order, right after the entry's last revision.
  extend(streamId: string, events: readonly { eventId: string; revision: number }[]): void {
    const entry = this.entry(streamId);
    for (const e of events) {
      if (e.revision !== entry.revision + 1) return this.forget(streamId);
      if (!entry.ids.has(e.eventId)) this.total += 1;
      entry.ids.set(e.eventId, e.revision);
      entry.revision = e.revision;
    }
    for (const [id, oldest] of this.entries) {
      if (this.entries.size <= this.limits.streams && this.total <= this.limits.ids) break;
      if (id === streamId) continue;
      this.total -= oldest.ids.size;
      this.entries.delete(id);
    }
  }

  forget(streamId: string): void {
    const entry = this.entries.get(streamId);
    if (!entry) return;
    this.total -= entry.ids.size;
    this.entries.delete(streamId);
  }
}
