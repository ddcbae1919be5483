// Positions can exceed SQLite's signed 64-bit INTEGER (KurrentDB's commit and prepare packed in
// one bigint), so they are stored as text: decimal for the checkpoint, zero-padded for ordering.
export const sortKey = (position: bigint): string => position.toString().padStart(40, '0');

// The audit index's own key, shorter: the digit count (two digits) then the digits, which sorts
// as the numbers do.
export const positionKey = (position: bigint): string => {
  const digits = position.toString();
  return `${String(digits.length).padStart(2, '0')}${digits}`;
};

// The commit-order key of the last indexed event at or before a position (0 before the first):
// a cursor given as a position becomes a range of the integer key every index ends with.
export const SEQ_AT =
  '(SELECT COALESCE((SELECT seq FROM audit_events WHERE pos <= ? ORDER BY pos DESC LIMIT 1), 0))';

// Every field optional; strings compare exactly. `from`/`to` are ISO instants (UTC, as
// recordedAt is written) and both bounds are inclusive.
export interface AuditFilter {
  matchId?: string;
  actor?: string;
  role?: string;
  types?: string[];
  from?: string;
  to?: string;
}

export function auditWhere(
  filter: AuditFilter,
  after: bigint | undefined,
): { where: string[]; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (after !== undefined) {
    where.push(`seq > ${SEQ_AT}`);
    params.push(positionKey(after));
  }
  const eq = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(`${column} = ?`);
    params.push(value);
  };
  eq('match_id', filter.matchId);
  eq('recorded_by', filter.actor);
  eq('role', filter.role);
  if (filter.types && filter.types.length > 0) {
    where.push(`type IN (${filter.types.map(() => '?').join(',')})`);
    params.push(...filter.types);
  }
  if (filter.from !== undefined) {
    where.push('recorded_at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    where.push('recorded_at <= ?');
    params.push(filter.to);
  }
  return { where, params };
}
