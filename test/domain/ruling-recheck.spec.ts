import { recheckRulings, type RulingRecheck } from '../../src/domain/match/amendments';
import { FOUL_CATALOGUE } from '../../src/domain/rules/foul-catalogue';
import { recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, revisionOf, Table } from '../support/match-fixtures';

// Re-adjudication re-rules every official ruling, wherever the record holds it: a shot's
// ShotAdjudicated, a scorer's ShotCorrected, a committee's AppealDecided and a review's
// AppealReviewed, each re-derived from its own facts; a ruling a later amendment replaced is
// marked as no longer official.

// Ana breaks (3 in FR), calls the 5 in SL and pockets it. Bruno appeals: the cue ball followed it
// in (G1.20); the committee allows it. Bruno, in hand, scratches (G1.20) and the scorer corrects it
// (no scratch after all). Ana then plays a safe that the scorer corrects into a scratch (G1.20).
function story(): Table {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 5, 'SL');
  t.shoot(ANA.id, { firstContact: 5, pocketed: [{ ball: 5, pocket: 'SL' }] });
  t.run({
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: revisionOf(t, 'ShotAdjudicated', 2),
    grounds: 'The cue ball followed the 5 into the side pocket',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
  });
  t.run({
    type: 'DecideAppeal',
    appealId: 'A1',
    decidedBy: 'ac-1',
    outcome: 'ALLOWED',
    reason: 'Seen on video',
  });
  t.call(BRUNO.id, 1, 'FL');
  t.shoot(BRUNO.id, {
    firstContact: 1,
    railContactsAfterFirstContact: [{ ball: 1 }],
    cueBallScratched: true,
  });
  const scratch = revisionOf(t, 'ShotPlayed', 3);
  t.run({
    type: 'CorrectShot',
    by: 'scorer',
    revision: scratch,
    facts: { cueBallScratched: false },
    reason: 'The cue ball stopped in the jaws',
  });
  t.shoot(ANA.id, { firstContact: 2, railContactsAfterFirstContact: [{ ball: 2 }] });
  t.run({
    type: 'CorrectShot',
    by: 'scorer',
    revision: revisionOf(t, 'ShotPlayed', 4),
    facts: { cueBallScratched: true },
    reason: 'The cue ball dropped after the safe',
  });
  return t;
}

const cites = (c: RulingRecheck, rule: string) => c.recorded.fouls.some((f) => f.rule === rule);

describe('re-adjudication re-derives every ruling the record holds', () => {
  it('finds the rulings inside corrections and decisions, and marks the superseded ones', () => {
    const checks = recheckRulings(recordedHistory(story().history).events);
    expect(checks.map((c) => [c.source, c.official])).toEqual([
      ['SHOT', true],
      ['SHOT', false],
      ['DECISION', true],
      ['SHOT', false],
      ['CORRECTION', true],
      ['SHOT', false],
      ['CORRECTION', true],
    ]);
    // With the engine that recorded them, every re-derived ruling is the recorded one.
    for (const c of checks) expect(c.current).toEqual(c.recorded);
    expect(checks.find((c) => c.source === 'DECISION')).toMatchObject({ appealId: 'A1' });
  });

  it('with an engine that renumbers G1.20, every ruling that cites it is re-derived under the new number', () => {
    const history = recordedHistory(story().history).events;
    const entry = FOUL_CATALOGUE.CUE_BALL_SCRATCHED as { rule: string };
    entry.rule = 'G1.20-renumbered';
    try {
      const checks = recheckRulings(history);
      const citing = checks.filter((c) => cites(c, 'G1.20'));
      // The decision (Ana's shot with the scratch), Bruno's scratch (superseded by a correction)
      // and the correction that made Ana's safe a scratch.
      expect(citing.map((c) => [c.source, c.official])).toEqual([
        ['DECISION', true],
        ['SHOT', false],
        ['CORRECTION', true],
      ]);
      for (const c of citing) {
        expect(c.refusal).toBeNull();
        expect(c.current!.appliedFoul!.rule).toBe('G1.20-renumbered');
      }
      for (const c of checks.filter((x) => !cites(x, 'G1.20')))
        expect(c.current).toEqual(c.recorded);
    } finally {
      entry.rule = 'G1.20';
    }
  });
});

describe('re-adjudication names the shot a decision re-ruled', () => {
  // 9-ball: no calls, so a shot's ShotPlayed follows the previous shot's ShotAdjudicated.
  it('an appeal against a shot’s facts (its ShotPlayed) is reported under that shot, not the one before', () => {
    const t = new Table({ raceTo: 2, discipline: 'NINE_BALL' });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.shoot(ANA.id, { firstContact: 1, pocketed: [{ ball: 1, pocket: 'SL' }] });
    t.shoot(ANA.id, { firstContact: 2, pocketed: [{ ball: 2, pocket: 'SL' }] });
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: revisionOf(t, 'ShotPlayed', 3),
      grounds: 'The cue ball followed the 2 in',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'ALLOWED',
      reason: 'Seen on video',
    });
    const decision = recheckRulings(recordedHistory(t.history).events).find(
      (c) => c.source === 'DECISION',
    )!;
    expect([decision.gameNumber, decision.shotNumber]).toEqual([1, 3]);
  });
});
