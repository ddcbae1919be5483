import type { MatchCommand } from '../../src/domain/match/commands';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

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
