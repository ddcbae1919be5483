import type { AppealDecided, AppealFiled } from '../../src/domain/events/appeals';
import type { LedgerEvent } from '../../src/domain/events/catalogue';
import type { FileAppeal } from '../../src/domain/match/commands';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// The project's decision on appeals, in clear words and with strict input: the committee
// DISMISSES an appeal (the record stands) or ALLOWS it (the appellant wins, with a remedy);
// a dismissal takes no remedy; the same appeal cannot be pending twice; explanations say what
// happened at the table, in English and European Portuguese.

// Ana breaks and pockets the 3 (shot 1 of game 1), calls the 5 in SL and drops it in FR (shot 2).
function breakAndWrongPocket(raceTo = 2): Table {
  const t = new Table({ raceTo });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 5, 'SL');
  t.shoot(ANA.id, { firstContact: 5, pocketed: [{ ball: 5, pocket: 'FR' }] });
  return t;
}

const fileAgainst = (againstRevision: number, by = ANA.id): FileAppeal => ({
  type: 'FileAppeal',
  by,
  againstRevision,
  grounds: 'I called the foot right pocket',
  proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
});

describe('strict input', () => {
  it('a dismissal takes no remedy: DISMISSED with a remedy is refused (REMEDY_WITH_DISMISSAL), not ignored', () => {
    const t = breakAndWrongPocket();
    t.run(fileAgainst(revisionOf(t, 'ShotAdjudicated', 2)));
    const dismiss = {
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'DISMISSED',
      reason: 'The referee heard SL',
    } as const;
    given(...t.history)
      .when({ ...dismiss, remedy: { kind: 'REPLAY_GAME' } })
      .thenRefuses('REMEDY_WITH_DISMISSAL', /A dismissal .* takes no remedy/);
    given(...t.history)
      .when(dismiss)
      .then((events, after) => {
        expect(only(events, 'AppealDecided').data).toMatchObject({
          outcome: 'DISMISSED',
          remedy: null,
        });
        expect(after.appeals[0]).toMatchObject({ status: 'DISMISSED' });
      });
  });

  it('the same appeal cannot be pending twice: same player, event and proposal is refused (DUPLICATE_APPEAL), naming the pending one', () => {
    const t = breakAndWrongPocket();
    const disputed = revisionOf(t, 'ShotAdjudicated', 2);
    t.run(fileAgainst(disputed));
    given(...t.history)
      .when(fileAgainst(disputed))
      .thenRefuses('DUPLICATE_APPEAL', /Appeal A1 already disputes revision/);
    let refusal: unknown;
    try {
      t.run(fileAgainst(disputed));
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toMatchObject({ code: 'DUPLICATE_APPEAL', appealId: 'A1' });
    // The same proposal written as the merged facts it normalises to is the same appeal.
    const merged = t.history[revisionOf(t, 'AppealFiled')] as Extract<
      LedgerEvent,
      { type: 'AppealFiled' }
    >;
    given(...t.history)
      .when({ ...fileAgainst(disputed), proposal: merged.data.proposal })
      .thenRefuses('DUPLICATE_APPEAL');
  });

  it('an appeal that differs is not a duplicate: another proposal, another player, or after the first was withdrawn where the competition allows it', () => {
    const t = breakAndWrongPocket();
    const disputed = revisionOf(t, 'ShotAdjudicated', 2);
    t.run(fileAgainst(disputed));
    const filed = (events: LedgerEvent[]) => expect(events[0].type).toBe('AppealFiled');
    given(...t.history)
      .when({ ...fileAgainst(disputed), proposal: { kind: 'REPLAY_GAME' } })
      .then(filed);
    given(...t.history)
      .when(fileAgainst(disputed, BRUNO.id))
      .then(filed);
    t.run({ type: 'WithdrawAppeal', appealId: 'A1', by: ANA.id, reason: 'I will bring the video' });
    given(...t.history)
      .when({ ...fileAgainst(disputed), policy: { refileAfterWithdrawal: true } })
      .then(filed);
  });
});

describe('explanations in table language', () => {
  it('an appeal names the ruling and the shot it disputes, not an event type, in both languages', () => {
    const t = breakAndWrongPocket();
    const disputed = revisionOf(t, 'ShotAdjudicated', 2);
    given(...t.history)
      .when(fileAgainst(disputed))
      .then((events) => {
        const f = only(events, 'AppealFiled').data as AppealFiled['data'];
        expect(f.againstType).toBe('ShotAdjudicated');
        expect(f.explanation).toBe(
          `Ana appeals the ruling on Ana's shot 2 of game 1 (revision ${disputed}, appeal A1): I called the foot right pocket`,
        );
        expect(f.explanationPt).toBe(
          `Ana recorre da decisão sobre a tacada 2 de Ana no jogo 1 (revisão ${disputed}, recurso A1): I called the foot right pocket`,
        );
      });
  });

  it.each([
    [
      'ShotPlayed',
      "the facts recorded for Ana's shot 2 of game 1",
      'dos factos registados na tacada 2 de Ana no jogo 1',
    ],
    [
      'ShotCalled',
      "Ana's call of the 5 in the left side pocket",
      'do anúncio de Ana (bola 5 na bolsa do meio esquerda)',
    ],
    ['GameStarted', 'the start of game 1', 'do início do jogo 1'],
    ['BreakOrderDecided', 'the coin toss for the break', 'da moeda ao ar para a saída'],
    ['OptionChosen', "Ana's choice", 'da escolha de Ana'],
  ])('an appeal against a %s describes it: "%s"', (type, en, pt) => {
    const t = breakAndWrongPocket();
    const against = revisionOf(t, type, type === 'ShotPlayed' ? 2 : 1);
    given(...t.history)
      .when({
        ...fileAgainst(against),
        proposal: { kind: 'RESTORE_AT_EVENT', restoreRevision: revisionOf(t, 'BreakOrderDecided') },
      })
      .then((events) => {
        const f = only(events, 'AppealFiled').data as AppealFiled['data'];
        expect(f.explanation).toContain(`appeals ${en} (revision ${against}, appeal A1)`);
        expect(f.explanationPt).toContain(`recorre ${pt} (revisão ${against}, recurso A1)`);
        expect(f.explanation).not.toContain(type);
      });
  });

  // Race to 1: after Ana's miss Bruno pockets the 8 early and loses (E8.18). Bruno says Ana's
  // miss dropped the 8: allowed, Ana loses that shot's game instead, and the match is over.
  function overAfterMiss(): { t: Table; miss: number } {
    const t = new Table({ raceTo: 1 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.call(ANA.id, 5, 'SL');
    t.shoot(ANA.id, { firstContact: 5 });
    const miss = revisionOf(t, 'ShotAdjudicated', 2);
    t.shoot(BRUNO.id, { firstContact: 1, pocketed: [{ ball: 8, pocket: 'FL' }] });
    return { t, miss };
  }

  it('allowing an appeal that leaves the match over does not say play resumes (E8.18)', () => {
    const { t, miss } = overAfterMiss();
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: miss,
      grounds: 'Ana dropped the 8 on that shot',
      proposal: { kind: 'AMEND_FACTS', facts: { pocketed: [{ ball: 8, pocket: 'SL' }] } },
    });
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        reason: 'Seen on video',
      })
      .then((events, after) => {
        const d = only(events, 'AppealDecided').data as AppealDecided['data'];
        expect(after).toMatchObject({ status: 'COMPLETED', winner: BRUNO.id });
        expect(d.explanation).toMatch(
          /^Appeal A1 by Bruno is allowed: the shot is re-adjudicated on the amended facts\. /,
        );
        expect(d.explanationPt).toMatch(
          /^O recurso A1 de Bruno é julgado procedente: a tacada é julgada de novo com os factos corrigidos\. /,
        );
        expect(d.explanation).not.toContain('resumes');
        expect(d.explanationPt).not.toContain('retoma');
      });
  });

  it('allowing an appeal that leaves the match in play says play resumes from the amended shot', () => {
    const t = breakAndWrongPocket();
    t.run(fileAgainst(revisionOf(t, 'ShotAdjudicated', 2)));
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        reason: 'Seen on video',
      })
      .then((events, after) => {
        const d = only(events, 'AppealDecided').data as AppealDecided['data'];
        expect(after.status).toBe('IN_PLAY');
        expect(d.explanation).toContain(
          'is allowed: the shot is re-adjudicated on the amended facts and play resumes from it.',
        );
        expect(d.explanationPt).toContain('o jogo retoma a partir dela.');
      });
  });
});

// Internal event type names never reach a refusal: it says what the event was at the table.
describe('refusals in table words', () => {
  const INTERNAL =
    /\b(MatchScheduled|ShotCalled|ShotPlayed|ShotAdjudicated|GameStarted|GameEnded|OfficialsAssigned|AppealFiled|AppealDecided|AppealReviewed)\b/;
  function refusal(t: Table, c: FileAppeal): string {
    let message = '';
    try {
      t.run(c);
    } catch (err) {
      message = (err as Error).message;
    }
    return message;
  }

  it('names the event appealed, amended or restored as the table saw it', () => {
    const t = breakAndWrongPocket();
    t.run({ type: 'AssignOfficials', scorers: ['scorer-1'], referees: ['ref-1'] });
    const officials = revisionOf(t, 'OfficialsAssigned');
    const call = revisionOf(t, 'ShotCalled');
    const played = revisionOf(t, 'ShotPlayed');
    const messages = [
      refusal(t, { ...fileAgainst(officials), proposal: { kind: 'REPLAY_GAME' } }),
      refusal(t, {
        ...fileAgainst(call),
        proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
      }),
      refusal(t, {
        ...fileAgainst(revisionOf(t, 'ShotAdjudicated', 2)),
        proposal: { kind: 'RESTORE_AT_EVENT', restoreRevision: played },
      }),
    ];
    expect(messages[0]).toBe(
      `Revision ${officials} is an assignment of officials, not a ruling or an event of play, and cannot be appealed`,
    );
    expect(messages[1]).toBe(
      `Revision ${call} is a call; only a shot (its recorded facts or its ruling) can be amended`,
    );
    expect(messages[2]).toMatch(
      `Revision ${played} (the facts recorded for a shot) is in the middle of a recorded command`,
    );
    for (const m of messages) expect(m).not.toMatch(INTERNAL);
  });
});
