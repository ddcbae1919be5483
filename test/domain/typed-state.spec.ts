import { emptyFacts } from '../../src/domain/events/shot-facts';
import { upcast } from '../../src/domain/events/upcast';
import { statsOfRecorded, totalOf } from '../../src/domain/stats';
import { toMatchModel } from '../../src/kernel/match/models/mappers';
import { recordedHistory } from '../support/decider-spec';
import { Table } from '../support/match-fixtures';
import { A, B, CUE_TO_RAIL, groupsSet, PROFILES } from './eight-ball-scenarios';

// What the match state says in its own types (and the GraphQL model with it): strokes apart from
// fouls recorded without one (G1.17), the fouls claimed under G1.37, balls declared frozen (G1.36).

describe.each(PROFILES)('typed state (%s)', (profile) => {
  it('G1.17: a foul without a stroke is numbered as a shot record but is no shot; it counts as a foul', () => {
    const t = groupsSet(profile);
    const before = t.state.currentGame!;
    const [played] = t.run({
      type: 'PlayShot',
      shooter: A,
      facts: emptyFacts({
        noStroke: true,
        strokeFouls: [{ kind: 'TABLE_MARKED', reportedBy: B }],
      }),
    });
    expect(played.type === 'ShotPlayed' && played.data.shotNumber).toBe(before.shotRecords + 1);
    expect(t.state.currentGame).toMatchObject({
      shotsPlayed: before.shotsPlayed,
      shotRecords: before.shotRecords + 1,
      fouls: { [A]: 1 },
    });
    // Bruno's stroke is numbered after it.
    const [next] = t.run({
      type: 'PlayShot',
      shooter: B,
      facts: emptyFacts({ firstContact: 9, railContactsAfterFirstContact: CUE_TO_RAIL }),
    });
    expect(next.type === 'ShotPlayed' && next.data.shotNumber).toBe(before.shotRecords + 2);
    const rows = statsOfRecorded(recordedHistory(t.history).events).rows;
    const ana = totalOf(rows.filter((r) => r.player === A).map((r) => r.counters));
    // Ana: the break and the called 2 are her strokes; the marked table is her foul.
    expect(ana).toMatchObject({ shots: 2, fouls: 1 });
  });

  it('G1.37: the foul claimed by taking ball in hand is in the game, with its kind and rule', () => {
    const t = new Table({ profile, refereePresent: false });
    t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
    t.shoot(B, {
      firstContact: 9,
      railContactsAfterFirstContact: CUE_TO_RAIL,
      cueCrossedHeadStringBeforeContact: false,
    });
    expect(t.state.currentGame!.claimedFouls).toEqual([]);
    t.run({ type: 'ChooseOption', player: A, option: 'BALL_IN_HAND_ANYWHERE' });
    const claimed = [{ player: B, kind: 'CUE_BALL_DID_NOT_CROSS_HEAD_STRING', rule: 'G1.37' }];
    expect(t.state.currentGame!.claimedFouls).toEqual(claimed);
    expect(toMatchModel(t.state).currentGame!.claimedFouls).toEqual(claimed);
  });

  it('G1.36: balls declared frozen are in the game until the shot', () => {
    const t = groupsSet(profile);
    t.run({ type: 'DeclareFrozenBall', declaredBy: B, ball: 3, cushion: 'LEFT_HEAD_SIDE' });
    const frozen = [{ ball: 3, cushion: 'LEFT_HEAD_SIDE' }];
    expect(t.state.currentGame!.frozenDeclared).toEqual(frozen);
    expect(toMatchModel(t.state).currentGame!.frozenDeclared).toEqual(frozen);
    t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: CUE_TO_RAIL });
    expect(toMatchModel(t.state).currentGame!.frozenDeclared).toEqual([]);
  });
});

describe('a play snapshot stored in version 1 (shotsPlayed counted records)', () => {
  it('is read with its records as shotRecords and no claimed fouls', () => {
    const game = { number: 1, shotsPlayed: 7, frozenDeclared: [] };
    const e = upcast('ShotCorrected', 1, {
      original: { ruling: null },
      corrected: { ruling: null },
      resulting: { status: 'IN_PLAY', currentGame: game, games: [] },
    });
    expect(e.type === 'ShotCorrected' && e.data.resulting.currentGame).toEqual({
      ...game,
      shotRecords: 7,
      claimedFouls: [],
    });
  });
});
