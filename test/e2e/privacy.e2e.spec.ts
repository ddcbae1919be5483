import Database from 'better-sqlite3';
import { join } from 'node:path';
import { OriginLog } from '../../src/privacy/origin-log';
import { logicalRows } from '../support/ledger-rows';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

const HISTORY = `query($m: String!) { matchHistory(matchId: $m) { eventId metadata { origin } } }`;

// A write's client address and user agent are personal data: kept out of the hash chain, shown
// to admins only, erased after the retention period.
describe('personal data in the ledger', () => {
  let server: TestServer;
  let matchId: string;
  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const res = await admin.attempt(
      'scheduleMatch',
      'ScheduleMatchInput',
      {
        raceTo: 2,
        players: [
          { id: 'ana', name: 'Ana' },
          { id: 'bruno', name: 'Bruno' },
        ],
      },
      { 'user-agent': 'Secret-Agent/1.0' },
    );
    matchId = res.data!.scheduleMatch.matchId;
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('is not served to anonymous callers or other roles', async () => {
    for (const headers of [{}, bearer('SCORER', 'scorer-1'), bearer('APPEALS_COMMITTEE', 'ac')]) {
      const res = await server.gql(HISTORY, { m: matchId }, headers);
      expect(res.data!.matchHistory[0].metadata.origin).toBeNull();
    }
    const trail = await server.gql(
      `{ auditTrail(first: 5) { edges { node { metadata { origin } } } } }`,
    );
    expect(JSON.stringify(trail.data)).not.toContain('Secret-Agent');
  });

  it('is served to admins, from outside the hash chain', async () => {
    const res = await server.gql(HISTORY, { m: matchId }, bearer('ADMIN', 'admin-1'));
    expect(res.data!.matchHistory[0].metadata.origin).toMatch(/^\S+ Secret-Agent\/1\.0$/);
    const db = new Database(join(server.dataDir, 'ledger.sqlite'), { readonly: true });
    const rows = logicalRows(db);
    // The stored text too: a command's shared fields are kept once, in the commands table.
    const stored = db
      .prepare(
        `SELECT metadata FROM events UNION ALL SELECT json_array(metadata, recorded_by, role,
         recorded_at, occurred_at, origin, command_id, correlation_id, causation_id, engine_version,
         rule_profile) FROM commands`,
      )
      .pluck()
      .all() as string[];
    db.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect((r.metadata as { origin: unknown }).origin).toBeNull();
    for (const text of stored) expect(text).not.toContain('Secret-Agent');
  });

  it('a registry write keeps it out of the chain too: not in an export, admins read it from the log', async () => {
    const created = await server.gql(
      `mutation($i: CreateCompetitionInput!) { createCompetition(input: $i) { id } }`,
      {
        i: {
          commandId: 'privacy-comp-1',
          competitionId: 'privacy-liga',
          name: 'Liga',
          discipline: 'EIGHT_BALL',
          season: '2026',
        },
      },
      { ...bearer('RECORD_KEEPER', 'rk-1'), 'user-agent': 'Secret-Agent/1.0' },
    );
    expect(created.errors).toBeUndefined();
    const exported = await server.gql(`{ ledgerExport(competitionId: "privacy-liga") }`);
    const text = exported.data!.ledgerExport as string;
    expect(JSON.parse(text.split('\n')[0]).metadata.origin).toBeNull();
    expect(text).not.toContain('Secret-Agent');
    const TRAIL = `{ auditTrail(filter: { types: ["CompetitionCreated"] }) { edges { node { metadata { origin } } } } }`;
    const anonymous = await server.gql(TRAIL);
    expect(anonymous.data!.auditTrail.edges[0].node.metadata.origin).toBeNull();
    const admin = await server.gql(TRAIL, {}, bearer('ADMIN', 'admin-1'));
    expect(admin.data!.auditTrail.edges[0].node.metadata.origin).toMatch(
      /^\S+ Secret-Agent\/1\.0$/,
    );
  });
});

describe('the origin log', () => {
  it('erases origins after the retention period, and on request per person', () => {
    let now = Date.parse('2026-12-01T00:00:00Z');
    const log = new OriginLog(':memory:', 30, () => now);
    log.record(['e1', 'e2'], 'scorer-1', '10.0.0.1 agent', '2026-12-01T00:00:00.000Z');
    log.record(['e3'], 'scorer-2', '10.0.0.2 agent', '2026-12-20T00:00:00.000Z');
    expect(log.originOf('e1')).toBe('10.0.0.1 agent');
    now = Date.parse('2027-01-05T00:00:00Z');
    expect(log.purge()).toBe(2);
    expect(log.originOf('e1')).toBeNull();
    expect(log.originOf('e3')).toBe('10.0.0.2 agent');
    expect(log.eraseFor('scorer-2')).toBe(1);
    expect(log.originOf('e3')).toBeNull();
    log.close();
  });
});
