// How the SQLite ledger stores an event's data without its key names. Every object is stored as
// its values in order after minus the id of its key list (its shape, kept once in the `shapes`
// table). An array is stored as itself, its items packed, unless its first item is a number of
// zero or less, which would read as a shape: then 0 goes before its items. The root object's id
// goes in the row's `shape` column and its values, untagged, in `data`:
//   {"shooter":"p2","facts":{"pocketed":[{"ball":4}],"rails":[-1]}}
//     →  shape 5, data ["p2",[-6,[[-7,4]],[0,-1]]]
// Unpacking gives back exactly what JSON.parse of the JSON text gives (same values, same key
// order), so no hash changes. Data that could not be given back exactly is stored whole.

// The id of a key list, allocated on first use (writer side).
export type ShapeIdOf = (keys: string[]) => number;

// A key list as the reader uses it, with a blank object of those keys to copy: a copy keeps the
// blank's fast layout, where an object built key by key turns into a slow dictionary past a
// dozen keys (a ruling has 22), which costs every later read of it and the garbage collector.
export interface Shape {
  keys: readonly string[];
  blank: Record<string, null>;
}
// The shape of an id, or undefined when the ledger has no such shape (reader side).
export type ShapeOf = (id: number) => Shape | undefined;

export function shapeOf(keys: readonly string[]): Shape {
  const blank = JSON.parse(`{${keys.map((k) => `${JSON.stringify(k)}:null`).join(',')}}`) as Record<
    string,
    null
  >;
  return { keys, blank };
}

// Before an array whose first item could be read as a shape.
const ESCAPED = 0;
// Event data is a few levels deep; deeper data is stored whole, so reading it back never
// recurses far enough to run out of stack.
const MAX_DEPTH = 64;

class Unpackable extends Error {}

// The packed form of data serialised as `json`, or null when it must be stored whole: not an
// object at its root, nested deeper than MAX_DEPTH, or an object with a `__proto__` key
// (assigning it would set a prototype).
export function packData(json: string, idOf: ShapeIdOf): { shape: number; data: string } | null {
  const value = JSON.parse(json) as unknown;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  try {
    const packed = packObject(value as Record<string, unknown>, idOf, 0);
    return { shape: -(packed[0] as number), data: JSON.stringify(packed.slice(1)) };
  } catch (err) {
    if (err instanceof Unpackable) return null;
    throw err;
  }
}

function packValue(value: unknown, idOf: ShapeIdOf, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new Unpackable();
  if (Array.isArray(value)) {
    const packed = value.map((item) => packValue(item, idOf, depth + 1));
    const first: unknown = packed[0];
    if (typeof first === 'number' && first <= 0) packed.unshift(ESCAPED);
    return packed;
  }
  return packObject(value as Record<string, unknown>, idOf, depth + 1);
}

function packObject(o: Record<string, unknown>, idOf: ShapeIdOf, depth: number): unknown[] {
  const keys = Object.keys(o);
  if (keys.includes('__proto__')) throw new Unpackable();
  const packed: unknown[] = [-idOf(keys)];
  for (const key of keys) packed.push(packValue(o[key], idOf, depth));
  return packed;
}

// The data of a packed row. A shape the ledger does not hold (its row deleted or edited) gives
// the bare values instead of an object, and data edited into anything but packed values (or
// nested deeper than any packed data) is given as it reads: never the recorded data, so the
// verifier reports it.
export function unpackData(shape: number, data: string, shapes: ShapeOf): unknown {
  const values = JSON.parse(data) as unknown;
  return Array.isArray(values) ? unpackObject(shape, values, 0, shapes, 0) : values;
}

function unpackValue(value: unknown, shapes: ShapeOf, depth: number): unknown {
  if (!Array.isArray(value) || depth > MAX_DEPTH) return value;
  const first: unknown = value[0];
  if (typeof first !== 'number' || first > 0) return unpackItems(value, shapes, depth);
  if (first === ESCAPED) return unpackItems(value.slice(1), shapes, depth);
  return unpackObject(-first, value, 1, shapes, depth);
}

// In place: an array holding no object (a list of balls or rules) is returned without a copy.
function unpackItems(items: unknown[], shapes: ShapeOf, depth: number): unknown[] {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item !== null && typeof item === 'object') items[i] = unpackValue(item, shapes, depth + 1);
  }
  return items;
}

function unpackObject(
  id: number,
  packed: unknown[],
  from: number,
  shapes: ShapeOf,
  depth: number,
): unknown {
  const shape = shapes(id);
  const n = packed.length - from;
  if (shape === undefined || shape.keys.length !== n)
    return unpackItems(packed.slice(from), shapes, depth);
  const { keys } = shape;
  const o: Record<string, unknown> = { ...shape.blank };
  for (let i = 0; i < n; i++) o[keys[i]] = unpackValue(packed[from + i], shapes, depth + 1);
  return o;
}
