import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { prepared } from '../projections/prepared';

export type EnrolmentKind = 'MATCH' | 'TABLE' | 'DESK';

export interface Enrolment {
  id: string;
  kind: EnrolmentKind;
  role: string;
  subject: string;
  matchId: string | null;
  tableId: string | null;
  label: string | null;
  issuedBy: string;
  issuedAt: string;
  codeExpiresAt: string;
  redeemedAt: string | null;
  jti: string | null;
  tokenExpiresAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

// Every change, as a fact with who and when (append-only: the desk's record of who let which
// device in, kept beside the ledger, never in it: see docs/console.md).
export type DeviceFactType =
  | 'ENROLMENT_ISSUED'
  | 'ENROLMENT_REDEEMED'
  | 'ENROLMENT_REVOKED'
  | 'ENROLMENT_ENDED_AT_SIGN_OFF'
  | 'MATCH_PUSHED';

export interface TablePush {
  tableId: string;
  matchId: string;
  pushedBy: string;
  pushedAt: string;
}

interface Row {
  id: string;
  kind: EnrolmentKind;
  role: string;
  subject: string;
  match_id: string | null;
  table_id: string | null;
  label: string | null;
  issued_by: string;
  issued_at: string;
  code_expires_at: string;
  redeemed_at: string | null;
  jti: string | null;
  token_expires_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

const toEnrolment = (r: Row): Enrolment => ({
  id: r.id,
  kind: r.kind,
  role: r.role,
  subject: r.subject,
  matchId: r.match_id,
  tableId: r.table_id,
  label: r.label,
  issuedBy: r.issued_by,
  issuedAt: r.issued_at,
  codeExpiresAt: r.code_expires_at,
  redeemedAt: r.redeemed_at,
  jti: r.jti,
  tokenExpiresAt: r.token_expires_at,
  revokedAt: r.revoked_at,
  revokedBy: r.revoked_by,
});

// Enrolment codes (only their sha256), the devices they enrolled and the matches pushed to
// tables: its own SQLite file beside the ledger, shared by the server and the CLI (desk-link).
export class DeviceStore {
  private readonly db: Database.Database;

  constructor(filename: string) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS enrolments (
        id TEXT PRIMARY KEY, code_hash TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
        role TEXT NOT NULL, subject TEXT NOT NULL, match_id TEXT, table_id TEXT, label TEXT,
        issued_by TEXT NOT NULL, issued_at TEXT NOT NULL, code_expires_at TEXT NOT NULL,
        redeemed_at TEXT, jti TEXT, token_expires_at TEXT, revoked_at TEXT, revoked_by TEXT);
      CREATE INDEX IF NOT EXISTS enrolments_by_match ON enrolments (match_id);
      CREATE INDEX IF NOT EXISTS enrolments_by_issue ON enrolments (issued_at);
      CREATE TABLE IF NOT EXISTS device_facts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, enrolment_id TEXT,
        match_id TEXT, table_id TEXT, by TEXT NOT NULL, at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS table_pushes (
        table_id TEXT PRIMARY KEY, match_id TEXT NOT NULL, pushed_by TEXT NOT NULL,
        pushed_at TEXT NOT NULL);`);
  }

  private fact(
    type: DeviceFactType,
    e: { id?: string | null; matchId: string | null; tableId: string | null },
    by: string,
    at: string,
  ): void {
    prepared(
      this.db,
      'INSERT INTO device_facts (type, enrolment_id, match_id, table_id, by, at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(type, e.id ?? null, e.matchId, e.tableId, by, at);
  }

  issue(
    e: Omit<Enrolment, 'redeemedAt' | 'jti' | 'tokenExpiresAt' | 'revokedAt' | 'revokedBy'>,
    codeHash: string,
  ): void {
    this.db.transaction(() => {
      prepared(
        this.db,
        `INSERT INTO enrolments (id, code_hash, kind, role, subject, match_id, table_id, label,
           issued_by, issued_at, code_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        e.id,
        codeHash,
        e.kind,
        e.role,
        e.subject,
        e.matchId,
        e.tableId,
        e.label,
        e.issuedBy,
        e.issuedAt,
        e.codeExpiresAt,
      );
      this.fact('ENROLMENT_ISSUED', e, e.issuedBy, e.issuedAt);
    })();
  }

  byCode(codeHash: string): Enrolment | null {
    const r = prepared<[string], Row>(this.db, 'SELECT * FROM enrolments WHERE code_hash = ?').get(
      codeHash,
    );
    return r ? toEnrolment(r) : null;
  }

  byId(id: string): Enrolment | null {
    const r = prepared<[string], Row>(this.db, 'SELECT * FROM enrolments WHERE id = ?').get(id);
    return r ? toEnrolment(r) : null;
  }

  // Marks the code used, only if it is still unused, unrevoked and alive at `at` (one statement:
  // two devices scanning the same code at once cannot both win). False: it was not.
  redeem(codeHash: string, jti: string, tokenExpiresAt: string, at: string): boolean {
    return this.db.transaction(() => {
      const changed = prepared(
        this.db,
        `UPDATE enrolments SET redeemed_at = ?, jti = ?, token_expires_at = ?
         WHERE code_hash = ? AND redeemed_at IS NULL AND revoked_at IS NULL AND code_expires_at > ?`,
      ).run(at, jti, tokenExpiresAt, codeHash, at).changes;
      if (changed === 0) return false;
      const e = this.byCode(codeHash)!;
      this.fact('ENROLMENT_REDEEMED', e, e.subject, at);
      return true;
    })();
  }

  revoke(
    id: string,
    by: string,
    at: string,
    fact: DeviceFactType = 'ENROLMENT_REVOKED',
  ): Enrolment | null {
    return this.db.transaction(() => {
      prepared(
        this.db,
        'UPDATE enrolments SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL',
      ).run(at, by, id);
      const e = this.byId(id);
      if (e) this.fact(fact, e, by, at);
      return e;
    })();
  }

  // Enrolments issued since `since` (the desk's day), newest first, optionally of one match.
  list(since: string, matchId: string | null, limit: number): Enrolment[] {
    const rows = matchId
      ? prepared<[string, string, number], Row>(
          this.db,
          'SELECT * FROM enrolments WHERE match_id = ? AND issued_at >= ? ORDER BY issued_at DESC LIMIT ?',
        ).all(matchId, since, limit)
      : prepared<[string, number], Row>(
          this.db,
          'SELECT * FROM enrolments WHERE issued_at >= ? ORDER BY issued_at DESC LIMIT ?',
        ).all(since, limit);
    return rows.map(toEnrolment);
  }

  // Devices of a match still holding a live token (to end them when it is signed off).
  liveForMatch(matchId: string): Enrolment[] {
    return prepared<[string], Row>(
      this.db,
      `SELECT * FROM enrolments WHERE match_id = ? AND kind = 'MATCH' AND jti IS NOT NULL
         AND revoked_at IS NULL`,
    )
      .all(matchId)
      .map(toEnrolment);
  }

  push(p: TablePush): void {
    this.db.transaction(() => {
      prepared(
        this.db,
        'INSERT OR REPLACE INTO table_pushes (table_id, match_id, pushed_by, pushed_at) VALUES (?, ?, ?, ?)',
      ).run(p.tableId, p.matchId, p.pushedBy, p.pushedAt);
      this.fact('MATCH_PUSHED', p, p.pushedBy, p.pushedAt);
    })();
  }

  pushed(tableId: string): TablePush | null {
    const r = prepared<
      [string],
      { table_id: string; match_id: string; pushed_by: string; pushed_at: string }
    >(this.db, 'SELECT * FROM table_pushes WHERE table_id = ?').get(tableId);
    return r
      ? { tableId: r.table_id, matchId: r.match_id, pushedBy: r.pushed_by, pushedAt: r.pushed_at }
      : null;
  }

  pushes(): TablePush[] {
    return prepared<
      [],
      { table_id: string; match_id: string; pushed_by: string; pushed_at: string }
    >(this.db, 'SELECT * FROM table_pushes ORDER BY table_id')
      .all()
      .map((r) => ({
        tableId: r.table_id,
        matchId: r.match_id,
        pushedBy: r.pushed_by,
        pushedAt: r.pushed_at,
      }));
  }

  facts(): { type: DeviceFactType; enrolmentId: string | null; by: string; at: string }[] {
    return prepared<
      [],
      { type: DeviceFactType; enrolment_id: string | null; by: string; at: string }
    >(this.db, 'SELECT type, enrolment_id, by, at FROM device_facts ORDER BY seq')
      .all()
      .map((r) => ({ type: r.type, enrolmentId: r.enrolment_id, by: r.by, at: r.at }));
  }

  close(): void {
    this.db.close();
  }
}
