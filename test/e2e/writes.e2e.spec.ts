import { randomUUID } from 'node:crypto';
import { MatchProjector } from '../../src/projections/match-projector';
import { LedgerClient, type Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

const SHOT = `mutation($input: RecordShotInput!) { recordShot(input: $input) {
  matchId revision events { eventId type revision } ruling { turn rules } } }`;
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

// Retries, races and reuse of command ids, over HTTP against the real server and SQLite file.
describe('writes: idempotent command ids and optimistic concurrency', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  const scorers = Array.from({ length: 10 }, (_, i) => `scorer-${i + 1}`);

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  // A match with the break to play: ana breaks.
  async function readyToBreak(): Promise<{ matchId: string; revision: number }> {
    const s = await admin.scheduleMatch({ raceTo: 2, players: PLAYERS });
    await admin.assignOfficials({ matchId: s.matchId, scorers, referees: [] });
    await scorer.decideBreakOrder({ matchId: s.matchId, method: 'LAG', winner: 'ana' });
    const c = await scorer.chooseOption({ matchId: s.matchId, player: 'ana', option: 'BREAK' });
    return { matchId: s.matchId, revision: c.revision };
  }

  const breakShot = (matchId: string, expectedRevision: number, commandId: string, rail = 4) => ({
    matchId,
    expectedRevision,
    commandId,
    shooter: 'ana',
    firstContact: 1,
    objectBallsDrivenToRail: rail,
    pocketed: [{ ball: 3, pocket: 'FR' }],
  });

  const revisionOf = async (matchId: string) => (await admin.match(matchId)).revision as number;

  describe('idempotency', () => {
    it('a retried write returns the original result and appends nothing, even after later writes', async () => {
      const { matchId, revision } = await readyToBreak();
      const id = randomUUID();
      const headers = bearer('SCORER', 'scorer-1');
      const first = await server.gql(SHOT, { input: breakShot(matchId, revision, id) }, headers);
      expect(first.errors).toBeUndefined();
      const retry = await server.gql(SHOT, { input: breakShot(matchId, revision, id) }, headers);
      expect(retry.errors).toBeUndefined();
      expect(retry.data).toEqual(first.data);
      const after = await revisionOf(matchId);
      expect(after).toBe(first.data!.recordShot.revision);

      // Later writes move the stream on; the retry still gets its own original answer.
      await scorer.callShot({
        matchId,
        player: 'ana',
        ball: 5,
        pocket: 'SL',
        expectedRevision: after,
      });
      const late = await server.gql(SHOT, { input: breakShot(matchId, revision, id) }, headers);
      expect(late.data).toEqual(first.data);
      expect(await revisionOf(matchId)).toBe(after + 1);
    });

    it('the same command id with a different payload is refused with IDEMPOTENCY_KEY_REUSED', async () => {
      const { matchId, revision } = await readyToBreak();
      const id = randomUUID();
      const headers = bearer('SCORER', 'scorer-1');
      await server.gql(SHOT, { input: breakShot(matchId, revision, id, 4) }, headers);
      const before = await revisionOf(matchId);
      const other = await server.gql(SHOT, { input: breakShot(matchId, revision, id, 5) }, headers);
      expect(other.errors?.[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
      // Same payload from someone else is a different command too.
      const stranger = await server.gql(
        SHOT,
        { input: breakShot(matchId, revision, id, 4) },
        bearer('SCORER', 'scorer-2'),
      );
      expect(stranger.errors?.[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
      // And the same id in another match.
      const elsewhere = await readyToBreak();
      const moved = await server.gql(
        SHOT,
        { input: breakShot(elsewhere.matchId, elsewhere.revision, id, 4) },
        headers,
      );
      expect(moved.errors?.[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await revisionOf(matchId)).toBe(before);
      expect(await revisionOf(elsewhere.matchId)).toBe(elsewhere.revision);
    });

    it('a retried scheduleMatch lands on the same match instead of creating a second one', async () => {
      const commandId = randomUUID();
      const input = { commandId, raceTo: 3, players: PLAYERS, competition: 'Retry Cup' };
      const a = await admin.scheduleMatch(input);
      const b = await admin.scheduleMatch(input);
      expect(b.matchId).toBe(a.matchId);
      expect(b.events.map((e: Result) => e.eventId)).toEqual(
        a.events.map((e: Result) => e.eventId),
      );
      expect((await admin.history(a.matchId)).length).toBe(1);
      const changed = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
        ...input,
        raceTo: 5,
      });
      expect(changed.errors?.[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('twenty identical retries fired at once append the command once and all get its result', async () => {
      const { matchId, revision } = await readyToBreak();
      const id = randomUUID();
      const headers = bearer('SCORER', 'scorer-1');
      const all = await Promise.all(
        Array.from({ length: 20 }, () =>
          server.gql(SHOT, { input: breakShot(matchId, revision, id) }, headers),
        ),
      );
      for (const r of all) {
        expect(r.errors).toBeUndefined();
        expect(r.data).toEqual(all[0].data);
      }
      const history = await admin.history(matchId);
      expect(history.filter((e) => e.type === 'ShotPlayed')).toHaveLength(1);
    });

    it('every write input requires a command id', async () => {
      const { matchId, revision } = await readyToBreak();
      const { commandId: _omit, ...input } = breakShot(matchId, revision, 'x');
      const res = await server.gql(SHOT, { input }, bearer('SCORER', 'scorer-1'));
      expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(await revisionOf(matchId)).toBe(revision);
    });
  });

  describe('concurrency', () => {
    const WRITERS = 60;

    it(`${WRITERS} scorers racing to record the same next shot: exactly one lands, the rest get CONFLICT with the current revision`, async () => {
      const { matchId, revision } = await readyToBreak();
      const shots = Array.from({ length: WRITERS }, (_, i) =>
        server.gql(
          SHOT,
          { input: breakShot(matchId, revision, randomUUID(), 2 + (i % 10)) },
          bearer('SCORER', scorers[i % scorers.length]),
        ),
      );
      const results = await Promise.all(shots);
      const landed = results.filter((r) => !r.errors);
      const conflicts = results.filter((r) => r.errors?.[0].extensions.code === 'CONFLICT');
      expect(landed).toHaveLength(1);
      expect(conflicts).toHaveLength(WRITERS - 1);
      const head = landed[0].data!.recordShot.revision as number;
      for (const c of conflicts)
        expect(c.errors![0].extensions).toMatchObject({
          expectedRevision: revision,
          actualRevision: head,
        });
      console.log(
        `concurrency: ${WRITERS} concurrent writers fired, ${landed.length} landed, ${conflicts.length} CONFLICT`,
      );

      // The stream is consistent: contiguous revisions, one shot, and the read model equals a rebuild.
      const history = await admin.history(matchId);
      expect(history.map((e) => e.revision)).toEqual(history.map((_, i) => i));
      expect(history.filter((e) => e.type === 'ShotPlayed')).toHaveLength(1);
      expect(history[history.length - 1].revision).toBe(head);
      const live = await admin.match(matchId);
      expect(live.revision).toBe(head);
      await server.app.get(MatchProjector).rebuild();
      expect(await admin.match(matchId)).toEqual(live);

      // The losers can retry on the new revision: the next write lands normally.
      const next = await scorer.callShot({
        matchId,
        player: 'ana',
        ball: 5,
        pocket: 'SL',
        expectedRevision: head,
      });
      expect(next.revision).toBe(head + 1);
    });
  });
});
