import type Database from 'better-sqlite3';

// Statements prepared once per database and reused: preparing costs more than running most of
// them, and projections run on every write.
const byDatabase = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function prepared<P extends unknown[] = unknown[], R = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<P, R> {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let stmt = statements.get(sql);
  if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
  return stmt as Database.Statement<P, R>;
}
