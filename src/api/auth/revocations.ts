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

  add(entry: Revocation): void {
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    this.checkedAt = -Infinity;
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
      if (!line.trim()) continue;
      let e: Partial<Record<string, unknown>>;
      try {
        e = JSON.parse(line) as Partial<Record<string, unknown>>;
      } catch {
        continue;
      }
      if (typeof e.jti === 'string') this.jtis.add(e.jti);
      else if (typeof e.subject === 'string' && typeof e.issuedAtOrBefore === 'number')
        this.subjects.set(
          e.subject,
          Math.max(this.subjects.get(e.subject) ?? -Infinity, e.issuedAtOrBefore),
        );
    }
  }
}
