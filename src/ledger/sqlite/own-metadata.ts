// A compact row's own fields are a few short texts repeated across the ledger
// ({"schemaVersion":1,"gameNumber":2}), each parsed once and shared, frozen: a fold's read gives
// it as the event's metadata (a replay then keeps no metadata object per event), a full read
// copies its fields. Longer texts (rows stored whole, with their hashes) and any holding an object
// or array (which a shared copy would share too) are parsed each time.
export class OwnMetadata {
  private readonly parsed = new Map<string, unknown>();

  of(json: string): unknown {
    if (json.length > SHARED_OWN_LENGTH || json.indexOf('{', 1) >= 0 || json.includes('['))
      return JSON.parse(json) as unknown;
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
