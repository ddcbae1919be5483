import type { DomainErrorCode } from '../../src/domain/errors';
import type { FileAppeal, MatchCommand } from '../../src/domain/match/commands';
import { previewAppeal, supersededRevisions } from '../../src/domain/match/amendments';
import { given, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';
import { expectRefused } from './eight-ball-scenarios';

// The project's decision on appeals: a committee's decision is final. Only another committee
// decision may supersede it; a pending appeal is never lost (it is decided, withdrawn by its
// appellant, or closed as moot); and a member involved in what an appeal concerns is recused.

const correct = (revision: number): MatchCommand => ({
  type: 'CorrectShot',
  by: 'scorer-1',
  revision,
  facts: { cueBallScratched: true },
  reason: 'The cue ball went down; I missed it',
});
const decideA = (appealId: string, outcome: 'DISMISSED' | 'ALLOWED', decidedBy = 'ac-1') =>
  ({ type: 'DecideAppeal', appealId, decidedBy, outcome, reason: 'Seen on video' }) as const;
const withdraw = (appealId: string, by: string, reason = 'The video shows the scorer was right') =>
  ({ type: 'WithdrawAppeal', appealId, by, reason }) as const;

// Ana breaks and pockets the 3, calls the 5 in SL and drops it in FR: the turn passes to Bruno.
function breakAndWrongPocket(): Table {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 5, 'SL');
  t.shoot(ANA.id, { firstContact: 5, pocketed: [{ ball: 5, pocket: 'FR' }] });
  return t;
}

// Ana appeals the pocket ruling: she says she called FR.
function appealed(t: Table): number {
  const disputed = revisionOf(t, 'ShotAdjudicated', 2);
  t.run({
    type: 'FileAppeal',
    by: ANA.id,
    againstRevision: disputed,
    grounds: 'I called the foot right pocket',
    proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
  });
  return disputed;
}

describe('a committee decision is final: corrections cannot reach behind it', () => {
  // A1 allowed, play goes on, the scorer corrects the break of the same rack: the
  // re-derivation would supersede the AppealDecided and with it the committee's ruling.
  function allowedThenPlayed(): Table {
    const t = breakAndWrongPocket();
    appealed(t);
    t.run(decideA('A1', 'ALLOWED'));
    // Ana continues on the solids (E8.9), misses the 1 and the turn passes.
    t.call(ANA.id, 1, 'FL');
    t.shoot(ANA.id, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
    return t;
  }

  it('refuses a correction of a shot before an allowing decision of its frame (DECISION_FINAL), naming the appeal', () => {
    const t = allowedThenPlayed();
    given(...t.history)
      .when(correct(revisionOf(t, 'ShotPlayed', 1)))
      .thenRefuses('DECISION_FINAL', /appeal A1/);
  });

  it('refuses a correction of the disputed shot the decision re-adjudicated (DECISION_FINAL)', () => {
    const t = allowedThenPlayed();
    given(...t.history)
      .when(correct(revisionOf(t, 'ShotPlayed', 2)))
      .thenRefuses('DECISION_FINAL', /appeal A1/);
  });

  it('still corrects a shot played after the decision: the decision is not superseded', () => {
    const t = allowedThenPlayed();
    const decision = revisionOf(t, 'AppealDecided');
    given(...t.history)
      .when(correct(revisionOf(t, 'ShotPlayed', 3)))
      .then((events, after) => {
        const c = only(events, 'ShotCorrected').data;
        expect(c.supersedes.every((r) => r > decision)).toBe(true);
        expect(after.appeals[0]).toMatchObject({ id: 'A1', status: 'ALLOWED' });
      });
  });

  it('a dismissal (the record stands) is final too: its disputed shot cannot be corrected, directly or from an earlier shot', () => {
    const t = breakAndWrongPocket();
    appealed(t);
    t.run(decideA('A1', 'DISMISSED'));
    for (const shot of [revisionOf(t, 'ShotPlayed', 2), revisionOf(t, 'ShotPlayed', 1)])
      given(...t.history)
        .when(correct(shot))
        .thenRefuses('DECISION_FINAL', /appeal A1/);
  });
});

describe('a committee decision is final: a later appeal cannot undo it either', () => {
  // The command is refused with `code`, naming the appeal whose decision stands, and nothing is
  // appended: the history and the match are as they were.
  function refusedUnchanged(
    t: Table,
    command: MatchCommand,
    code: DomainErrorCode,
    message: RegExp,
    appealId: string,
  ): void {
    const err = expectRefused(t, command, code);
    expect(err.message).toMatch(message);
    expect(err.appealId).toBe(appealId);
  }

  const appealBreak = (t: Table): MatchCommand => ({
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: revisionOf(t, 'ShotAdjudicated', 1),
    grounds: 'The cue ball went down on the break',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
  });

  // An older ledger: Bruno appealed the break while A1 (Ana's pocket ruling, a later shot of the
  // same frame) was pending, and A1 was decided first, as the rules then allowed (today filing
  // refuses A2 and the decision waits for it). A2 stays pending.
  function breakAppealedThenDecided(outcome: 'DISMISSED' | 'ALLOWED'): Table {
    const t = breakAndWrongPocket();
    appealed(t);
    const filed = t.run(appealBreak(t));
    t.history.splice(t.history.length - filed.length, filed.length);
    t.run(decideA('A1', outcome));
    t.history.push(...filed);
    expect(t.state.appeals[1]).toMatchObject({ id: 'A2', status: 'PENDING' });
    return t;
  }

  it('refuses to allow an appeal whose remedy would supersede an allowing decision (DECISION_FINAL): nothing is appended, A1 and its decision stand, the preview refuses the same', () => {
    const t = breakAppealedThenDecided('ALLOWED');
    const decision = revisionOf(t, 'AppealDecided');
    refusedUnchanged(
      t,
      decideA('A2', 'ALLOWED', 'ac-2'),
      'DECISION_FINAL',
      new RegExp(
        `^Allowing appeal A2 would supersede the committee's decision on appeal A1 \\(revision ${decision}\\)`,
      ),
      'A1',
    );
    expect(() => previewAppeal(recordedHistory(t.history).events, t.state, 'A2')).toThrow(
      expect.objectContaining({ code: 'DECISION_FINAL', appealId: 'A1' }),
    );
    expect(supersededRevisions(recordedHistory(t.history).events).has(decision)).toBe(false);
    expect(t.state.appeals[0]).toMatchObject({ id: 'A1', status: 'ALLOWED' });
    // The committee may still dismiss it.
    given(...t.history)
      .when(decideA('A2', 'DISMISSED', 'ac-2'))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['AppealDecided']);
        expect(after.appeals.map((a) => a.status)).toEqual(['ALLOWED', 'DISMISSED']);
      });
  });

  // Filing runs the decision's own checks: an appeal filed after a decision that it could only
  // undo can never be allowed, so it is refused before anything (its fee) is recorded.
  it.each(['ALLOWED', 'DISMISSED'] as const)(
    'refuses at filing an appeal against an earlier shot of a rack already decided (%s): DECISION_FINAL, no appeal, no fee',
    (outcome) => {
      const t = breakAndWrongPocket();
      appealed(t);
      t.run(decideA('A1', outcome));
      const fee = { appealFee: { amount: 25, currency: 'EUR' } };
      const filing = { ...(appealBreak(t) as FileAppeal), policy: fee };
      const err = expectRefused(t, filing, 'DECISION_FINAL');
      expect(err.message).toMatch(
        outcome === 'ALLOWED'
          ? /^Allowing this appeal would supersede the committee's decision on appeal A1/
          : /^Allowing this appeal would change revision \d+, which the committee's decision on appeal A1 let stand/,
      );
      expect(err.appealId).toBe('A1');
      expect(t.state.appeals.map((a) => a.id)).toEqual(['A1']);
    },
  );

  it('refuses at filing an appeal against what a dismissal ruled on: the same appeal again, another proposal or appellant, or the shot behind the ruling (DECISION_FINAL)', () => {
    const t = breakAndWrongPocket();
    const disputed = appealed(t);
    t.run(decideA('A1', 'DISMISSED'));
    const again: MatchCommand = {
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: disputed,
      grounds: 'I called the foot right pocket (again)',
      proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
    };
    const ruledOn = /already ruled on by the committee's decision on appeal A1 \(dismissed\)/;
    refusedUnchanged(t, again, 'DECISION_FINAL', ruledOn, 'A1');
    refusedUnchanged(
      t,
      { ...again, by: BRUNO.id, proposal: { kind: 'REPLAY_GAME' } },
      'DECISION_FINAL',
      ruledOn,
      'A1',
    );
    refusedUnchanged(
      t,
      { ...again, againstRevision: revisionOf(t, 'ShotPlayed', 2) },
      'DECISION_FINAL',
      ruledOn,
      'A1',
    );
    expect(t.state.appeals).toHaveLength(1);
  });

  it('refuses at filing an appeal against an event an allowance superseded, or the event it restored (DECISION_FINAL)', () => {
    const t = breakAndWrongPocket();
    const disputed = appealed(t);
    t.run(decideA('A1', 'ALLOWED'));
    refusedUnchanged(
      t,
      {
        type: 'FileAppeal',
        by: BRUNO.id,
        againstRevision: disputed,
        grounds: 'The 5 went in the wrong pocket after all',
        proposal: { kind: 'REPLAY_GAME' },
      },
      'DECISION_FINAL',
      new RegExp(
        `^Revision ${disputed} \\(the ruling on a shot\\) was ruled on by the committee's decision on appeal A1`,
      ),
      'A1',
    );
    // A restore at the disputed event leaves it in force, and still ruled on.
    const restored = breakAndWrongPocket();
    restored.call(BRUNO.id, 9, 'FL');
    restored.shoot(BRUNO.id, { firstContact: 9, railContactsAfterFirstContact: [{ ball: 0 }] });
    const ruling = revisionOf(restored, 'ShotAdjudicated', 2);
    const restore: MatchCommand = {
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: ruling,
      grounds: 'Bruno played before the balls were respotted',
      proposal: { kind: 'RESTORE_AT_EVENT', restoreRevision: ruling },
    };
    restored.run(restore);
    restored.run(decideA('A1', 'ALLOWED'));
    expect(supersededRevisions(recordedHistory(restored.history).events).has(ruling)).toBe(false);
    refusedUnchanged(
      restored,
      { ...restore, by: BRUNO.id },
      'DECISION_FINAL',
      /already ruled on by the committee's decision on appeal A1 \(allowed\)/,
      'A1',
    );
  });

  it('still allows an appeal whose remedy reaches no decision: a shot played after an allowance, or after the event a dismissal let stand', () => {
    const allowedFirst = breakAndWrongPocket();
    appealed(allowedFirst);
    allowedFirst.run(decideA('A1', 'ALLOWED'));
    const decision = revisionOf(allowedFirst, 'AppealDecided');
    allowedFirst.call(ANA.id, 1, 'FL');
    allowedFirst.shoot(ANA.id, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
    const dismissedFirst = breakAndWrongPocket();
    const letStand = appealed(dismissedFirst);
    dismissedFirst.run(decideA('A1', 'DISMISSED'));
    dismissedFirst.call(BRUNO.id, 9, 'FL');
    dismissedFirst.shoot(BRUNO.id, {
      firstContact: 9,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    for (const [t, by, after] of [
      [allowedFirst, BRUNO.id, decision],
      [dismissedFirst, ANA.id, letStand],
    ] as const) {
      t.run({
        type: 'FileAppeal',
        by,
        againstRevision: revisionOf(t, 'ShotAdjudicated', 3),
        grounds: 'The cue ball followed into the pocket',
        proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
      });
      given(...t.history)
        .when(decideA('A2', 'ALLOWED', 'ac-2'))
        .then((events, state) => {
          const d = only(events, 'AppealDecided').data;
          expect(d.outcome).toBe('ALLOWED');
          expect(d.supersedes.length).toBeGreaterThan(0);
          expect(d.supersedes.every((r) => r > after)).toBe(true);
          expect(state.appeals.map((a) => a.status)).toEqual([
            t.state.appeals[0].status,
            'ALLOWED',
          ]);
        });
    }
  });

  it('an appeal already pending when another against the same ruling was dismissed is decided on its own claim', () => {
    const t = breakAndWrongPocket();
    const disputed = appealed(t);
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: disputed,
      grounds: 'A spectator touched the 5 before it dropped',
      proposal: { kind: 'REPLAY_GAME' },
    });
    // Of two appeals against one shot, the one filed first is decided first (table order).
    given(...t.history)
      .when(decideA('A2', 'DISMISSED'))
      .thenRefuses('APPEAL_EARLIER_PENDING', /^Appeal A1 disputes an earlier event/);
    t.run(decideA('A1', 'DISMISSED'));
    given(...t.history)
      .when(decideA('A2', 'ALLOWED', 'ac-2'))
      .then((events, after) => {
        expect(only(events, 'AppealDecided').data.supersedes).toContain(disputed);
        expect(after.appeals.map((a) => [a.id, a.status])).toEqual([
          ['A1', 'DISMISSED'],
          ['A2', 'ALLOWED'],
        ]);
      });
  });

  it('a review still sets the decision aside; the appeal refused stays pending and cannot undo what the review decided either', () => {
    const t = breakAppealedThenDecided('ALLOWED');
    const setAside: MatchCommand = {
      type: 'ReviewAppealDecision',
      appealId: 'A1',
      reviewedBy: 'rv-1',
      outcome: 'SET_ASIDE',
      decision: 'DISMISSED',
      reason: 'The second camera shows the call was the side pocket',
    };
    given(...t.history)
      .when(setAside)
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['AppealReviewed']);
        expect(after.appeals.map((a) => [a.id, a.status, a.review])).toEqual([
          ['A1', 'DISMISSED', 'SET_ASIDE'],
          ['A2', 'PENDING', null],
        ]);
      });
    t.run(setAside);
    refusedUnchanged(
      t,
      decideA('A2', 'ALLOWED', 'ac-2'),
      'DECISION_FINAL',
      new RegExp(`decision on appeal A1 \\(revision ${revisionOf(t, 'AppealReviewed')}\\)`),
      'A1',
    );
  });
});

describe('a pending appeal is never lost', () => {
  it('refuses a correction of a shot with a pending appeal, or of an earlier shot that would supersede it (APPEAL_PENDING)', () => {
    const t = breakAndWrongPocket();
    appealed(t);
    for (const shot of [revisionOf(t, 'ShotPlayed', 2), revisionOf(t, 'ShotPlayed', 1)])
      given(...t.history)
        .when(correct(shot))
        .thenRefuses('APPEAL_PENDING', /appeal A1/);
  });

  it('a later shot of the frame, which the appeal does not concern, can still be corrected', () => {
    const t = breakAndWrongPocket();
    appealed(t);
    t.call(BRUNO.id, 9, 'FL');
    t.shoot(BRUNO.id, { firstContact: 9, railContactsAfterFirstContact: [{ ball: 0 }] });
    given(...t.history)
      .when(correct(revisionOf(t, 'ShotPlayed', 3)))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ShotCorrected']));
  });

  it('withdrawal: the appellant withdraws with a reason (AppealWithdrawn, in both languages); the shot can then be corrected', () => {
    const t = breakAndWrongPocket();
    appealed(t);
    given(...t.history)
      .when(withdraw('A1', ANA.id))
      .then((events, after) => {
        expect(events).toHaveLength(1);
        const w = only(events, 'AppealWithdrawn');
        expect(w.version).toBe(1);
        expect(w.data).toMatchObject({
          appealId: 'A1',
          by: ANA.id,
          reason: 'The video shows the scorer was right',
        });
        expect(w.data.explanation).toBe(
          'Ana withdraws appeal A1: The video shows the scorer was right',
        );
        expect(w.data.explanationPt).toBe(
          'Ana desiste do recurso A1: The video shows the scorer was right',
        );
        expect(after.appeals[0]).toMatchObject({
          status: 'WITHDRAWN',
          decidedBy: null,
          reason: 'The video shows the scorer was right',
        });
      });
    t.run(withdraw('A1', ANA.id));
    given(...t.history)
      .when(correct(revisionOf(t, 'ShotPlayed', 2)))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ShotCorrected']));
  });

  it('withdrawal is refused to anyone but the appellant, without a reason, or for an unknown appeal', () => {
    const t = breakAndWrongPocket();
    appealed(t);
    given(...t.history)
      .when(withdraw('A1', BRUNO.id))
      .thenRefuses('NOT_THE_APPELLANT');
    given(...t.history)
      .when(withdraw('A1', ANA.id, ' '))
      .thenRefuses('REASON_REQUIRED');
    given(...t.history)
      .when(withdraw('A9', ANA.id))
      .thenRefuses('APPEAL_NOT_FOUND');
  });

  it('a withdrawn appeal cannot be decided or withdrawn again; a decided one cannot be withdrawn (APPEAL_ALREADY_DECIDED)', () => {
    const t = breakAndWrongPocket();
    appealed(t);
    const decided = breakAndWrongPocket();
    appealed(decided);
    decided.run(decideA('A1', 'DISMISSED'));
    t.run(withdraw('A1', ANA.id));
    given(...t.history)
      .when(decideA('A1', 'ALLOWED'))
      .thenRefuses('APPEAL_ALREADY_DECIDED', /withdrawn/);
    given(...t.history)
      .when(withdraw('A1', ANA.id))
      .thenRefuses('APPEAL_ALREADY_DECIDED');
    given(...decided.history)
      .when(withdraw('A1', ANA.id))
      .thenRefuses('APPEAL_ALREADY_DECIDED', /DISMISSED/);
  });

  // A1 against Ana's pocket ruling, A2 by Bruno against his own later shot: allowing A1
  // re-derives the frame from Ana's shot, so Bruno's shot no longer happened.
  function twoPending(): { t: Table; second: number } {
    const t = breakAndWrongPocket();
    t.call(BRUNO.id, 9, 'FL');
    t.shoot(BRUNO.id, { firstContact: 9, railContactsAfterFirstContact: [{ ball: 0 }] });
    const second = revisionOf(t, 'ShotAdjudicated', 3);
    appealed(t);
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: second,
      grounds: 'A spectator moved the 9 before my shot',
      proposal: { kind: 'REPLAY_GAME' },
    });
    return { t, second };
  }

  it('MOOT: allowing an appeal, when it supersedes the disputed event of another pending appeal closes it in the same command, with its reason in both languages', () => {
    const { t, second } = twoPending();
    given(...t.history)
      .when(decideA('A1', 'ALLOWED'))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['AppealDecided', 'AppealMooted']);
        expect(only(events, 'AppealDecided').data.supersedes).toContain(second);
        const m = only(events, 'AppealMooted');
        expect(m.version).toBe(1);
        expect(m.data).toMatchObject({ appealId: 'A2', mootedBy: 'A1', againstRevision: second });
        expect(m.data.explanation).toBe(
          `Appeal A2 by Bruno is moot: the decision on appeal A1 superseded the event it disputes (revision ${second}).`,
        );
        expect(m.data.explanationPt).toBe(
          `O recurso A2 de Bruno fica sem objeto: a decisão do recurso A1 substituiu o evento que contestava (revisão ${second}).`,
        );
        expect(after.appeals.map((a) => [a.id, a.status])).toEqual([
          ['A1', 'ALLOWED'],
          ['A2', 'MOOT'],
        ]);
        expect(after.appeals[1].reason).toBe(m.data.reason);
      });
  });

  it('a moot appeal cannot be decided or withdrawn (APPEAL_ALREADY_DECIDED); a dismissal moots nothing', () => {
    const { t } = twoPending();
    given(...t.history)
      .when(decideA('A1', 'DISMISSED'))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['AppealDecided']);
        expect(after.appeals[1].status).toBe('PENDING');
      });
    t.run(decideA('A1', 'ALLOWED'));
    given(...t.history)
      .when(decideA('A2', 'ALLOWED'))
      .thenRefuses('APPEAL_ALREADY_DECIDED', /moot/);
    given(...t.history)
      .when(withdraw('A2', BRUNO.id))
      .thenRefuses('APPEAL_ALREADY_DECIDED');
  });
});

describe('recusal by involvement, whatever the current assignment', () => {
  // scorer-1 and ref-1 officiate the break; then both are replaced, and Bruno appeals the break.
  function refereeReplaced(): { t: Table; shot: number } {
    const t = new Table({ raceTo: 2 });
    t.run({ type: 'AssignOfficials', scorers: ['scorer-1'], referees: ['ref-1'] });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    const shot = revisionOf(t, 'ShotPlayed');
    t.run({ type: 'AssignOfficials', scorers: ['scorer-2'], referees: ['ref-2'] });
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: shot + 1,
      grounds: 'The cue ball went down on the break',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    return { t, shot };
  }

  it('a member who officiated the disputed event when it happened, recorded it, or officiates now is RECUSED', () => {
    const { t, shot } = refereeReplaced();
    // An admin stood in and recorded the break and its ruling.
    const recordedBy = { [shot]: 'admin-7', [shot + 1]: 'admin-7' };
    for (const who of ['ref-1', 'scorer-1', 'admin-7', 'ref-2', 'scorer-2', ANA.id, BRUNO.id])
      given(...t.history)
        .when(decideA('A1', 'ALLOWED', who), { recordedBy })
        .thenRefuses('RECUSED', new RegExp(who));
  });

  it('a member with no part in it decides', () => {
    const { t, shot } = refereeReplaced();
    given(...t.history)
      .when(decideA('A1', 'ALLOWED', 'ac-1'), { recordedBy: { [shot]: 'scorer-1' } })
      .then((events) => expect(only(events, 'AppealDecided').data.decidedBy).toBe('ac-1'));
  });
});
