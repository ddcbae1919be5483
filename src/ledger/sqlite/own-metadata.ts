// A fold's metadata: a compact row's own fields are a few short texts repeated across the ledger
// ({"schemaVersion":1,"gameNumber":2}), each parsed once and shared, frozen, by the events that
// carry it: a replay then keeps no metadata object per event. Longer texts (rows stored whole,
// with their hashes) are parsed each.
export class OwnMetadata {
  private readonly parsed = new Map<string, unknown>();

  of(json: string): unknown {
    if (json.length > SHARED_OWN_LENGTH) return JSON.parse(json) as unknown;
    let metadata = this.parsed.get(json);
    if (metadata !== undefined) return metadata;
    if (this.parsed.size >= SHARED_OWN_COUNT) this.parsed.clear();
    metadata = Object.freeze(JSON.parse(json) as unknown);
    this.parsed.set(json, metadata);
    return metadata;
  }
}

const SHARED_OWN_LENGTH = 64;
const SHARED_OWN_COUNT = 256;
