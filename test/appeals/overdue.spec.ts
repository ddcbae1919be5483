import Database from 'better-sqlite3';
import { appealCasesProjection } from '../../src/appeals/cases/appeal-cases.projection';
import { AppealCaseQuery } from '../../src/appeals/cases/appeal-cases.query';
import { APPEAL_OVERDUE, overdueNotice } from '../../src/appeals/cases/overdue-notices';
import { WebhookOutbox } from '../../src/webhooks/outbox';
import { ANA, BRUNO, revisionOf, Table } from '../support/match-fixtures';

// Overdue is decided at the clock passed in: the appeals list filters on it, /metrics counts it,
// and the webhook outbox takes each overdue appeal's notice once per endpoint.

const NOW = '2026-12-04T12:00:00.000Z';
const pos = (n: number) => String(n).padStart(40, '0');

function readModel(): Database.Database {
  const db = new Database(':memory:');
  appealCasesProjection.install(db);
  const put = db.prepare(
    `INSERT INTO appeal_cases (match_id, appeal_id, filed_pos, filed_at, competition_id, status, decision_deadline)
     VALUES ('m1', ?, ?, '2026-12-01T10:00:00.000Z', 'liga', ?, ?)`,
  );
  put.run('A1', pos(1), 'PENDING', '2026-12-04T11:59:59.999Z'); // past: overdue
  put.run('A2', pos(2), 'PENDING', NOW); // due right now: not yet
  put.run('A3', pos(3), 'DISMISSED', '2026-12-02T00:00:00.000Z'); // decided late: not overdue
  put.run('A4', pos(4), 'PENDING', null); // no deadline
  return db;
}

describe('overdue appeals', () => {
  it('the list filters on overdue at the clock given, and counts them', () => {
    const q = new AppealCaseQuery(readModel());
    const ids = (is: boolean) =>
      q.page({ overdue: { is, now: NOW } }, undefined, 10).map((r) => r.appealId);
    expect(ids(true)).toEqual(['A1']);
    expect(ids(false)).toEqual(['A2', 'A3', 'A4']);
    expect(q.overdue(NOW)).toBe(1);
    expect(q.overdue('2026-12-04T12:00:00.001Z')).toBe(2);
    expect(q.page({}, undefined, 1)[0].decisionDeadline).toBe('2026-12-04T11:59:59.999Z');
  });

  it('a notice is enqueued once per endpoint that asked for appeal.overdue, however often it is swept', () => {
    const t = new Table({ raceTo: 2 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: revisionOf(t, 'ShotAdjudicated'),
      grounds: 'g',
      proposal: { kind: 'REPLAY_GAME' },
      policy: { decisionDeadlineHours: 1 },
    });
    const row = {
      matchId: 'm1',
      appealId: 'A1',
      filedPos: pos(7),
      filedAt: t.state.appeals[0].filedAt!,
      competitionId: 'liga',
      status: 'PENDING',
      decisionDeadline: t.state.appeals[0].decisionDeadline,
      match: t.state,
    };
    const outbox = new WebhookOutbox(':memory:');
    const endpoint = (id: string, kinds: string[]) => ({
      id,
      url: `http://127.0.0.1/${id}`,
      kinds,
      secret: 's',
      createdBy: 'admin-1',
      createdAt: NOW,
    });
    outbox.addEndpoint(endpoint('e1', [APPEAL_OVERDUE]));
    outbox.addEndpoint(endpoint('e2', ['AppealFiled']));
    const sweep = () =>
      outbox.enqueue([overdueNotice(row, NOW)], Date.parse(NOW), { to: outbox.endpoints() });
    expect(sweep()).toBe(1);
    expect(sweep()).toBe(0);
    const [d] = outbox.deliveries({}, 10);
    expect(d).toMatchObject({ endpointId: 'e1', kind: APPEAL_OVERDUE, status: 'PENDING' });
    expect(JSON.parse(d.body)).toMatchObject({
      kind: APPEAL_OVERDUE,
      matchId: 'm1',
      event: {
        data: { appealId: 'A1', by: BRUNO.id, overdueAt: NOW, competitionId: 'liga' },
      },
    });
    expect(outbox.position()).toBeUndefined();
    outbox.close();
  });
});
