import type { LagShot } from '../../src/domain/events/catalogue';
import type { RailContact } from '../../src/domain/events/shot-facts';
import type { RuleProfileId } from '../../src/domain/table/vocabulary';
import { ANA, BRUNO, Table } from '../support/match-fixtures';
import { CUE_TO_RAIL, expectRefused, groupsSet } from './eight-ball-scenarios';

// General rules (G1.x) that every discipline shares: lag, warnings and forfeits, the cue ball in
// hand, touched balls, frozen balls, spontaneous movement and unsportsmanlike conduct.
const A = ANA.id;
const B = BRUNO.id;

function scheduledOnly(): Table {
  const t = new Table();
  t.history.splice(1); // keep MatchScheduled only: the break order is still to be decided
  return t;
}

function lag(t: Table, a: Partial<LagShot>, b: Partial<LagShot>) {
  return t.run({
    type: 'DecideBreakOrder',
    method: 'LAG',
    winner: null,
    lag: [
      { player: A, faults: [], distanceFromHeadCushionMm: 100, ...a },
      { player: B, faults: [], distanceFromHeadCushionMm: 200, ...b },
    ],
  });
}

// Bruno has ball in hand behind the head string after Ana's scratch on a legal break (E8.5).
function brunoInKitchen(opts: { refereePresent?: boolean; profile?: RuleProfileId } = {}): Table {
  const t = new Table(opts);
  t.shoot(A, {
    firstContact: 1,
    objectBallsDrivenToRail: 5,
    pocketed: [{ ball: 3, pocket: 'FL' }],
    cueBallScratched: true,
  });
  return t;
}

describe('lag for the break (G1.6, G1.7)', () => {
  it('G1.6: the ball stopping closest to the head cushion wins the lag; the winner then chooses (A12)', () => {
    const t = scheduledOnly();
    const [e] = lag(t, { distanceFromHeadCushionMm: 300 }, { distanceFromHeadCushionMm: 120 });
    expect(e.type === 'BreakOrderDecided' && e.data).toMatchObject({
      method: 'LAG',
      winner: B,
      rule: 'G1.6',
    });
    expect(t.state.pendingChoice).toMatchObject({ kind: 'BREAK_OR_CEDE', player: B });
  });

  it.each([
    'CROSSED_INTO_OTHER_HALF',
    'MISSED_FOOT_CUSHION',
    'POCKETED',
    'JUMPED_OFF_TABLE',
    'TOUCHED_SIDE_CUSHION',
    'TOUCHED_FOOT_CUSHION_TWICE',
  ] as const)('G1.6: a lag ball that %s loses the lag even when closer', (fault) => {
    const t = scheduledOnly();
    const [e] = lag(
      t,
      { faults: [fault], distanceFromHeadCushionMm: null },
      { distanceFromHeadCushionMm: 900 },
    );
    expect(e.type === 'BreakOrderDecided' && e.data.winner).toBe(B);
    expect(e.type === 'BreakOrderDecided' && e.data.explanationPt).toMatch(/ganha a tiragem/);
  });

  it('G1.7: both lags faulted: re-lag, no winner and no choice owed', () => {
    const t = scheduledOnly();
    const [e] = lag(
      t,
      { faults: ['POCKETED'], distanceFromHeadCushionMm: null },
      { faults: ['MISSED_FOOT_CUSHION'], distanceFromHeadCushionMm: null },
    );
    expect(e.type === 'BreakOrderDecided' && e.data).toMatchObject({ winner: null, rule: 'G1.7' });
    expect(t.state).toMatchObject({ status: 'AWAITING_BREAK_ORDER', pendingChoice: null });
    lag(t, {}, {});
    expect(t.state.pendingChoice?.player).toBe(A);
  });

  it('G1.7: lags that cannot be told apart are replayed', () => {
    const t = scheduledOnly();
    const [e] = lag(t, { distanceFromHeadCushionMm: 150 }, { distanceFromHeadCushionMm: 150 });
    expect(e.type === 'BreakOrderDecided' && e.data.winner).toBeNull();
  });

  it('G1.6: a lag must record both players, and a clean lag its distance', () => {
    const t = scheduledOnly();
    expectRefused(
      t,
      {
        type: 'DecideBreakOrder',
        method: 'LAG',
        winner: null,
        lag: [{ player: A, faults: [], distanceFromHeadCushionMm: 1 }],
      },
      'INVALID_SHOT_FACTS',
    );
    expectRefused(
      t,
      {
        type: 'DecideBreakOrder',
        method: 'LAG',
        winner: null,
        lag: [
          { player: A, faults: [], distanceFromHeadCushionMm: null },
          { player: B, faults: [], distanceFromHeadCushionMm: 5 },
        ],
      },
      'INVALID_SHOT_FACTS',
    );
  });
});

describe('warned violations and match forfeit (G1.9, G1.29, A10)', () => {
  it('G1.9: interfering with the cue ball on the break warns the breaker; the opponent chooses who breaks the re-rack', () => {
    const t = new Table();
    const r = t.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      strokeFouls: [{ kind: 'BREAK_CUE_BALL_INTERFERENCE', reportedBy: 'referee' }],
    });
    expect(r.warningsIssued).toEqual(['G1.9']);
    expect(r.pendingChoice).toMatchObject({
      kind: 'BREAK_INTERFERENCE',
      player: B,
      options: ['RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
    });
    expect(t.state.warnings[A]).toEqual(['G1.9']);
    t.run({ type: 'ChooseOption', player: B, option: 'RERACK_OPPONENT_BREAKS' });
    expect(t.state.currentGame).toMatchObject({ rack: 2, breaker: A });
  });

  it('G1.9, A10: a second warned interference on the break forfeits the match', () => {
    const t = new Table();
    const interfere = {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      strokeFouls: [{ kind: 'BREAK_CUE_BALL_INTERFERENCE' as const, reportedBy: 'referee' }],
    };
    t.shoot(A, interfere);
    t.run({ type: 'ChooseOption', player: B, option: 'RERACK_OPPONENT_BREAKS' });
    const r = t.shoot(A, interfere);
    expect(r).toMatchObject({
      penalty: 'FORFEIT_OF_MATCH',
      appliedFoul: { rule: 'G1.9', penalty: 'FORFEIT_OF_MATCH' },
    });
    expect(r.gameResult).toMatchObject({ winner: B, reason: 'MATCH_FORFEITED' });
    const last = t.history[t.history.length - 1];
    expect(last.type === 'MatchEnded' && last.data).toMatchObject({ winner: B, reason: 'FORFEIT' });
    expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });
  });

  it('G1.29, G1.3: intentional non-tip contact is a standard foul with a warning; accidental is a plain G1.3 foul', () => {
    const t = groupsSet();
    const r = t.shoot(A, {
      firstContact: 3,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      strokeFouls: [{ kind: 'NON_TIP_CONTACT', intentional: true, reportedBy: 'referee' }],
    });
    expect(r).toMatchObject({
      penalty: 'STANDARD_FOUL',
      appliedFoul: { rule: 'G1.29' },
      warningsIssued: ['G1.29'],
      ballInHand: 'ANYWHERE',
    });
    const u = groupsSet();
    const plain = u.shoot(A, {
      firstContact: 3,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      strokeFouls: [{ kind: 'NON_TIP_CONTACT', reportedBy: 'referee' }],
    });
    expect(plain).toMatchObject({ appliedFoul: { rule: 'G1.3' }, warningsIssued: [] });
  });

  it('G1.29, A10: a second intentional non-tip contact forfeits the match', () => {
    const t = groupsSet();
    const foul = {
      railContactsAfterFirstContact: CUE_TO_RAIL,
      strokeFouls: [{ kind: 'NON_TIP_CONTACT' as const, intentional: true, reportedBy: 'referee' }],
    };
    t.shoot(A, { firstContact: 3, ...foul });
    t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }],
    });
    const r = t.shoot(A, { firstContact: 3, ...foul });
    expect(r).toMatchObject({
      penalty: 'FORFEIT_OF_MATCH',
      gameResult: { winner: B, reason: 'MATCH_FORFEITED', rule: 'G1.29' },
    });
    expect(r.explanationPt).toMatch(/perde a partida/);
    expect(t.state.status).toBe('COMPLETED');
  });
});

describe('cue ball in hand behind the head string (G1.10, G1.12, G1.16, G1.22, G1.37, G1.38)', () => {
  it('G1.10, G1.16, G1.12: a placement on the head string pointed out before the shot is a foul', () => {
    const t = brunoInKitchen();
    const r = t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      placement: { zone: 'ON_HEAD_STRING', warnedBeforeShot: true, touchedObjectBall: false },
    });
    expect(r).toMatchObject({
      appliedFoul: { kind: 'PLACEMENT_OVER_HEAD_STRING', rule: 'G1.10' },
      nextShooter: A,
      ballInHand: 'ANYWHERE',
    });
  });

  it('G1.10: a placement over the line that nobody pointed out before the shot stands', () => {
    const t = brunoInKitchen();
    const r = t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      placement: { zone: 'BEYOND_HEAD_STRING', warnedBeforeShot: false, touchedObjectBall: false },
    });
    expect(r.appliedFoul).toBeNull();
  });

  it('G1.22: touching an object ball while placing the cue ball is a foul', () => {
    const t = brunoInKitchen();
    const r = t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      placement: { zone: 'KITCHEN', warnedBeforeShot: false, touchedObjectBall: true },
    });
    expect(r.appliedFoul).toMatchObject({
      kind: 'OBJECT_BALL_TOUCHED_WHILE_PLACING',
      rule: 'G1.22',
    });
  });

  it('G1.38: touching the cue ball after its placement was announced is a foul', () => {
    const t = brunoInKitchen();
    const r = t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      strokeFouls: [{ kind: 'CUE_BALL_TOUCHED_AFTER_PLACEMENT', reportedBy: 'referee' }],
    });
    expect(r.appliedFoul).toMatchObject({ rule: 'G1.38' });
  });

  it('G1.37: with a referee, a cue ball that does not cross the head string before contact is a foul', () => {
    const t = brunoInKitchen();
    const r = t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      cueCrossedHeadStringBeforeContact: false,
    });
    expect(r.appliedFoul).toMatchObject({
      kind: 'CUE_BALL_DID_NOT_CROSS_HEAD_STRING',
      rule: 'G1.37',
    });
  });

  it('G1.37: without a referee, the opponent chooses ball in hand anywhere', () => {
    const t = brunoInKitchen({ refereePresent: false });
    const r = t.shoot(B, {
      firstContact: 9,
      pocketed: [{ ball: 9, pocket: 'HL' }],
      railContactsAfterFirstContact: CUE_TO_RAIL,
      cueCrossedHeadStringBeforeContact: false,
    });
    expect(r).toMatchObject({
      appliedFoul: null,
      pendingChoice: {
        kind: 'KITCHEN_SHOT_NOT_CROSSED',
        player: A,
        options: ['BALL_IN_HAND_ANYWHERE', 'REPLAY_SHOT'],
        restore: [9],
      },
    });
    t.run({ type: 'ChooseOption', player: A, option: 'BALL_IN_HAND_ANYWHERE' });
    expect(t.state.currentGame).toMatchObject({ shooter: A, ballInHand: 'ANYWHERE' });
    expect(t.state.currentGame!.ballsOnTable).not.toContain(9);
  });

  it('G1.37: without a referee, the opponent may have the balls restored and the shot replayed from the kitchen', () => {
    const t = brunoInKitchen({ refereePresent: false });
    t.shoot(B, {
      firstContact: 9,
      pocketed: [{ ball: 9, pocket: 'HL' }],
      railContactsAfterFirstContact: CUE_TO_RAIL,
      cueCrossedHeadStringBeforeContact: false,
    });
    t.run({ type: 'ChooseOption', player: A, option: 'REPLAY_SHOT' });
    expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'BEHIND_HEAD_STRING' });
    expect(t.state.currentGame!.ballsOnTable).toContain(9);
    expect(t.state.currentGame!.pocketed).not.toContain(9);
  });
});

describe('touched balls and equipment (G1.21, G1.25), jump shots (G1.27)', () => {
  const touched = (extra: Record<string, boolean>) => ({
    firstContact: 3,
    railContactsAfterFirstContact: CUE_TO_RAIL,
    strokeFouls: [{ kind: 'TOUCHED_BALL' as const, reportedBy: 'opponent', ...extra }],
  });

  it('G1.21: with a referee, touching a ball in play is a foul', () => {
    const t = groupsSet();
    expect(t.shoot(A, touched({ accidental: true, restored: true })).appliedFoul).toMatchObject({
      rule: 'G1.21',
    });
  });

  it.each([
    [{ accidental: true, restored: true }, null],
    [{ accidental: true, restored: false, movingBallEnteredOriginalPosition: false }, null],
    [{ accidental: true, restored: false, movingBallEnteredOriginalPosition: true }, 'G1.21'],
    [{ accidental: false }, 'G1.21'],
  ])('G1.21: without a referee, %o → foul %s', (report, rule) => {
    const t = new Table({ refereePresent: false });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    t.call(A, 2, 'FR');
    t.shoot(A, {
      firstContact: 2,
      pocketed: [{ ball: 2, pocket: 'FR' }],
      railContactsAfterFirstContact: CUE_TO_RAIL,
    });
    const r = t.shoot(A, touched(report));
    expect(r.appliedFoul?.rule ?? null).toBe(rule);
  });

  it('G1.25: equipment touching a ball is the shooter’s foul, even without a referee', () => {
    const t = new Table({ refereePresent: false });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    const r = t.shoot(A, {
      firstContact: 2,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      strokeFouls: [
        {
          kind: 'TOUCHED_BALL',
          withEquipment: true,
          accidental: true,
          restored: true,
          reportedBy: 'opponent',
        },
      ],
    });
    expect(r.appliedFoul).toMatchObject({ rule: 'G1.25' });
  });

  it('G1.27, G1.26: a jump shot made by elevating the cue is legal; an accidental scoop is no foul', () => {
    const t = groupsSet();
    t.call(A, 3, 'SL');
    const r = t.shoot(A, {
      firstContact: 3,
      pocketed: [{ ball: 3, pocket: 'SL' }],
      jumpShot: true,
      strokeFouls: [{ kind: 'SCOOP_JUMP', intentional: false, reportedBy: 'opponent' }],
    });
    expect(r).toMatchObject({ appliedFoul: null, turn: 'CONTINUES' });
  });
});

describe('frozen balls (G1.36, A5)', () => {
  const declare = (t: Table) =>
    t.run({ type: 'DeclareFrozenBall', declaredBy: A, ball: 3, cushion: 'LEFT_HEAD_SIDE' });

  it.each(['FPB', 'BCA', 'WPA'] as const)(
    'G1.36 [%s]: the frozen ball touching only its own cushion does not satisfy G1.19',
    (profile) => {
      const t = groupsSet(profile);
      declare(t);
      const r = t.shoot(A, {
        firstContact: 3,
        railContactsAfterFirstContact: [
          { ball: 3, cushion: 'LEFT_HEAD_SIDE', kind: 'PRESSED_INTO_OWN_CUSHION' },
        ],
      });
      expect(r.appliedFoul).toMatchObject({ kind: 'NO_RAIL_AFTER_CONTACT', rule: 'G1.36' });
    },
  );

  it('G1.36, A5: undeclared, the same contact counts as a cushion (G1.19)', () => {
    const t = groupsSet();
    const r = t.shoot(A, {
      firstContact: 3,
      railContactsAfterFirstContact: [{ ball: 3, cushion: 'LEFT_HEAD_SIDE' }],
    });
    expect(r.appliedFoul).toBeNull();
  });

  it.each([
    ['FPB', 'LEFT_FOOT_SIDE', null],
    ['BCA', 'LEFT_FOOT_SIDE', 'G1.36'],
    ['WPA', 'LEFT_FOOT_SIDE', 'G1.36'],
    ['BCA', 'FOOT', null],
  ] as const)(
    'G1.36, A5 [%s]: the frozen ball reaching %s → foul %s ("another cushion" vs "separate rail")',
    (profile, cushion, rule) => {
      const t = groupsSet(profile);
      declare(t);
      const r = t.shoot(A, {
        firstContact: 3,
        railContactsAfterFirstContact: [{ ball: 3, cushion }],
      });
      expect(r.appliedFoul?.rule ?? null).toBe(rule);
    },
  );

  it.each<[RailContact, string]>([
    [{ ball: 0 }, 'the cue ball reaches a cushion (b)'],
    [{ ball: 12, cushion: 'FOOT' as const }, 'another object ball reaches a cushion (d)'],
    [
      { ball: 3, cushion: 'LEFT_HEAD_SIDE' as const, kind: 'RETURNED_AFTER_HITTING_BALL' as const },
      'the frozen ball comes back to its cushion after hitting another ball (e)',
    ],
  ])('G1.36: the shot is legal when %o — %s', (contact, _why) => {
    const t = groupsSet();
    declare(t);
    expect(
      t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: [contact] }).appliedFoul,
    ).toBeNull();
  });

  it('G1.36 (a): pocketing the frozen ball satisfies the rule; the declaration lasts one shot', () => {
    const t = groupsSet();
    declare(t);
    t.call(A, 3, 'SL');
    const r = t.shoot(A, { firstContact: 3, pocketed: [{ ball: 3, pocket: 'SL' }] });
    expect(r).toMatchObject({ appliedFoul: null, turn: 'CONTINUES' });
    expect(t.state.currentGame!.frozenDeclared).toEqual([]);
  });
});

describe('referee rulings: spontaneous movement (G1.31, G1.15), interference (G1.33), conduct (G1.39), stalemate (E8.19)', () => {
  it.each(['STAYS', 'REPLACED', 'SHOT_REPLAYED'] as const)(
    'G1.31, G1.15: a ball that moved by itself (%s) is recorded with no penalty',
    (movement) => {
      const t = groupsSet();
      const before = JSON.stringify(t.state.currentGame);
      const [e] = t.run({
        type: 'RecordRefereeRuling',
        kind: 'SPONTANEOUS_MOVEMENT',
        player: null,
        restored: null,
        ball: 5,
        movement,
        note: '',
      });
      expect(e.type === 'RefereeRuled' && e.data).toMatchObject({
        rule: 'G1.31',
        movement,
        ball: 5,
      });
      expect(JSON.stringify(t.state.currentGame)).toBe(before);
    },
  );

  it('G1.33: interference with the balls restored changes nothing; unrestorable replays the game with the same breaker', () => {
    const t = groupsSet();
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'OUTSIDE_INTERFERENCE',
      player: null,
      restored: true,
      note: '',
    });
    expect(t.state.currentGame!.rack).toBe(1);
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'OUTSIDE_INTERFERENCE',
      player: null,
      restored: false,
      note: 'a spectator moved the balls',
    });
    expect(t.state.currentGame).toMatchObject({ rack: 2, breaker: A, isBreakShot: true });
  });

  it('G1.39: unsportsmanlike conduct: a warning, a lost game or a forfeited match, as the referee rules', () => {
    const warn = groupsSet();
    warn.run({
      type: 'RecordRefereeRuling',
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: B,
      restored: null,
      sanction: 'WARNING',
      note: 'disturbed the shooter',
    });
    expect(warn.state.currentGame!.number).toBe(1);
    const game = groupsSet();
    game.run({
      type: 'RecordRefereeRuling',
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: B,
      restored: null,
      sanction: 'LOSS_OF_GAME',
      note: 'shot out of turn',
    });
    expect(game.state.games[0]).toMatchObject({
      winner: A,
      reason: 'UNSPORTSMANLIKE_CONDUCT',
      rule: 'G1.39',
    });
    const match = groupsSet();
    match.run({
      type: 'RecordRefereeRuling',
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: B,
      restored: null,
      sanction: 'FORFEIT_OF_MATCH',
      note: '',
    });
    expect(match.state).toMatchObject({ status: 'COMPLETED', winner: A });
  });

  it('E8.19: a stalemate re-racks and the original breaker breaks again', () => {
    const t = groupsSet();
    const events = t.run({
      type: 'RecordRefereeRuling',
      kind: 'STALEMATE',
      player: null,
      restored: null,
      note: '',
    });
    expect(events.map((e) => e.type)).toEqual(['RefereeRuled', 'GameStarted']);
    expect(t.state.currentGame).toMatchObject({
      rack: 2,
      breaker: A,
      ballsOnTable: Array.from({ length: 15 }, (_, i) => i + 1),
    });
  });
});
