import type Database from 'better-sqlite3';
import { shapeOf, type Shape } from './data-codec';

// The `shapes` table (./data-codec.ts) as each side of the ledger uses it. A shape's id never
// changes once committed; an id allocated in a transaction that rolls back may be given to
// another key list later, so neither side keeps what it has not seen committed.

// Objects used as maps (a score by player id) make a shape per key set; the caches stay bounded
// and look an evicted shape up again (one indexed read).
const CACHED = 4096;

// The reader's shapes by id, each loaded the first time a row refers to it.
export class ShapeCache {
  private readonly byId = new Map<number, Shape>();
  private select: Database.Statement<[number], string> | null = null;

  constructor(private readonly db: Database.Database) {}

  // The table exists (again) or not: called whenever the reader reads the file's layout.
  reset(present: boolean): void {
    this.byId.clear();
    this.select = present
      ? this.db.prepare<[number], string>('SELECT keys FROM shapes WHERE id = ?').pluck()
      : null;
  }

  // Forgets every list: on the writer's connection after a rollback, which may undo a shape a
  // read in that transaction has seen.
  forget(): void {
    this.byId.clear();
  }

  readonly shapeOf = (id: number): Shape | undefined => {
    const shape = this.byId.get(id);
    return shape !== undefined ? shape : this.load(id);
  };

  // A missing or edited row gives no keys: the rows that use it are then read as altered.
  private load(id: number): Shape | undefined {
    if (!this.select || !Number.isSafeInteger(id)) return undefined;
    const json = this.select.get(id);
    if (json === undefined) return undefined;
    let keys: unknown;
    try {
      keys = JSON.parse(json);
    } catch {
      return undefined;
    }
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) return undefined;
    if (this.byId.size >= CACHED) this.byId.clear();
    const shape = shapeOf(keys as string[]);
    this.byId.set(id, shape);
    return shape;
  }
}

// The writer's ids by key list: those committed, and those allocated in the open transaction.
export class ShapeRegistry {
  private readonly known = new Map<string, number>();
  private readonly pending = new Map<string, number>();
  private readonly select: Database.Statement<[string], number | bigint>;
  private readonly insert: Database.Statement<[string]>;

  constructor(db: Database.Database) {
    this.select = db
      .prepare<[string], number | bigint>('SELECT id FROM shapes WHERE keys = ?')
      .pluck();
    this.insert = db.prepare<[string]>('INSERT INTO shapes (keys) VALUES (?)');
  }

  readonly idOf = (keys: string[]): number => {
    const json = JSON.stringify(keys);
    return this.known.get(json) ?? this.pending.get(json) ?? this.allocate(json);
  };

  // Another writer (a CLI on the same file) may have stored the list since: looked up first.
  private allocate(json: string): number {
    const id = Number(this.select.get(json) ?? this.insert.run(json).lastInsertRowid);
    this.pending.set(json, id);
    return id;
  }

  commit(): void {
    if (this.known.size + this.pending.size > CACHED) this.known.clear();
    for (const [json, id] of this.pending) this.known.set(json, id);
    this.pending.clear();
  }

  // The transaction or one of its savepoints rolled back: what it allocated is looked up again.
  rollback(): void {
    this.pending.clear();
  }
}
