import { appendFileSync } from 'node:fs';
import { CLOCK, type Clock } from '../../src/ledger/clock';
import { LedgerClient, type Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// Over HTTP: the referee cannot sign final over a pending appeal; the fee is settled with what
// closes the appeal, by the competition's rule, and the appeals list shows it.
const COMPETITION = 'taca-2026';
const CASES = `query($m: String!) { appeals(matchId: $m) { edges { node {
  appealId status overdue feeOutcome { outcome amount currency } appeal { fee { amount currency } } } } } }`;

// FEES_CAPTURE=<file> writes the exchanges the docs quote.
const capture = (label: string, value: unknown) => {
  if (process.env.FEES_CAPTURE)
    appendFileSync(process.env.FEES_CAPTURE, `## ${label}\n${JSON.stringify(value)}\n`);
};

describe('appeal fees and sign-off over GraphQL', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  let referee: LedgerClient;
  let bruno: LedgerClient;
  let committee: LedgerClient;

  beforeAll(async () => {
    server = await startServer();
    const keeper = bearer('RECORD_KEEPER', 'keeper-1');
    for (const [licenceId, displayName] of [
      ['ana', 'Ana'],
      ['bruno', 'Bruno'],
    ]) {
      const registered = await server.gql(
        `mutation($i: RegisterPlayerInput!) { registerPlayer(input: $i) { revision } }`,
        { i: { commandId: `setup-${licenceId}`, licenceId, displayName } },
        keeper,
      );
      expect(registered.errors).toBeUndefined();
    }
    const res = await server.gql(
      `mutation($i: CreateCompetitionInput!) { createCompetition(input: $i) { revision appealFeeRule appealRefileAfterWithdrawal } }`,
      {
        i: {
          commandId: 'setup-competition',
          competitionId: COMPETITION,
          name: 'Taça 2026',
          discipline: 'EIGHT_BALL',
          season: '2026',
          appealWindowMinutes: 60,
          appealFee: { amount: 25, currency: 'EUR' },
          appealFeeRule: 'REFUNDED_UNLESS_DISMISSED',
        },
      },
      keeper,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createCompetition).toMatchObject({
      appealFeeRule: 'REFUNDED_UNLESS_DISMISSED',
      appealRefileAfterWithdrawal: false,
    });
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    referee = new LedgerClient(server, 'REFEREE', 'referee-1');
    bruno = new LedgerClient(server, 'PLAYER', 'bruno');
    committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  // A race to 1: Ana breaks (the 3 down), then pockets the 8 early and loses (E8.18).
  async function played(): Promise<{ matchId: string; ruled: number }> {
    const { matchId } = await admin.scheduleMatch({
      raceTo: 1,
      ruleProfile: 'FPB',
      refereePresent: true,
      breakOrder: 'WINNER',
      competitionId: COMPETITION,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const brk = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    const ruled = brk.events.find((e: Result) => e.type === 'ShotAdjudicated').revision;
    const end = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      pocketed: [{ ball: 8, pocket: 'FL' }],
    });
    expect(end.match).toMatchObject({ status: 'COMPLETED', winner: 'bruno' });
    return { matchId, ruled };
  }

  const fileAgainst = (matchId: string, ruled: number) =>
    bruno.fileAppeal({
      matchId,
      againstRevision: ruled,
      grounds: 'Ana’s cue ball dropped on the break',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });

  // Runs `read` with the server's clock at `ms`.
  async function atServerTime(ms: number, read: () => Promise<void>): Promise<void> {
    const clock = jest.spyOn(server.app.get<Clock>(CLOCK), 'now').mockReturnValue(new Date(ms));
    try {
      await read();
    } finally {
      clock.mockRestore();
    }
  }

  // The gauge's lines on /metrics (help, type, sample).
  async function overdueLines(): Promise<string[]> {
    const metrics = await (await fetch(server.url.replace(/\/graphql$/, '/metrics'))).text();
    return metrics.split('\n').filter((l) => l.includes('cue_ledger_appeals_overdue'));
  }
  const overdueGauge = async () => (await overdueLines()).find((l) => !l.startsWith('#'));

  async function cases(matchId: string): Promise<Result[]> {
    const res = await server.gql(CASES, { m: matchId });
    expect(res.errors).toBeUndefined();
    return res.data!.appeals.edges.map((e: Result) => e.node);
  }

  it('the referee cannot sign final while an appeal is pending; a dismissal forfeits the fee, and then the referee signs', async () => {
    const { matchId, ruled } = await played();
    await fileAgainst(matchId, ruled);
    const refused = await server.gql(
      `mutation($i: SignOffMatchInput!) { signOffMatch(input: $i) { revision } }`,
      { i: { commandId: 'sign-early', matchId, expectedRevision: server.revisions.get(matchId) } },
      bearer('REFEREE', 'referee-1'),
    );
    capture('signOffMatch by the referee while A1 is pending', refused.errors);
    expect(refused.errors?.[0]).toMatchObject({
      message:
        'Appeal A1 on this match is pending; the referee signs the match final once the committee has decided it',
      extensions: { code: 'APPEAL_PENDING', appealId: 'A1' },
    });
    // Pending, it is overdue from its deadline on (the server's clock): the list and the gauge say so.
    const deadline = await server.gql(
      `query($m: String!) { appeals(matchId: $m) { edges { node { appeal { decisionDeadline } } } } }`,
      { m: matchId },
    );
    const due = Date.parse(deadline.data!.appeals.edges[0].node.appeal.decisionDeadline);
    expect(await overdueGauge()).toBe('cue_ledger_appeals_overdue 0');
    await atServerTime(due + 1000, async () => {
      expect((await cases(matchId))[0]).toMatchObject({ status: 'PENDING', overdue: true });
      expect(await overdueGauge()).toBe('cue_ledger_appeals_overdue 1');
    });
    const decided = await committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'DISMISSED',
      reason: 'The video shows the cue ball stayed up',
    });
    capture('decideAppeal (dismissed)', decided.events);
    expect(decided.events.map((e: Result) => e.type)).toEqual([
      'AppealDecided',
      'AppealFeeSettled',
    ]);
    const listed = await cases(matchId);
    capture('appeals(matchId)', listed);
    expect(listed).toEqual([
      {
        appealId: 'A1',
        status: 'DISMISSED',
        overdue: false,
        feeOutcome: { outcome: 'FORFEITED', amount: 25, currency: 'EUR' },
        appeal: { fee: { amount: 25, currency: 'EUR' } },
      },
    ]);
    // Decided, it is no longer counted, however late it is.
    const gauge = await overdueLines();
    capture('/metrics', gauge);
    expect(gauge).toContain('cue_ledger_appeals_overdue 0');
    await atServerTime(due + 86_400_000, async () => {
      expect((await cases(matchId))[0]).toMatchObject({ status: 'DISMISSED', overdue: false });
      expect(await overdueGauge()).toBe('cue_ledger_appeals_overdue 0');
    });
    const signed = await referee.signOffMatch({ matchId });
    expect(signed.events.map((e: Result) => e.type)).toEqual(['MatchSigned', 'MatchSignedOff']);
  });

  it('a withdrawal is refunded under this competition’s rule, and the claim cannot be filed again', async () => {
    const { matchId, ruled } = await played();
    await fileAgainst(matchId, ruled);
    const withdrawn = await bruno.withdrawAppeal({
      matchId,
      appealId: 'A1',
      reason: 'The video is inconclusive',
    });
    expect(withdrawn.events.map((e: Result) => [e.type, e.explanation])).toEqual([
      ['AppealWithdrawn', 'Bruno withdraws appeal A1: The video is inconclusive'],
      [
        'AppealFeeSettled',
        'The fee of appeal A1 (25.00 EUR) is refunded to Bruno: the appeal is withdrawn.',
      ],
    ]);
    expect((await cases(matchId))[0].feeOutcome).toEqual({
      outcome: 'REFUNDED',
      amount: 25,
      currency: 'EUR',
    });
    const again = await server.gql(
      `mutation($i: FileAppealInput!) { fileAppeal(input: $i) { revision } }`,
      {
        i: {
          commandId: 'refile',
          matchId,
          expectedRevision: server.revisions.get(matchId),
          againstRevision: ruled,
          grounds: 'Again',
          proposal: { kind: 'REPLAY_GAME' },
        },
      },
      bearer('PLAYER', 'bruno'),
    );
    capture('withdrawAppeal', withdrawn.events);
    capture('fileAppeal again', again.errors);
    expect(again.errors?.[0].extensions).toMatchObject({
      code: 'CLAIM_WITHDRAWN',
      appealId: 'A1',
    });
  });
});
