import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// The audit trail serves what a correction superseded exactly as matchHistory does, and an
// instant without an offset is refused instead of being read as the server's local time.
describe('audit trail over GraphQL: superseded events and instants', () => {
  let server: TestServer;
  let matchId: string;

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    matchId = (await admin.scheduleMatch({ raceTo: 2, ruleProfile: 'FPB', players })).matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const shot = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    await scorer.callShot({ matchId, player: 'ana', ball: 5, pocket: 'SL' });
    await scorer.recordShot({ matchId, shooter: 'ana', firstContact: 5 });
    // The scorer missed the scratch on the break: corrected while the frame is in play (G1.17).
    const played = shot.events.find((e: Result) => e.type === 'ShotPlayed').revision;
    await scorer.correctShot({
      matchId,
      revision: played,
      facts: { cueBallScratched: true, pocketed: [{ ball: 3, pocket: 'FR' }] },
      reason: 'the cue ball went in the corner pocket',
    });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('marks superseded events in the audit trail as matchHistory does', async () => {
    const history = await new LedgerClient(server, 'ADMIN', 'reader').audit(matchId);
    const res = await server.gql(
      `query($m: String!) { auditTrail(filter: { matchId: $m }, first: 100) {
         edges { node { revision supersededBy } } } }`,
      { m: matchId },
    );
    const trail = res.data!.auditTrail.edges.map((e: { node: Result }) => e.node);
    expect(trail).toEqual(
      history.map((h: Result) => ({ revision: h.revision, supersededBy: h.supersededBy })),
    );
    const corrected = history.find((h: Result) => h.type === 'ShotCorrected')!.revision;
    expect(trail.filter((t: Result) => t.supersededBy === corrected).length).toBeGreaterThan(1);
  });

  it('matchAt says when the state it returns was later superseded, by which revision and what', async () => {
    const history = await new LedgerClient(server, 'ADMIN', 'reader').audit(matchId);
    const corrected = history.find((h: Result) => h.type === 'ShotCorrected')!;
    const played = history.find((h: Result) => h.type === 'ShotPlayed')!.revision;
    const q = (revision: number) =>
      server.gql(
        `{ matchAt(matchId: "${matchId}", revision: ${revision}) { revision
           supersededBy { revision type what recordedBy revisions explanation } } }`,
      );
    const before = (await q(played - 1)).data!.matchAt;
    expect(before.supersededBy).toBeNull();
    const at = (await q(played + 1)).data!.matchAt;
    expect(at.supersededBy).toMatchObject({
      revision: corrected.revision,
      type: 'ShotCorrected',
      what: 'a correction of a shot',
      recordedBy: 'scorer-1',
      revisions: [played, played + 1],
    });
    expect(at.supersededBy.explanation).toMatch(
      /^Correction of Ana's shot 1 of game 1 by scorer-1/,
    );
    const now = (await q(corrected.revision)).data!.matchAt;
    expect(now.supersededBy).toBeNull();
  });

  it('refuses an instant without an offset (matchAt, audit filters)', async () => {
    const at = await server.gql(
      `{ matchAt(matchId: "${matchId}", at: "2026-11-30T10:59:40") { revision } }`,
    );
    expect(at.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const from = await server.gql(
      `{ auditTrail(filter: { from: "2026-11-30T10:59:40" }) { totalCount } }`,
    );
    expect(from.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const ok = await server.gql(
      `{ matchAt(matchId: "${matchId}", at: "2099-11-30T10:59:40+01:00") { revision } }`,
    );
    expect(ok.data!.matchAt.revision).toBeGreaterThan(0);
  });
});
