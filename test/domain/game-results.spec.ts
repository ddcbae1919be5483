import type { GameResultCorrected, GameResultRecorded } from '../../src/domain/events/results';
import type { LedgerEvent } from '../../src/domain/events/catalogue';
import type { MatchCommand, RecordGameResult } from '../../src/domain/match/commands';
import { decide } from '../../src/domain/match/decide';
import { replay } from '../../src/domain/match/evolve';
import { given, minutesAfterT0, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// Result-level games: recorded as their result, checked for what a result lets the engine check
// (G1.34 break order, the race, the match's end), mixed with shot-level games in one match.

const result = (
  gameNumber: number,
  breaker: string,
  winner: string,
  more: Partial<RecordGameResult> = {},
): RecordGameResult => ({
  type: 'RecordGameResult',
  gameNumber,
  breaker,
  winner,
  ending: 'WON',
  rule: null,
  breakAndRun: false,
  winOnBreak: false,
  by: 'desk-1',
  attestation: 'PLAYERS_SIGN_OFF',
  ...more,
});

// A race to 3 under the WINNER break order (G1.34), recorded by results from the sheet.
function sheet(
  opts: { raceTo?: number; breakOrder?: 'WINNER' | 'ALTERNATE' | 'LOSER' } = {},
): LedgerEvent[] {
  const history: LedgerEvent[] = [];
  const run = (c: MatchCommand) =>
    history.push(...decide(c, replay(history), recordedHistory(history)));
  run({
    type: 'ScheduleMatch',
    matchId: 'r1',
    discipline: 'EIGHT_BALL',
    ruleProfile: 'FPB',
    raceTo: opts.raceTo ?? 3,
    players: [ANA, BRUNO],
    breakOrder: opts.breakOrder ?? 'WINNER',
    refereePresent: false,
    competition: 'League night',
  });
  return history;
}

function play(history: LedgerEvent[], ...commands: MatchCommand[]): LedgerEvent[] {
  for (const c of commands) history.push(...decide(c, replay(history), recordedHistory(history)));
  return history;
}

describe('a game recorded as its result', () => {
  it('scores a valid result and starts the next game with the breaker G1.34 gives', () => {
    given(...sheet())
      .when(result(1, ANA.id, BRUNO.id))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual([
          'GameStarted',
          'GameResultRecorded',
          'GameEnded',
          'GameStarted',
        ]);
        const r = only(events, 'GameResultRecorded').data as GameResultRecorded['data'];
        expect(r).toMatchObject({
          gameNumber: 1,
          breaker: ANA.id,
          winner: BRUNO.id,
          recordedBy: 'desk-1',
          attestation: 'PLAYERS_SIGN_OFF',
          referee: null,
        });
        expect(after.score).toEqual({ [ANA.id]: 0, [BRUNO.id]: 1 });
        expect(after.games[0]).toMatchObject({
          winner: BRUNO.id,
          reason: 'RESULT_RECORDED',
          shots: 0,
        });
        // G1.34, winner breaks: Bruno won game 1 and breaks game 2.
        expect(after.currentGame).toMatchObject({ number: 2, breaker: BRUNO.id });
      });
  });

  it('records a break-and-run and an 8 on the break attested by the referee, and ends the match at the race', () => {
    const h = play(sheet({ raceTo: 2 }), result(1, ANA.id, ANA.id, { breakAndRun: true }));
    given(...h)
      .when(
        result(2, ANA.id, ANA.id, { winOnBreak: true, attestation: 'REFEREE', referee: 'ref-9' }),
      )
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual([
          'GameResultRecorded',
          'GameEnded',
          'MatchEnded',
        ]);
        expect(only(events, 'GameResultRecorded').data).toMatchObject({
          winOnBreak: true,
          referee: 'ref-9',
        });
        expect(after.status).toBe('COMPLETED');
        expect(after.winner).toBe(ANA.id);
      });
  });

  it('refuses a result past the race: the match is already won (race overrun)', () => {
    const h = play(sheet({ raceTo: 2 }), result(1, ANA.id, ANA.id), result(2, ANA.id, ANA.id));
    given(...h)
      .when(result(3, ANA.id, BRUNO.id))
      .thenRefuses('RACE_ALREADY_WON', /race to 2 2–0; it has no game 3/);
  });

  it('refuses a wrong next breaker under the match break order (G1.34), and a skipped game', () => {
    const h = play(sheet({ breakOrder: 'ALTERNATE' }), result(1, ANA.id, ANA.id));
    given(...h)
      .when(result(2, ANA.id, BRUNO.id))
      .thenRefuses('WRONG_BREAKER', /Bruno breaks game 2 under the match's ALTERNATE/);
    given(...h)
      .when(result(3, BRUNO.id, BRUNO.id))
      .thenRefuses('WRONG_GAME_NUMBER');
  });

  it('refuses what a game cannot be, whole: nothing is half-recorded', () => {
    const h = sheet();
    given(...h)
      .when(result(1, ANA.id, BRUNO.id, { breakAndRun: true }))
      .thenRefuses('INVALID_RESULT', /by the breaker/);
    given(...h)
      .when(result(1, ANA.id, BRUNO.id, { ending: 'LOST_BY_FOUL' }))
      .thenRefuses('INVALID_RESULT', /rule id/);
    given(...h)
      .when(result(1, ANA.id, BRUNO.id, { attestation: 'REFEREE' }))
      .thenRefuses('INVALID_RESULT', /names the referee/);
    given(...h)
      .when(result(1, ANA.id, 'carla'))
      .thenRefuses('NOT_A_PLAYER_OF_MATCH');
  });

  it('a game lost by a foul that ends it carries its rule id', () => {
    given(...sheet())
      .when(result(1, ANA.id, BRUNO.id, { ending: 'LOST_BY_FOUL', rule: 'E8.6' }))
      .then((events, after) => {
        expect(only(events, 'GameEnded').data).toMatchObject({
          winner: BRUNO.id,
          reason: 'RESULT_LOST_BY_FOUL',
          rule: 'E8.6',
        });
        expect(after.score[BRUNO.id]).toBe(1);
      });
  });

  it('a forfeit of the match ends it at once without scoring the frame (A10)', () => {
    const h = play(sheet(), result(1, ANA.id, ANA.id));
    given(...h)
      .when(result(2, ANA.id, ANA.id, { ending: 'MATCH_FORFEITED', rule: 'A10' }))
      .then((events, after) => {
        expect(only(events, 'MatchEnded').data).toMatchObject({
          winner: ANA.id,
          reason: 'FORFEIT',
          score: { [ANA.id]: 1, [BRUNO.id]: 0 },
        });
        expect(after.status).toBe('COMPLETED');
      });
  });
});

describe('a match mixing results and shots', () => {
  it('records game 1 as a result, then a scorer arrives and game 2 is recorded shot by shot', () => {
    const t = new Table({ raceTo: 2, breakOrder: 'ALTERNATE' });
    t.run(result(1, ANA.id, BRUNO.id));
    expect(t.state.currentGame).toMatchObject({ number: 2, breaker: BRUNO.id, isBreakShot: true });
    // G1.34 alternate: Bruno breaks game 2 at the table.
    t.break(BRUNO.id, [{ ball: 3, pocket: 'FR' }]);
    expect(t.state.currentGame?.shotsPlayed).toBe(1);
    // Game 2 is now a shot-level game: its result cannot be typed in over the shots.
    given(...t.history)
      .when(result(2, BRUNO.id, BRUNO.id))
      .thenRefuses('GAME_RECORDED_BY_SHOTS');
  });
});

describe('corrections and appeals of a result', () => {
  it('a correction cites the result it corrects and re-derives the score and the next breaker', () => {
    const h = play(sheet(), result(1, ANA.id, ANA.id));
    const at = revisionOf({ history: h } as Table, 'GameResultRecorded');
    given(...h)
      .when({
        type: 'CorrectGameResult',
        by: 'desk-1',
        revision: at,
        result: { winner: BRUNO.id },
        reason: 'Sheet misread: Bruno won game 1',
      })
      .then((events, after) => {
        const c = only(events, 'GameResultCorrected').data as GameResultCorrected['data'];
        expect(c.correctedRevision).toBe(at);
        expect(c.original.winner).toBe(ANA.id);
        expect(c.corrected.winner).toBe(BRUNO.id);
        // The game's start, the result and what followed it are superseded.
        expect(c.supersedes).toEqual([at - 1, at, at + 1, at + 2]);
        expect(after.score).toEqual({ [ANA.id]: 0, [BRUNO.id]: 1 });
        expect(after.currentGame).toMatchObject({ number: 2, breaker: BRUNO.id });
      });
  });

  it('a correction is refused once a later game is recorded, or when it changes nothing', () => {
    const h = play(sheet(), result(1, ANA.id, ANA.id));
    const at = revisionOf({ history: h } as Table, 'GameResultRecorded');
    given(...h)
      .when({ type: 'CorrectGameResult', by: 'd', revision: at, result: {}, reason: 'x' })
      .thenRefuses('INVALID_CORRECTION', /changes nothing/);
    play(h, result(2, ANA.id, BRUNO.id));
    given(...h)
      .when({
        type: 'CorrectGameResult',
        by: 'd',
        revision: at,
        result: { winner: BRUNO.id },
        reason: 'x',
      })
      .thenRefuses('INVALID_CORRECTION', /file an appeal/);
  });

  it('an appeal against a result is allowed with a corrected result as the remedy', () => {
    const h = play(sheet({ raceTo: 2 }), result(1, ANA.id, ANA.id), result(2, ANA.id, ANA.id));
    const at = h.findIndex((e) => e.type === 'GameResultRecorded' && e.data.gameNumber === 2);
    const appeal: MatchCommand = {
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: at,
      grounds: 'I won game 2 on the sheet',
      proposal: { kind: 'AMEND_RESULT', result: { winner: BRUNO.id } },
    };
    play(h, appeal);
    given(...h)
      .when(
        {
          type: 'DecideAppeal',
          appealId: 'A1',
          decidedBy: 'committee-1',
          outcome: 'ALLOWED',
          reason: 'The sheet shows Bruno',
        },
        { now: minutesAfterT0(h.length) },
      )
      .then((events, after) => {
        const d = only(events, 'AppealDecided').data;
        expect(d.remedy).toMatchObject({ kind: 'AMEND_RESULT', result: { winner: BRUNO.id } });
        expect(d.reopened).toBe(true);
        expect(after.status).toBe('IN_PLAY');
        expect(after.score).toEqual({ [ANA.id]: 1, [BRUNO.id]: 1 });
        // G1.34 winner breaks: Bruno breaks game 3.
        expect(after.currentGame).toMatchObject({ number: 3, breaker: BRUNO.id });
      });
  });
});
