import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { prepared } from '../projections/prepared';
import type { StoredEvent } from '../ledger/event-store';
import { sortKey } from '../projections/audit-filter';
import { deliveryBody, deliveryId } from './delivery-body';

export { deliveryBody, deliveryId };

export interface Endpoint {
  id: string;
  url: string;
  kinds: string[];
  secret: string;
  createdBy: string;
  createdAt: string;
  // Events at or before this ledger position are not for it (its registration's, on KurrentDB).
  after?: bigint;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface Delivery {
  id: string;
  endpointId: string;
  kind: string;
  position: bigint;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  kind: string;
  position: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
}

// The durable outbox: its own SQLite file beside the ledger, never the read model (a rebuild
// empties that). Endpoints (a SQLite ledger's: KurrentDB keeps them in the ledger), every
// delivery with its status, and the ledger position up to which events were enqueued.
export class WebhookOutbox {
  private readonly db: Database.Database;

  constructor(filename: string) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    // Replicas may share the file (one host's volume): wait for another's write instead of failing.
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('synchronous = FULL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS endpoints (
        id TEXT PRIMARY KEY, url TEXT NOT NULL, kinds TEXT NOT NULL, secret TEXT NOT NULL,
        created_by TEXT NOT NULL, created_at TEXT NOT NULL, removed_at TEXT);
      CREATE TABLE IF NOT EXISTS deliveries (
        id TEXT PRIMARY KEY, endpoint_id TEXT NOT NULL, kind TEXT NOT NULL, position TEXT NOT NULL,
        body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL, last_status_code INTEGER, last_error TEXT,
        delivered_at TEXT);
      CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (status, next_attempt_at);
      CREATE INDEX IF NOT EXISTS deliveries_by_endpoint ON deliveries (endpoint_id, position);`);
  }

  addEndpoint(e: Endpoint): void {
    this.db
      .prepare(
        'INSERT INTO endpoints (id, url, kinds, secret, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(e.id, e.url, JSON.stringify(e.kinds), e.secret, e.createdBy, e.createdAt);
  }

  // Stops new deliveries to it; pending ones are marked failed, the record stays.
  removeEndpoint(id: string, at: string): boolean {
    return this.db.transaction(() => {
      const r = this.db
        .prepare('UPDATE endpoints SET removed_at = ? WHERE id = ? AND removed_at IS NULL')
        .run(at, id);
      this.failPending(id);
      return r.changes > 0;
    })();
  }

  failPending(endpointId: string): void {
    this.db
      .prepare(
        `UPDATE deliveries SET status = 'FAILED', last_error = 'endpoint removed' WHERE endpoint_id = ? AND status = 'PENDING'`,
      )
      .run(endpointId);
  }

  // Endpoints this file still holds a secret for, removed or not: carried into the ledger's
  // registration stream once (KurrentDB), after which the file forgets their secrets.
  legacyEndpoints(): (Endpoint & { removedAt: string | null })[] {
    return this.db
      .prepare<[], EndpointRow & { removed_at: string | null }>(
        `SELECT * FROM endpoints WHERE secret <> '' ORDER BY created_at, id`,
      )
      .all()
      .map((r) => ({ ...toEndpoint(r), removedAt: r.removed_at }));
  }

  forgetSecret(id: string): void {
    this.db.prepare(`UPDATE endpoints SET secret = '' WHERE id = ?`).run(id);
  }

  endpoints(): Endpoint[] {
    // Asked after every committed batch: the statement is prepared once.
    return prepared<[], EndpointRow>(
      this.db,
      'SELECT * FROM endpoints WHERE removed_at IS NULL ORDER BY created_at, id',
    )
      .all()
      .map(toEndpoint);
  }

  endpoint(id: string): Endpoint | null {
    return this.endpoints().find((e) => e.id === id) ?? null;
  }

  // The ledger position up to which events were enqueued (undefined: none yet).
  position(): bigint | undefined {
    const row = this.db
      .prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'enqueued'`)
      .get();
    return row ? BigInt(row.value) : undefined;
  }

  // Enqueues the events for every endpoint that wants their kind and moves the position, in one
  // transaction. `requeue`: a replay; a delivery already made is sent again under its own id.
  // `startAt`: sets the position first (the first endpoint starts at the ledger's present).
  // `feedTo`: the endpoints the feed's events go to (default: this file's).
  enqueue(
    events: readonly StoredEvent[],
    now: number,
    opts: { to?: Endpoint[]; feedTo?: Endpoint[]; requeue?: boolean; startAt?: bigint } = {},
  ): number {
    const targets = opts.to ?? opts.feedTo ?? this.endpoints();
    const insert = this.db.prepare(
      `INSERT INTO deliveries (id, endpoint_id, kind, position, body, status, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, 'PENDING', ?)
       ON CONFLICT(id) DO ${opts.requeue ? `UPDATE SET status = 'PENDING', attempts = 0, next_attempt_at = excluded.next_attempt_at` : 'NOTHING'}`,
    );
    const move = this.db.prepare(
      `INSERT INTO meta (key, value) VALUES ('enqueued', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    );
    return this.db.transaction(() => {
      if (opts.startAt !== undefined) move.run(opts.startAt.toString());
      let count = 0;
      for (const event of events) {
        for (const e of targets) {
          if (!e.kinds.includes(event.type)) continue;
          if (!opts.to && e.after !== undefined && event.position <= e.after) continue;
          const id = deliveryId(e.id, event.eventId);
          const body = deliveryBody(id, e.id, event);
          count += insert.run(id, e.id, event.type, sortKey(event.position), body, now).changes;
        }
      }
      const last = events[events.length - 1];
      const current = this.position();
      if (!opts.to && last && (current === undefined || last.position > current))
        move.run(last.position.toString());
      return count;
    })();
  }

  due(now: number, limit: number): Delivery[] {
    return this.db
      .prepare<
        [number, number],
        DeliveryRow
      >(`SELECT * FROM deliveries WHERE status = 'PENDING' AND next_attempt_at <= ? ORDER BY next_attempt_at, position LIMIT ?`)
      .all(now, limit)
      .map(toDelivery);
  }

  // How many deliveries the outbox holds in each status (PENDING is the backlog), for /metrics.
  countByStatus(): Record<string, number> {
    const rows = this.db
      .prepare<
        [],
        { status: string; n: number }
      >('SELECT status, COUNT(*) AS n FROM deliveries GROUP BY status')
      .all();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  // When the next pending delivery is due (ms since the epoch), if any.
  nextDue(): number | undefined {
    const row = this.db
      .prepare<
        [],
        { t: number | null }
      >(`SELECT MIN(next_attempt_at) AS t FROM deliveries WHERE status = 'PENDING'`)
      .get();
    return row?.t ?? undefined;
  }

  recordAttempt(
    id: string,
    outcome: {
      status: DeliveryStatus;
      code: number | null;
      error: string | null;
      next: number;
      at: string;
    },
  ): void {
    this.db
      .prepare(
        `UPDATE deliveries SET attempts = attempts + 1, status = ?, last_status_code = ?, last_error = ?,
         next_attempt_at = ?, delivered_at = CASE WHEN ? = 'DELIVERED' THEN ? ELSE delivered_at END
         WHERE id = ? AND status = 'PENDING'`,
      )
      .run(
        outcome.status,
        outcome.code,
        outcome.error,
        outcome.next,
        outcome.status,
        outcome.at,
        id,
      );
  }

  deliveries(filter: { endpointId?: string; status?: DeliveryStatus }, limit: number): Delivery[] {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.endpointId) {
      where.push('endpoint_id = ?');
      params.push(filter.endpointId);
    }
    if (filter.status) {
      where.push('status = ?');
      params.push(filter.status);
    }
    const sql = `SELECT * FROM deliveries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY position, endpoint_id LIMIT ?`;
    return this.db
      .prepare<(string | number)[], DeliveryRow>(sql)
      .all(...params, limit)
      .map(toDelivery);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

interface EndpointRow {
  id: string;
  url: string;
  kinds: string;
  secret: string;
  created_by: string;
  created_at: string;
}

function toEndpoint(r: EndpointRow): Endpoint {
  return {
    id: r.id,
    url: r.url,
    kinds: JSON.parse(r.kinds) as string[],
    secret: r.secret,
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    kind: r.kind,
    position: BigInt(r.position),
    body: r.body,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAt: r.delivered_at,
  };
}
