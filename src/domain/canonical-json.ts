// JSON with object keys sorted at every level, so equal values give equal text whatever their key
// order. `undefined` fields are left out, as JSON.stringify does, so a value reads the same before
// and after a round trip through a store. Every event's hash is taken over this text: it must
// never change for a given value. Built by concatenation: this runs for every event verified.
export function canonicalJson(value: unknown): string {
  return canonical(value, 0);
}

// Far deeper than anything recorded nests (a few levels). Past it a value is refused with a
// RangeError, as JSON.stringify refuses a cycle, before the stack would overflow: a file edited
// to hold such a value is then reported by whoever hashes it, not crashed on.
export const CANONICAL_JSON_MAX_DEPTH = 256;

function canonical(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth === CANONICAL_JSON_MAX_DEPTH)
    throw new RangeError(`Nested deeper than ${CANONICAL_JSON_MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out += (i === 0 ? '' : ',') + (v === undefined ? 'null' : canonical(v, depth + 1));
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  // The default sort compares UTF-16 code units, as the hash chain has always ordered keys.
  for (const k of Object.keys(record).sort()) {
    const v = record[k];
    if (v === undefined) continue;
    out += (out.length === 1 ? '' : ',') + JSON.stringify(k) + ':' + canonical(v, depth + 1);
  }
  return out + '}';
}
