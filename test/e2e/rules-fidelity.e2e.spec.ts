import { randomUUID } from 'node:crypto';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// What a scorer can say over GraphQL and what the ruling then says: the call carried by the shot
// (G1.4), a ball on the head string (G1.16, G1.37), G1.37 without a referee and the consequence
// of each option (A12), a G1.9 warning (A10), a referee declaring a frozen ball (G1.36).
const CONSEQUENCES = `consequences { option nextShooter ballInHand rerack breaker spotted foulBy }`;

describe('rules fidelity over GraphQL (FPB, no referee)', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let matchId: string;
  let revision = 0;

  // A write with the fields this spec reads, at the revision last seen.
  const write = async (
    mutation: string,
    inputType: string,
    input: Record<string, unknown>,
    as = bearer('SCORER', 'scorer-1'),
  ) => {
    const res = await server.gql(
      `mutation($input: ${inputType}!) { ${mutation}(input: $input) { revision
         events { type }
         ruling { turn nextShooter ballInHand appliedFoul { kind rule } explanation
                  pendingChoice { kind player ${CONSEQUENCES} } gameResult { reason } }
         match { pendingChoice { kind ${CONSEQUENCES} } currentGame { shooter ballInHand groups { player group } fouls { player count } } players { id warnings } } } }`,
      { input: { commandId: randomUUID(), matchId, expectedRevision: revision, ...input } },
      as,
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    revision = res.data![mutation].revision;
    return res.data![mutation];
  };

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const s = await admin.scheduleMatch({
      raceTo: 2,
      refereePresent: false,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = s.matchId;
    const a = await admin.assignOfficials({
      matchId,
      scorers: ['scorer-1'],
      referees: ['referee-1'],
    });
    revision = a.revision;
    await write('decideBreakOrder', 'DecideBreakOrderInput', {
      method: 'COIN_TOSS',
      winner: 'ana',
    });
    await write('chooseOption', 'ChooseOptionInput', { player: 'ana', option: 'BREAK' });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('G1.4, E8.9: recordShot carries the call in one write', async () => {
    await write('recordShot', 'RecordShotInput', {
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 1, pocket: 'FL' }],
    });
    const before = revision;
    const r = await write('recordShot', 'RecordShotInput', {
      shooter: 'ana',
      call: { ball: 2, pocket: 'FR' },
      firstContact: 2,
      pocketed: [{ ball: 2, pocket: 'FR' }],
    });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual([
      'ShotCalled',
      'ShotPlayed',
      'ShotAdjudicated',
    ]);
    expect(r.revision).toBe(before + 3);
    expect(r.ruling).toMatchObject({ turn: 'CONTINUES', nextShooter: 'ana' });
    expect(r.match.currentGame.groups).toEqual([
      { player: 'ana', group: 'SOLIDS' },
      { player: 'bruno', group: 'STRIPES' },
    ]);
  });

  it('G1.37, A12: from the kitchen without a referee, Bruno claims the foul; each option said what it does', async () => {
    // Ana scratches (G1.20); Bruno, with ball in hand anywhere, drops the 8 early (E8.18).
    await write('recordShot', 'RecordShotInput', {
      shooter: 'ana',
      call: { ball: 3, pocket: 'SL' },
      firstContact: 3,
      cueBallScratched: true,
    });
    const game = await write('recordShot', 'RecordShotInput', {
      shooter: 'bruno',
      firstContact: 9,
      pocketed: [{ ball: 8, pocket: 'FL' }],
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    expect(game.ruling.gameResult).toMatchObject({ reason: 'EIGHT_POCKETED_EARLY' });
    // Ana won game 1 and breaks game 2 (G1.34), scratching on a legal break (E8.5).
    await write('recordShot', 'RecordShotInput', {
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FL' }],
      cueBallScratched: true,
    });
    const kitchen = await write('recordShot', 'RecordShotInput', {
      shooter: 'bruno',
      firstContact: 9,
      railContactsAfterFirstContact: [{ ball: 0 }],
      cueCrossedHeadStringBeforeContact: false,
      firstContactPosition: 'KITCHEN',
    });
    const consequences = [
      {
        option: 'BALL_IN_HAND_ANYWHERE',
        nextShooter: 'ana',
        ballInHand: 'ANYWHERE',
        rerack: false,
        breaker: null,
        spotted: [],
        foulBy: 'bruno',
      },
      {
        option: 'REPLAY_SHOT',
        nextShooter: 'bruno',
        ballInHand: 'BEHIND_HEAD_STRING',
        rerack: false,
        breaker: null,
        spotted: [],
        foulBy: null,
      },
    ];
    expect(kitchen.ruling.pendingChoice).toEqual({
      kind: 'KITCHEN_SHOT_NOT_CROSSED',
      player: 'ana',
      consequences,
    });
    expect(kitchen.match.pendingChoice.consequences).toEqual(consequences);
    const chosen = await write('chooseOption', 'ChooseOptionInput', {
      player: 'ana',
      option: 'BALL_IN_HAND_ANYWHERE',
    });
    expect(chosen.match.currentGame).toMatchObject({
      shooter: 'ana',
      ballInHand: 'ANYWHERE',
      fouls: [
        { player: 'ana', count: 1 },
        { player: 'bruno', count: 1 },
      ],
    });
  });

  it('G1.37: a head-string position with no first contact is refused', async () => {
    const bad = await server.gql(
      `mutation($input: RecordShotInput!) { recordShot(input: $input) { revision } }`,
      {
        input: {
          commandId: randomUUID(),
          matchId,
          expectedRevision: revision,
          shooter: 'ana',
          firstContactPosition: 'ON_HEAD_STRING',
        },
      },
      bearer('SCORER', 'scorer-1'),
    );
    expect(bad.errors?.[0].extensions?.code).toBe('INVALID_SHOT_FACTS');
  });

  it('G1.9, A10: a warning recorded under G1.9 is filed under G1.9', async () => {
    const r = await write(
      'recordRefereeRuling',
      'RecordRefereeRulingInput',
      {
        kind: 'WARNING',
        player: 'bruno',
        violation: 'BREAK_CUE_BALL_INTERFERENCE',
      },
      bearer('REFEREE', 'referee-1'),
    );
    expect(r.match.players).toEqual([
      { id: 'ana', warnings: [] },
      { id: 'bruno', warnings: ['G1.9'] },
    ]);
  });
});
