import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { OriginLog } from '../../src/privacy/origin-log';

describe('the origin log commits the writes of one turn together', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-origins-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const stored = (file: string) => {
    const db = new Database(file, { readonly: true });
    const ids = db.prepare('SELECT event_id FROM origins ORDER BY event_id').pluck().all();
    db.close();
    return ids;
  };

  it('writes a burst of records in one commit at the end of the turn', async () => {
    const file = join(dir, 'burst.sqlite');
    const log = new OriginLog(file, 30);
    log.record(['a1', 'a2'], 'scorer-1', '10.0.0.1 agent', '2026-12-01T00:00:00.000Z');
    log.record(['b1'], 'scorer-2', '10.0.0.2 agent', '2026-12-01T00:00:01.000Z');
    expect(stored(file)).toEqual([]);
    await nextTurn();
    expect(stored(file)).toEqual(['a1', 'a2', 'b1']);
    log.close();
  });

  it('answers, purges and erases with what is still pending, and commits it on close', () => {
    const file = join(dir, 'pending.sqlite');
    let now = Date.parse('2026-12-01T00:00:00Z');
    const log = new OriginLog(file, 30, () => now);
    log.record(['e1'], 'scorer-1', '10.0.0.1 agent', '2026-12-01T00:00:00.000Z');
    expect(log.originOf('e1')).toBe('10.0.0.1 agent');
    log.record(['e2'], 'scorer-2', '10.0.0.2 agent', '2026-12-01T00:00:00.000Z');
    expect(log.eraseFor('scorer-2')).toBe(1);
    log.record(['e3'], 'scorer-3', '10.0.0.3 agent', '2026-11-01T00:00:00.000Z');
    now = Date.parse('2026-12-05T00:00:00Z');
    expect(log.purge()).toBe(1);
    log.record(['e4'], 'scorer-1', '10.0.0.1 agent', '2026-12-01T00:00:00.000Z');
    log.close();
    expect(stored(file)).toEqual(['e1', 'e4']);
  });
});
