import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { ExportFileStore } from '../../src/exports/export-file-store';
import { LedgerClient, type Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// The registry over HTTP: players and a competition recorded, a small 9-ball round robin played
// through the real write path (one result changed on appeal), the standings read back.
describe('registry: players, competitions and standings over GraphQL', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  const keeper = bearer('RECORD_KEEPER', 'rk-1');

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  let n = 0;
  const write = async (
    mutation: string,
    type: string,
    input: Record<string, unknown>,
    fields: string,
  ) => {
    const res = await server.gql(
      `mutation($i: ${type}!) { ${mutation}(input: $i) { ${fields} } }`,
      { i: { commandId: `reg-${++n}`, ...input } },
      keeper,
    );
    return res;
  };
  const register = (licenceId: string, displayName: string, club: string) =>
    write(
      'registerPlayer',
      'RegisterPlayerInput',
      { licenceId, displayName, club, nationality: 'PRT' },
      'licenceId revision',
    );

  // Game won by `winner`: the 9 on the break (N9.3), or after a dry break a combination on the 9.
  async function game(matchId: string, breaker: string, winner: string): Promise<Result> {
    const shot = (shooter: string, facts: Record<string, unknown>) =>
      scorer.recordShot({ matchId, shooter, ...facts });
    if (breaker === winner)
      return shot(breaker, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        pocketed: [{ ball: 9, pocket: 'FL' }],
      });
    await shot(breaker, { firstContact: 1, objectBallsDrivenToRail: 5 });
    return shot(winner, { firstContact: 1, pocketed: [{ ball: 9, pocket: 'FR' }] });
  }

  // A race to 2 with alternate breaks; `winners` names the winner of each game.
  async function play(
    a: string,
    b: string,
    winners: string[],
  ): Promise<{ matchId: string; last: Result }> {
    const s = await admin.scheduleMatch({
      competitionId: 'porto-26',
      raceTo: 2,
      breakOrder: 'ALTERNATE',
      refereePresent: true,
      tableNumber: 3,
      scheduledAt: '2026-12-01T10:00:00.000Z',
      players: [{ id: a }, { id: b }],
    });
    const matchId = s.matchId as string;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: a });
    await scorer.chooseOption({ matchId, player: a, option: 'BREAK' });
    let last: Result = {};
    for (const [i, w] of winners.entries()) last = await game(matchId, i % 2 === 0 ? a : b, w);
    return { matchId, last };
  }

  it('registers players and a competition; edits are events of their own streams', async () => {
    for (const [id, name, club] of [
      ['PT-1', 'Ana Silva', 'Porto BC'],
      ['PT-2', 'Bruno Costa', 'Porto BC'],
      ['PT-3', 'Álvaro Reis', 'Lisboa 147'],
      ['PT-4', 'Carla Dias', 'Lisboa 147'],
    ])
      expect((await register(id, name, club)).data?.registerPlayer).toEqual({
        licenceId: id,
        revision: 0,
      });
    const again = await register('PT-1', 'Ana', 'x');
    expect(again.errors?.[0].extensions.code).toBe('PLAYER_ALREADY_REGISTERED');
    const edited = await write(
      'updatePlayer',
      'UpdatePlayerInput',
      { licenceId: 'PT-4', club: 'Braga' },
      'club displayName revision',
    );
    expect(edited.data?.updatePlayer).toEqual({
      club: 'Braga',
      displayName: 'Carla Dias',
      revision: 1,
    });

    const created = await write(
      'createCompetition',
      'CreateCompetitionInput',
      {
        competitionId: 'porto-26',
        name: 'Porto 9-Ball Open',
        discipline: 'NINE_BALL',
        season: '2026',
        venue: 'Porto',
        appealWindowMinutes: 45,
        appealFee: { amount: 20, currency: 'EUR' },
      },
      'id ruleProfile appealWindowMinutes decisionDeadlineHours appealFee { amount currency } committee',
    );
    expect(created.data?.createCompetition).toEqual({
      id: 'porto-26',
      ruleProfile: 'WPA',
      appealWindowMinutes: 45,
      decisionDeadlineHours: 72,
      appealFee: { amount: 20, currency: 'EUR' },
      committee: [],
    });
    const committee = await server.gql(
      `mutation($i: AssignCommitteeInput!) { assignCommittee(input: $i) { committee revision } }`,
      { i: { commandId: 'committee-1', competitionId: 'porto-26', members: ['ac-1'] } },
      bearer('ADMIN', 'admin-1'),
    );
    expect(committee.data?.assignCommittee).toEqual({ committee: ['ac-1'], revision: 1 });
  });

  it('finds players by name prefix (case and accents ignored), by club, a page at a time', async () => {
    const q = `query($f: PlayerFilterInput, $first: Int, $after: String) { players(filter: $f, first: $first, after: $after) {
      edges { node { licenceId displayName } } pageInfo { endCursor hasNextPage } totalCount } }`;
    const byName = await server.gql(q, { f: { namePrefix: 'alv' } });
    expect(byName.data?.players.edges.map((e: Result) => e.node.licenceId)).toEqual(['PT-3']);
    const club = await server.gql(q, { f: { club: 'Porto BC' } });
    expect(club.data?.players.totalCount).toBe(2);
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: Result = (await server.gql(q, { first: 3, after })).data!.players;
      seen.push(...page.edges.map((e: Result) => e.node.displayName));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(['Álvaro Reis', 'Ana Silva', 'Bruno Costa', 'Carla Dias']);
  });

  it('refuses a match naming an unknown licence or competition and appends nothing', async () => {
    const before = (await server.gql('{ matches { totalCount } }')).data?.matches.totalCount;
    const unknownPlayer = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
      competitionId: 'porto-26',
      raceTo: 1,
      players: [{ id: 'PT-1' }, { id: 'PT-99', name: 'Ghost' }],
    });
    expect(unknownPlayer.errors?.[0].extensions.code).toBe('UNKNOWN_PLAYER');
    const unknownCompetition = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
      competitionId: 'nope',
      raceTo: 1,
      players: [{ id: 'PT-1' }, { id: 'PT-2' }],
    });
    expect(unknownCompetition.errors?.[0].extensions.code).toBe('UNKNOWN_COMPETITION');
    const mismatch = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
      competitionId: 'porto-26',
      discipline: 'EIGHT_BALL',
      raceTo: 1,
      players: [{ id: 'PT-1' }, { id: 'PT-2' }],
    });
    expect(mismatch.errors?.[0].extensions.code).toBe('COMPETITION_MISMATCH');
    expect((await server.gql('{ matches { totalCount } }')).data?.matches.totalCount).toBe(before);
  });

  it('plays the round and ranks it: wins, head-to-head, game differential, games won', async () => {
    // PT-1 beats PT-2 2-1 and PT-3 2-0; PT-2 beats PT-3 2-0 and PT-4 2-1; PT-3 beats PT-4 2-0;
    // PT-4 beats PT-1 2-0.
    await play('PT-1', 'PT-2', ['PT-1', 'PT-2', 'PT-1']);
    await play('PT-1', 'PT-3', ['PT-1', 'PT-1']);
    await play('PT-2', 'PT-3', ['PT-2', 'PT-2']);
    await play('PT-2', 'PT-4', ['PT-2', 'PT-4', 'PT-2']);
    await play('PT-3', 'PT-4', ['PT-3', 'PT-3']);
    const last = await play('PT-4', 'PT-1', ['PT-4', 'PT-4']);
    expect(last.last.match.status).toBe('COMPLETED');

    const table = await standings();
    // PT-1 and PT-2 both won 2; PT-1 beat PT-2. PT-3 and PT-4 both won 1; PT-3 beat PT-4.
    expect(table).toEqual([
      {
        position: 1,
        playerId: 'PT-1',
        displayName: 'Ana Silva',
        played: 3,
        won: 2,
        lost: 1,
        gamesFor: 4,
        gamesAgainst: 3,
        gameDifferential: 1,
        headToHeadWins: 1,
      },
      {
        position: 2,
        playerId: 'PT-2',
        displayName: 'Bruno Costa',
        played: 3,
        won: 2,
        lost: 1,
        gamesFor: 5,
        gamesAgainst: 3,
        gameDifferential: 2,
        headToHeadWins: 0,
      },
      {
        position: 3,
        playerId: 'PT-3',
        displayName: 'Álvaro Reis',
        played: 3,
        won: 1,
        lost: 2,
        gamesFor: 2,
        gamesAgainst: 4,
        gameDifferential: -2,
        headToHeadWins: 1,
      },
      {
        position: 4,
        playerId: 'PT-4',
        displayName: 'Carla Dias',
        played: 3,
        won: 1,
        lost: 2,
        gamesFor: 3,
        gamesAgainst: 4,
        gameDifferential: -1,
        headToHeadWins: 0,
      },
    ]);

    const matches = await server.gql(
      `{ competitionMatches(competitionId: "porto-26", first: 10) { totalCount edges { node {
          competitionId tableNumber scheduledAt venue match { competition players { id name } } } } }
         playerMatches(licenceId: "PT-4") { totalCount edges { node { match { players { id } } } } } }`,
    );
    expect(matches.errors).toBeUndefined();
    expect(matches.data?.competitionMatches.totalCount).toBe(6);
    expect(matches.data?.competitionMatches.edges[0].node).toEqual({
      competitionId: 'porto-26',
      tableNumber: 3,
      scheduledAt: '2026-12-01T10:00:00.000Z',
      venue: 'Porto',
      match: {
        competition: 'Porto 9-Ball Open',
        players: [
          { id: 'PT-1', name: 'Ana Silva' },
          { id: 'PT-2', name: 'Bruno Costa' },
        ],
      },
    });
    // Most recently scheduled first.
    expect(matches.data?.playerMatches.totalCount).toBe(3);
    expect(
      matches.data?.playerMatches.edges[0].node.match.players.map((p: Result) => p.id),
    ).toEqual(['PT-4', 'PT-1']);
  });

  it('a result changed on appeal changes the standings (effective results)', async () => {
    // PT-3 against PT-4 again, PT-3 winning 2-0; PT-4 appeals the last game and is awarded it.
    const { matchId, last } = await play('PT-3', 'PT-4', ['PT-3', 'PT-3']);
    const ruled = (last.events as Result[]).find((e) => e.type === 'ShotAdjudicated')!.revision;
    const recorded = await standings();
    expect(recorded.find((r) => r.playerId === 'PT-3')).toMatchObject({
      played: 4,
      won: 2,
      gamesFor: 4,
    });
    const appellant = new LedgerClient(server, 'PLAYER', 'PT-4');
    await appellant.fileAppeal({
      matchId,
      againstRevision: ruled,
      grounds: 'The 9 was not legally pocketed',
      proposal: { kind: 'AWARD_GAME', player: 'PT-4' },
    });
    const decided = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1').decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'video',
    });
    expect(decided.match.players.map((p: Result) => p.score)).toEqual([1, 1]);
    const table = await standings();
    const row = (id: string) => table.find((r: Result) => r.playerId === id);
    // The match is 1-1 and in play again: not counted as played; its games are not counted either.
    expect(row('PT-3')).toMatchObject({ played: 3, won: 1, gamesFor: 2 });
    expect(row('PT-4')).toMatchObject({ played: 3, won: 1, gamesFor: 3 });
  });

  it('exports the competition as NDJSON that verifies without the database, and standings as CSV', async () => {
    const res = await server.gql(
      `{ ledgerExport(competitionId: "porto-26") standingsCsv(competitionId: "porto-26") }`,
    );
    expect(res.errors).toBeUndefined();
    const file = join(server.dataDir, 'porto-26.ndjson');
    writeFileSync(file, res.data!.ledgerExport);
    const v = await verifyLedger(new ExportFileStore(file));
    // The competition, 4 players and 7 matches, every chain intact and every head present.
    expect(v).toMatchObject({ ok: true, streams: 12, headsChecked: true });
    const csv = (res.data!.standingsCsv as string).split('\r\n');
    expect(csv[0]).toBe(
      'position,licence_id,display_name,played,won,lost,games_for,games_against,game_differential,head_to_head_wins',
    );
    expect(csv[1]).toBe('1,PT-1,Ana Silva,3,2,1,4,3,1,1');
    const both = await server.gql(`{ ledgerExport(matchId: "x", competitionId: "y") }`);
    expect(both.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  async function standings(): Promise<Result[]> {
    const res = await server.gql(
      `{ standings(competitionId: "porto-26") { position playerId displayName played won lost gamesFor gamesAgainst gameDifferential headToHeadWins } }`,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.standings;
  }
});

// A registry write's commandId over HTTP, as docs/security.md promises it: a retry gets the
// original result whatever was written since, and the id is refused in any other record.
describe('registry writes: retries and reused command ids over GraphQL', () => {
  let server: TestServer;
  const keeper = bearer('RECORD_KEEPER', 'rk-1');
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const write = (mutation: string, type: string, input: Record<string, unknown>) =>
    server.gql(
      `mutation($i: ${type}!) { ${mutation}(input: $i) { licenceId club revision } }`,
      { i: input },
      keeper,
    );
  const registerAna = { commandId: 'reg-1', licenceId: 'PT-30', displayName: 'Ana', club: 'A' };

  it('a retry after a later edit gets the original result; the id in another record is IDEMPOTENCY_KEY_REUSED', async () => {
    const first = await write('registerPlayer', 'RegisterPlayerInput', registerAna);
    expect(first.data?.registerPlayer).toEqual({ licenceId: 'PT-30', club: 'A', revision: 0 });
    const edit = { commandId: 'upd-1', licenceId: 'PT-30', club: 'B' };
    expect((await write('updatePlayer', 'UpdatePlayerInput', edit)).errors).toBeUndefined();

    const retry = await write('registerPlayer', 'RegisterPlayerInput', registerAna);
    expect(retry.errors).toBeUndefined();
    expect(retry.data).toEqual(first.data);

    const other = { ...registerAna, licenceId: 'PT-31', displayName: 'Bruno' };
    const reused = await write('registerPlayer', 'RegisterPlayerInput', other);
    expect(reused.errors?.[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const now = await server.gql(
      `{ a: player(licenceId: "PT-30") { club revision } b: player(licenceId: "PT-31") { club } }`,
    );
    expect(now.data).toEqual({ a: { club: 'B', revision: 1 }, b: null });
  });

  // The registry completes a schedule (the registered names); a retry is answered before that.
  it('a schedule retried after its player was renamed gets the original result', async () => {
    await write('registerPlayer', 'RegisterPlayerInput', {
      commandId: 'reg-40',
      licenceId: 'PT-40',
      displayName: 'Carla',
    });
    const schedule = {
      commandId: 'sched-40',
      raceTo: 2,
      players: [{ id: 'PT-40' }, { id: 'guest-1', name: 'Duarte' }],
    };
    const send = () =>
      server.gql(
        `mutation($i: ScheduleMatchInput!) { scheduleMatch(input: $i) {
           matchId revision match { players { id name } } } }`,
        { i: schedule },
        bearer('ADMIN', 'admin-1'),
      );
    const first = await send();
    expect(first.errors).toBeUndefined();
    const rename = { commandId: 'upd-40', licenceId: 'PT-40', displayName: 'Carla Reis' };
    expect((await write('updatePlayer', 'UpdatePlayerInput', rename)).errors).toBeUndefined();
    const retry = await send();
    expect(retry.errors).toBeUndefined();
    expect(retry.data).toEqual(first.data);
    expect(first.data?.scheduleMatch.match.players[0]).toEqual({ id: 'PT-40', name: 'Carla' });
  });
});
