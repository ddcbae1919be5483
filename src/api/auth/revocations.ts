import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

// One line of the revocation file: a single token by its id, or every token of a subject issued
// at or before an instant (the subject's tokens issued later stay valid; the verifier widens the
// instant by its clock skew, and refuses any token stamped further ahead than that).
export type Revocation =
  | { jti: string; revokedAt: string }
  | { subject: string; issuedAtOrBefore: number; revokedAt: string };

// The revoked tokens, read from an append-only JSON-lines file that every replica shares. A
// server looks at the file's size and time again at most every `pollMs`, so a revocation applies
// everywhere within that time; a line that does not parse is skipped (and never un-revokes).
export class RevocationList {
  private jtis = new Set<string>();
  private subjects = new Map<string, number>();
  private stamp = '';
  private checkedAt = -Infinity;

  constructor(
    readonly file: string,
    private readonly pollMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  // `skewSeconds`: a subject's revocation also covers tokens stamped up to this long after it
  // (issued before it by a clock running ahead).
  isRevoked(jti: string, subject: string, issuedAt: number, skewSeconds = 0): boolean {
    this.refresh();
    if (this.jtis.has(jti)) return true;
    const before = this.subjects.get(subject);
    return before !== undefined && issuedAt <= before + skewSeconds;
  }

  // Told of each revocation made here (the ledger's revocation stream, on KurrentDB).
  publisher: ((entry: Revocation) => void) | null = null;

  add(entry: Revocation): void {
    this.write(entry);
    this.publisher?.(entry);
  }

  // A revocation made elsewhere (another replica, through the ledger): kept in the file, which
  // is then this replica's cache of the stream, unless it already holds it.
  remember(entry: Revocation): void {
    this.refresh();
    if (this.covers(entry)) return;
    this.apply(entry);
    this.write(entry);
  }

  // Every revocation the file holds, e.g. to carry a file written before the stream existed.
  entries(): Revocation[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .map((line) => parsed(line))
      .filter((e): e is Revocation => e !== null);
  }

  private covers(e: Revocation): boolean {
    if ('jti' in e) return this.jtis.has(e.jti);
    return (this.subjects.get(e.subject) ?? -Infinity) >= e.issuedAtOrBefore;
  }

  private write(entry: Revocation): void {
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    this.checkedAt = -Infinity;
  }

  private apply(e: Revocation): void {
    if ('jti' in e) this.jtis.add(e.jti);
    else
      this.subjects.set(
        e.subject,
        Math.max(this.subjects.get(e.subject) ?? -Infinity, e.issuedAtOrBefore),
      );
  }

  private refresh(): void {
    const t = this.now();
    if (t - this.checkedAt < this.pollMs) return;
    this.checkedAt = t;
    if (!existsSync(this.file)) return;
    const st = statSync(this.file);
    const stamp = `${st.size}:${st.mtimeMs}`;
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      const e = parsed(line);
      if (e) this.apply(e);
    }
  }
}

// One line of the file, or null when it does not parse as a revocation.
export function parsed(line: string): Revocation | null {
  if (!line.trim()) return null;
  let e: Partial<Record<string, unknown>>;
  try {
    e = JSON.parse(line) as Partial<Record<string, unknown>>;
  } catch {
    return null;
  }
  const revokedAt = typeof e.revokedAt === 'string' ? e.revokedAt : '';
  if (typeof e.jti === 'string') return { jti: e.jti, revokedAt };
  if (typeof e.subject === 'string' && typeof e.issuedAtOrBefore === 'number')
    return { subject: e.subject, issuedAtOrBefore: e.issuedAtOrBefore, revokedAt };
  return null;
}
