import type { MatchCommand } from '../../src/domain/match/commands';
import { appealWindows } from '../../src/domain/match/amendments';
import { given, minutesAfterT0, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// The appeal window is frozen into a match when it is scheduled (a later change to its competition
// does not reach back) and counts from the disputed shot, the end of its game or of the match.
// Spec histories record event n at minute n.

type Start = 'SHOT' | 'GAME_END' | 'MATCH_END';

// Ana breaks (the 3 down), calls the 1 and misses; Bruno pockets the 8 early and loses game 1
// (E8.18) of a race to 2; game 2 starts.
function gameOneOver(appealWindow?: { minutes: number; start: Start }): Table {
  const t = new Table({ raceTo: 2, ...(appealWindow ? { appealWindow } : {}) });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 1, 'FL');
  t.shoot(ANA.id, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
  t.shoot(BRUNO.id, { firstContact: 1, pocketed: [{ ball: 8, pocket: 'FL' }] });
  return t;
}

// Bruno appeals Ana's miss: no cushion after contact (G1.19).
const appeal = (t: Table, policyMinutes?: number): MatchCommand => ({
  type: 'FileAppeal',
  by: BRUNO.id,
  againstRevision: revisionOf(t, 'ShotAdjudicated', 2),
  grounds: 'Nothing reached a cushion',
  proposal: { kind: 'AMEND_FACTS', facts: { railContactsAfterFirstContact: [] } },
  ...(policyMinutes === undefined ? {} : { policy: { appealWindowMinutes: policyMinutes } }),
});

const at = (revision: number, seconds: number) =>
  new Date(Date.parse(minutesAfterT0(revision)) + seconds * 1000).toISOString();

describe('appeal windows', () => {
  it('a window frozen at scheduling stands whatever the competition sets later (60 minutes, not 1)', () => {
    const t = gameOneOver({ minutes: 60, start: 'SHOT' });
    const shot = revisionOf(t, 'ShotAdjudicated', 2);
    given(...t.history)
      .when(appeal(t, 1), { now: at(shot, 65) })
      .then((events) => {
        expect(only(events, 'AppealFiled').data.windowClosesAt).toBe(at(shot, 3600));
      });
    given(...t.history)
      .when(appeal(t, 1), { now: at(shot, 3601) })
      .thenRefuses('APPEAL_WINDOW_CLOSED', /^The 60-minute appeal window/);
  });

  it('a match scheduled before windows were frozen reads its competition’s window, as it did', () => {
    const t = gameOneOver();
    const shot = revisionOf(t, 'ShotAdjudicated', 2);
    given(...t.history)
      .when(appeal(t, 1), { now: at(shot, 65) })
      .thenRefuses('APPEAL_WINDOW_CLOSED', /^The 1-minute appeal window/);
  });

  it('GAME_END counts from the end of the disputed shot’s game', () => {
    const shot = revisionOf(gameOneOver(), 'ShotAdjudicated', 2);
    const ended = revisionOf(gameOneOver(), 'GameEnded');
    // 30 minutes after the shot, but within 30 of the end of game 1.
    const now = at(shot + 31, 0);
    expect(Date.parse(now)).toBeLessThan(Date.parse(at(ended + 30, 0)));
    const byShot = gameOneOver({ minutes: 30, start: 'SHOT' });
    given(...byShot.history)
      .when(appeal(byShot), { now })
      .thenRefuses('APPEAL_WINDOW_CLOSED');
    const byGame = gameOneOver({ minutes: 30, start: 'GAME_END' });
    given(...byGame.history)
      .when(appeal(byGame), { now })
      .then((events) => {
        expect(only(events, 'AppealFiled').data.windowClosesAt).toBe(at(ended + 30, 0));
      });
    given(...byGame.history)
      .when(appeal(byGame), { now: at(ended + 31, 0) })
      .thenRefuses(
        'APPEAL_WINDOW_CLOSED',
        /^The 30-minute appeal window for revision \d+ \(counted from the end of its game\) closed/,
      );
  });

  it('MATCH_END keeps every game’s window open until the match is over', () => {
    const t = gameOneOver({ minutes: 30, start: 'MATCH_END' });
    given(...t.history)
      .when(appeal(t), { now: at(revisionOf(t, 'GameEnded') + 600, 0) })
      .then((events) => expect(only(events, 'AppealFiled').type).toBe('AppealFiled'));
  });

  it('the match shows the window in force and, per game, when it closes', () => {
    const t = gameOneOver({ minutes: 30, start: 'GAME_END' });
    const events = recordedHistory(t.history).events;
    expect(appealWindows(events, t.state, { appealWindowMinutes: 1 })).toEqual({
      minutes: 30,
      start: 'GAME_END',
      frozen: true,
      games: [
        { gameNumber: 1, closesAt: at(revisionOf(t, 'GameEnded') + 30, 0) },
        { gameNumber: 2, closesAt: null },
      ],
    });
    const old = gameOneOver();
    expect(
      appealWindows(recordedHistory(old.history).events, old.state, { appealWindowMinutes: 1 }),
    ).toMatchObject({ minutes: 1, start: 'SHOT', frozen: false });
    const byMatch = gameOneOver({ minutes: 30, start: 'MATCH_END' });
    expect(
      appealWindows(recordedHistory(byMatch.history).events, byMatch.state, undefined).games,
    ).toEqual([
      { gameNumber: 1, closesAt: null },
      { gameNumber: 2, closesAt: null },
    ]);
  });
});
