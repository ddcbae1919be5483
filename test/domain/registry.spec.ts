import {
  decideCompetition,
  decidePlayer,
  evolveCompetition,
  evolvePlayer,
  RegistryError,
  standings,
  type CompetitionCommand,
  type CompetitionRecord,
  type PlayerCommand,
  type PlayerRecord,
  type RegistryEvent,
} from '../../src/domain';

// given(past events of one stream) / when(command) / then(new events), for the registry's records.
function player(...history: RegistryEvent[]) {
  const state = history.reduce<PlayerRecord | null>(evolvePlayer, null);
  return { when: (c: PlayerCommand) => () => decidePlayer(c, state) };
}
function competition(...history: RegistryEvent[]) {
  const state = history.reduce<CompetitionRecord | null>(evolveCompetition, null);
  return { state, when: (c: CompetitionCommand) => () => decideCompetition(c, state) };
}
const refusedWith = (run: () => unknown, code: string) => {
  expect(run).toThrow(RegistryError);
  try {
    run();
  } catch (e) {
    expect((e as RegistryError).code).toBe(code);
  }
};

const ANA: RegistryEvent = {
  type: 'PlayerRegistered',
  version: 1,
  data: { licenceId: 'PT-001', displayName: 'Ana Silva', club: 'Porto BC', nationality: 'PRT' },
};
const OPEN: RegistryEvent = {
  type: 'CompetitionCreated',
  version: 1,
  data: {
    competitionId: 'open-26',
    name: 'Porto Open',
    discipline: 'NINE_BALL',
    ruleProfile: 'WPA',
    season: '2026',
    startsOn: '2026-12-01',
    endsOn: '2026-12-03',
    venue: 'Porto',
    appealWindowMinutes: 30,
    decisionDeadlineHours: 72,
    appealFee: { amount: 25, currency: 'EUR' },
    appealFeeRule: 'REFUNDED_WHEN_ALLOWED',
    appealRefileAfterWithdrawal: false,
  },
};

describe('registry: players', () => {
  it('registers a player with the four personal fields and nothing else', () => {
    expect(
      player().when({
        type: 'RegisterPlayer',
        licenceId: 'PT-001',
        displayName: 'Ana Silva',
        club: 'Porto BC',
        nationality: 'PRT',
      })(),
    ).toEqual([ANA]);
  });

  it('refuses a second registration of the same licence', () => {
    refusedWith(
      player(ANA).when({
        type: 'RegisterPlayer',
        licenceId: 'PT-001',
        displayName: 'Other',
        club: null,
        nationality: null,
      }),
      'PLAYER_ALREADY_REGISTERED',
    );
  });

  it('an edit is a new event carrying the whole record; unchanged fields stay, null clears', () => {
    expect(player(ANA).when({ type: 'UpdatePlayer', licenceId: 'PT-001', club: null })()).toEqual([
      {
        type: 'PlayerUpdated',
        version: 1,
        data: { licenceId: 'PT-001', displayName: 'Ana Silva', club: null, nationality: 'PRT' },
      },
    ]);
  });

  it('an edit that changes nothing appends nothing', () => {
    expect(
      player(ANA).when({ type: 'UpdatePlayer', licenceId: 'PT-001', displayName: 'Ana Silva' })(),
    ).toEqual([]);
  });

  it('refuses editing an unregistered licence, bad ids, blank names and bad nationalities', () => {
    refusedWith(
      player().when({ type: 'UpdatePlayer', licenceId: 'X', displayName: 'Y' }),
      'PLAYER_NOT_REGISTERED',
    );
    const reg = (over: Partial<PlayerCommand>) =>
      player().when({
        type: 'RegisterPlayer',
        licenceId: 'PT-9',
        displayName: 'Name',
        club: null,
        nationality: null,
        ...over,
      } as PlayerCommand);
    refusedWith(reg({ licenceId: 'has space' }), 'INVALID_RECORD');
    refusedWith(reg({ displayName: '   ' }), 'INVALID_RECORD');
    refusedWith(reg({ nationality: 'pt' }), 'INVALID_RECORD');
  });

  it('folds to the latest record and counts its events', () => {
    const edited: RegistryEvent = {
      ...ANA,
      type: 'PlayerUpdated',
      data: { ...ANA.data, club: 'Lisboa' },
    } as RegistryEvent;
    expect([ANA, edited].reduce<PlayerRecord | null>(evolvePlayer, null)).toEqual({
      licenceId: 'PT-001',
      displayName: 'Ana Silva',
      club: 'Lisboa',
      nationality: 'PRT',
      version: 2,
    });
  });
});

describe('registry: competitions', () => {
  const create = (fields: Record<string, unknown> = {}): CompetitionCommand => ({
    type: 'CreateCompetition',
    competitionId: 'open-26',
    fields: {
      name: 'Porto Open',
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      season: '2026',
      startsOn: '2026-12-01',
      endsOn: '2026-12-03',
      venue: 'Porto',
      appealFee: { amount: 25, currency: 'EUR' },
      ...fields,
    } as never,
  });

  it('creates a competition with the appeals defaults (30 minutes, 72 hours, the fee refunded when allowed, no refiling of a withdrawn claim)', () => {
    expect(competition().when(create())()).toEqual([OPEN]);
  });

  it('refuses 9-ball outside WPA, dates out of order, a bad fee and a duplicate id', () => {
    refusedWith(competition().when(create({ ruleProfile: 'FPB' })), 'INVALID_RECORD');
    refusedWith(competition().when(create({ endsOn: '2026-11-01' })), 'INVALID_RECORD');
    refusedWith(
      competition().when(create({ appealFee: { amount: -1, currency: 'EUR' } })),
      'INVALID_RECORD',
    );
    refusedWith(competition().when(create({ appealWindowMinutes: 10081 })), 'INVALID_RECORD');
    refusedWith(competition(OPEN).when(create()), 'COMPETITION_ALREADY_EXISTS');
  });

  it('an update keeps what it does not name and carries the whole record', () => {
    const [e] = competition(OPEN).when({
      type: 'UpdateCompetition',
      competitionId: 'open-26',
      fields: { appealWindowMinutes: 15, appealFee: null },
    })();
    expect(e).toEqual({
      ...OPEN,
      type: 'CompetitionUpdated',
      data: { ...OPEN.data, appealWindowMinutes: 15, appealFee: null },
    });
  });

  it('assigns a committee (sorted, deduplicated); the same committee again appends nothing', () => {
    const given = competition(OPEN);
    const events = given.when({
      type: 'AssignCommittee',
      competitionId: 'open-26',
      members: ['ac-2', 'ac-1', 'ac-2'],
    })();
    expect(events).toEqual([
      {
        type: 'CommitteeAssigned',
        version: 1,
        data: { competitionId: 'open-26', members: ['ac-1', 'ac-2'] },
      },
    ]);
    const after = competition(OPEN, ...events);
    expect(after.state?.committee).toEqual(['ac-1', 'ac-2']);
    expect(
      after.when({
        type: 'AssignCommittee',
        competitionId: 'open-26',
        members: ['ac-1', 'ac-2'],
      })(),
    ).toEqual([]);
    // An update of the other fields keeps the committee.
    const updated = competition(OPEN, ...events, {
      ...OPEN,
      type: 'CompetitionUpdated',
      data: { ...OPEN.data, name: 'Porto Open 2026' },
    } as RegistryEvent);
    expect(updated.state?.committee).toEqual(['ac-1', 'ac-2']);
    expect(updated.state?.version).toBe(3);
  });

  it('refuses edits and committees of a competition that does not exist', () => {
    refusedWith(
      competition().when({ type: 'AssignCommittee', competitionId: 'x', members: [] }),
      'COMPETITION_NOT_FOUND',
    );
  });
});

describe('registry: standings', () => {
  const m = (a: string, b: string, ga: number, gb: number) => ({
    players: [a, b] as [string, string],
    winner: ga > gb ? a : b,
    games: [ga, gb] as [number, number],
  });

  it('counts played, won, lost, games for and against and the differential', () => {
    const [first, second] = standings([m('a', 'b', 3, 1), m('b', 'a', 3, 2)]);
    // Level on wins (1 each), 1 head-to-head win each; a's differential is +1, b's -1.
    expect(first).toMatchObject({
      playerId: 'a',
      played: 2,
      won: 1,
      lost: 1,
      gamesFor: 5,
      gamesAgainst: 4,
      gameDifferential: 1,
      headToHeadWins: 1,
      position: 1,
    });
    expect(second).toMatchObject({
      playerId: 'b',
      gamesFor: 4,
      gamesAgainst: 5,
      gameDifferential: -1,
      position: 2,
    });
  });

  it('breaks a tie on wins by head-to-head before game differential', () => {
    // a and b both win 2; a beat b, so a is above b although b's differential is far better.
    const table = standings([
      m('a', 'b', 3, 2),
      m('a', 'z', 3, 2),
      m('y', 'a', 3, 0),
      m('b', 'z', 3, 0),
      m('b', 'y', 3, 0),
    ]);
    expect(table.map((r) => [r.playerId, r.won, r.headToHeadWins, r.gameDifferential])).toEqual([
      ['a', 2, 1, -1],
      ['b', 2, 0, 5],
      ['y', 1, 0, 0],
      ['z', 0, 0, -4],
    ]);
  });

  it('then game differential, then games won, then licence id', () => {
    // Level on wins and head-to-head (no match between the level players decides it).
    const table = standings([m('x', 'z', 3, 0), m('y', 'z', 3, 2), m('w', 'z', 3, 2)]);
    expect(table.map((r) => r.playerId)).toEqual(['x', 'w', 'y', 'z']);
    // Equal differential: more games won first.
    const byGames = standings([m('p', 'r', 5, 3), m('q', 's', 3, 1)]);
    expect(byGames.map((r) => r.playerId).slice(0, 2)).toEqual(['p', 'q']);
  });

  it('lists players of matches not completed, with nothing played', () => {
    const table = standings([{ players: ['a', 'b'], winner: null, games: [1, 0] }]);
    expect(table).toEqual([
      expect.objectContaining({ playerId: 'a', played: 0, gamesFor: 0, position: 1 }),
      expect.objectContaining({ playerId: 'b', played: 0, position: 2 }),
    ]);
  });
});
