import type Database from 'better-sqlite3';
import type { LedgerEvent, MatchState } from '../domain';
import type { EventStore, StoredEvent } from '../ledger/event-store';

// One event of a projected batch, as every read model sees it: as stored, as the domain reads it
// (null for a type this code does not know), the match it belongs to, the game it is filed under,
// and the revisions of its stream it supersedes (a correction or an appeal decision).
export interface ProjectedEvent {
  event: StoredEvent;
  domainEvent: LedgerEvent | null;
  matchId: string | null;
  gameNumber: number | null;
  supersedes: readonly number[];
  // A match event's stream state right after it (every match event has one): as the writer handed
  // it with its committed batch, or as the projector folded it from the feed. The read models
  // (stats) and live followers take it as it is, without folding again.
  state?: MatchState;
}

// What one commit of the projector carries: its events in ledger order and the state, after the
// batch, of every match the batch changed.
export interface ProjectionBatch {
  readonly events: readonly ProjectedEvent[];
  readonly matches: ReadonlyMap<string, MatchState>;
  // The ledger position the batch ends at (the checkpoint committed with it).
  readonly position: bigint;
}

// A read model of a feature (stats, ratings, the registry, ...). It owns its tables in the read
// model's database; apply() runs inside the transaction that commits the match views, the audit
// index and every projection's checkpoint, so all of them stand at the same ledger position.
// Changing `version` (new tables or new definitions) empties the whole read model at the next
// start, which then rebuilds from the ledger: a figure is never served from an older definition.
export interface Projection {
  readonly name: string;
  readonly version: number;
  // Creates its tables and indexes if missing (idempotent).
  install(db: Database.Database): void;
  // Deletes every row it holds (its tables stay).
  clear(db: Database.Database): void;
  // Optional: reads from the ledger what apply() will need, before the batch's transaction opens
  // (apply runs inside it and cannot wait for the store).
  prepare?(batch: ProjectionBatch, db: Database.Database, ledger: EventStore): Promise<void>;
  apply(batch: ProjectionBatch, db: Database.Database): void;
  // Optional, around a replay into empty tables (before its first batch, after its last commit):
  // work done row by row may be done once at the end. install() finishes one the process did not.
  beginBulkLoad?(db: Database.Database): void;
  endBulkLoad?(db: Database.Database): void;
}

// The feature projections the application runs, provided by the app (read-models.ts) to the
// read model, which installs and feeds them.
export const PROJECTIONS = Symbol('PROJECTIONS');
// Where the read model lives (a SQLite file, or ':memory:'), provided by the app from its settings.
export const READ_MODEL_FILE = Symbol('READ_MODEL_FILE');

const metaKey = (p: Projection): string => `projection:${p.name}`;

// Installs the projections and tells whether any of them is new or of another version than the
// rows the file holds (the caller then empties everything so the projector rebuilds it).
export function installProjections(
  db: Database.Database,
  projections: readonly Projection[],
): boolean {
  const names = new Set<string>();
  let changed = false;
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
    names.add(p.name);
    p.install(db);
    if (get.get(metaKey(p))?.value === String(p.version)) continue;
    changed = true;
    put.run(metaKey(p), String(p.version));
  }
  return changed;
}

// A batch's events grouped by match, each group in ledger order.
export function eventsByMatch(batch: ProjectionBatch): Map<string, ProjectedEvent[]> {
  const byMatch = new Map<string, ProjectedEvent[]>();
  for (const e of batch.events) {
    if (e.matchId === null) continue;
    const list = byMatch.get(e.matchId);
    if (list) list.push(e);
    else byMatch.set(e.matchId, [e]);
  }
  return byMatch;
}
