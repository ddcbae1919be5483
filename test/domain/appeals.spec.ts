import { DomainError } from '../../src/domain/errors';
import type { AppealDecided, ShotCorrected } from '../../src/domain/events/appeals';
import type { LedgerEvent } from '../../src/domain/events/catalogue';
import { emptyFacts } from '../../src/domain/events/shot-facts';
import { previewAppeal } from '../../src/domain/match/amendments';
import type { MatchCommand } from '../../src/domain/match/commands';
import { decide } from '../../src/domain/match/decide';
import { replay } from '../../src/domain/match/evolve';
import { given, minutesAfterT0, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// Corrections, appeals and sign-off, decided against the recorded history.

describe('corrections', () => {
  it('re-adjudicates a break whose scratch the scorer missed (E8.5, G1.20) and supersedes the original', () => {
    const t = new Table();
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    const shot = revisionOf(t, 'ShotPlayed');
    given(...t.history)
      .when({
        type: 'CorrectShot',
        by: 'scorer-1',
        revision: shot,
        facts: { cueBallScratched: true },
        reason: 'The cue ball went in the HL pocket; I missed it',
      })
      .then((events, after) => {
        const c = only(events, 'ShotCorrected').data as ShotCorrected['data'];
        expect(c.original.ruling.turn).toBe('CONTINUES');
        expect(c.corrected.facts.cueBallScratched).toBe(true);
        expect(c.corrected.ruling.appliedFoul?.rule).toBe('E8.5');
        expect(c.corrected.ruling.rules).toContain('E8.5');
        expect(c.supersedes).toEqual([shot, shot + 1]);
        expect(c.correctedBy).toBe('scorer-1');
        expect(after.currentGame).toMatchObject({
          shooter: BRUNO.id,
          ballInHand: 'BEHIND_HEAD_STRING',
          pocketed: [3],
        });
      });
  });

  it('supersedes later shots of the frame: play resumes from the corrected shot', () => {
    const t = new Table();
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.call(ANA.id, 5, 'SL');
    t.shoot(ANA.id, { firstContact: 5, railContactsAfterFirstContact: [{ ball: 0 }] });
    const break_ = revisionOf(t, 'ShotPlayed');
    given(...t.history)
      .when({
        type: 'CorrectShot',
        by: 'referee-1',
        revision: break_ + 1,
        facts: { cueBallScratched: true },
        reason: 'scratch on the break',
      })
      .then((events, after) => {
        const c = only(events, 'ShotCorrected').data;
        expect(c.supersedes).toEqual([break_, break_ + 1, break_ + 2, break_ + 3, break_ + 4]);
        expect(after.currentGame?.shotsPlayed).toBe(1);
        expect(after.currentGame?.shooter).toBe(BRUNO.id);
      });
  });

  it('is refused once the frame is over, without a reason, or when it changes nothing', () => {
    const t = new Table({ raceTo: 2 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    const shot = revisionOf(t, 'ShotPlayed');
    given(...t.history)
      .when({ type: 'CorrectShot', by: 's', revision: shot, facts: {}, reason: 'x' })
      .thenRefuses('INVALID_CORRECTION');
    given(...t.history)
      .when({
        type: 'CorrectShot',
        by: 's',
        revision: shot,
        facts: { cueBallScratched: true },
        reason: ' ',
      })
      .thenRefuses('REASON_REQUIRED');
    given(...t.history)
      .when({ type: 'CorrectShot', by: 's', revision: 1, facts: {}, reason: 'x' })
      .thenRefuses('INVALID_CORRECTION');
    // Bruno wins game 1 by Ana's conduct (G1.39): game 2 is in play, game 1's shots are not.
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: ANA.id,
      restored: null,
      sanction: 'LOSS_OF_GAME',
      note: '',
    });
    given(...t.history)
      .when({
        type: 'CorrectShot',
        by: 's',
        revision: shot,
        facts: { cueBallScratched: true },
        reason: 'x',
      })
      .thenRefuses('INVALID_CORRECTION');
  });
});

describe('appeals', () => {
  function breakAndMiss(): Table {
    const t = new Table({ raceTo: 2 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.call(ANA.id, 5, 'SL');
    t.shoot(ANA.id, { firstContact: 5, pocketed: [{ ball: 5, pocket: 'FR' }] });
    return t;
  }

  it('files within the window, by a player, with the proposal merged over the recorded facts', () => {
    const t = breakAndMiss();
    const shot = revisionOf(t, 'ShotPlayed', 2);
    given(...t.history)
      .when({
        type: 'FileAppeal',
        by: ANA.id,
        againstRevision: shot + 1,
        grounds: 'I called the foot right pocket',
        proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
      })
      .then((events, after) => {
        const f = only(events, 'AppealFiled').data;
        expect(f).toMatchObject({ appealId: 'A1', by: ANA.id, againstType: 'ShotAdjudicated' });
        expect(f.proposal.facts?.pocketed).toEqual([{ ball: 5, pocket: 'FR' }]);
        expect(f.windowClosesAt).toBe(minutesAfterT0(shot + 1 + 30));
        expect(after.appeals).toMatchObject([{ id: 'A1', status: 'PENDING' }]);
      });
  });

  it('refuses a filing after the window (counted from the disputed event), by a non-player, or after sign-off', () => {
    const t = breakAndMiss();
    const shot = revisionOf(t, 'ShotPlayed', 2);
    const appeal = {
      type: 'FileAppeal' as const,
      by: ANA.id,
      againstRevision: shot,
      grounds: 'called FR',
      proposal: { kind: 'REPLAY_GAME' as const },
    };
    given(...t.history)
      .when(appeal, { now: minutesAfterT0(shot + 31) })
      .thenRefuses('APPEAL_WINDOW_CLOSED');
    given(...t.history)
      .when(appeal, { now: minutesAfterT0(shot + 30) })
      .then((events) => expect(events[0].type).toBe('AppealFiled'));
    given(...t.history)
      .when({ ...appeal, by: 'carla' })
      .thenRefuses('NOT_A_PLAYER_OF_MATCH');
    // A window set per competition.
    const short = new Table({ raceTo: 1 });
    short.history[0] = {
      ...short.history[0],
      data: { ...short.history[0].data, appealWindowMinutes: 0 },
    } as LedgerEvent;
    short.break(ANA.id);
    given(...short.history)
      .when({ ...appeal, againstRevision: revisionOf(short, 'ShotPlayed') })
      .thenRefuses('APPEAL_WINDOW_CLOSED');
  });

  it('dismissed: the record stands, and the declined preview is kept beside it', () => {
    const t = breakAndMiss();
    const shot = revisionOf(t, 'ShotPlayed', 2);
    t.run({
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: shot,
      grounds: 'I called FR',
      proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
    });
    const before = t.state;
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'DISMISSED',
        reason: 'The referee heard SL',
      })
      .then((events, after) => {
        const d = only(events, 'AppealDecided').data as AppealDecided['data'];
        expect(d.resulting).toBeNull();
        expect(d.amended?.currentGame?.shooter).toBe(ANA.id);
        expect(d.recorded.currentGame?.shooter).toBe(BRUNO.id);
        expect({ ...after, version: 0, appeals: [] }).toEqual({
          ...before,
          version: 0,
          appeals: [],
        });
        expect(after.appeals[0]).toMatchObject({ status: 'DISMISSED', decidedBy: 'ac-1' });
      });
  });

  it('dismissed: a proposal the engine refuses has no preview, but any other failure is not swallowed', () => {
    const t = breakAndMiss();
    t.run({
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: revisionOf(t, 'ShotPlayed', 2),
      grounds: 'g',
      proposal: { kind: 'REPLAY_GAME' },
    });
    const dismiss = {
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'DISMISSED',
      reason: 'r',
    } as const;
    const filedAt = revisionOf(t, 'AppealFiled');
    const doctored = (edit: (h: ReturnType<typeof recordedHistory>) => void) => {
      const h = recordedHistory(t.history);
      edit(h);
      return h;
    };
    // Nothing precedes revision 0: the engine refuses the replay, so the decision has no preview.
    const refused = doctored((h) => {
      const filed = h.events[filedAt].event as LedgerEvent & { type: 'AppealFiled' };
      h.events[filedAt] = {
        ...h.events[filedAt],
        event: { ...filed, data: { ...filed.data, againstRevision: 0 } },
      };
    });
    const [decided] = decide(dismiss, t.state, refused);
    expect((decided as AppealDecided).data).toMatchObject({ amended: null, ruling: null });
    // A history evolve cannot fold (a placement before any game) is a bug, not a refusal.
    const broken = doctored((h) => {
      h.events[1] = {
        ...h.events[1],
        event: { type: 'CueBallPlaced', version: 1, data: { player: ANA.id, zone: 'KITCHEN' } },
      };
    });
    expect(() => decide(dismiss, t.state, broken)).toThrow(
      'CueBallPlaced with no game in progress',
    );
  });

  it('recusal: a player, scorer or referee of the match cannot decide; a reason is required', () => {
    const t = breakAndMiss();
    t.run({ type: 'AssignOfficials', scorers: ['scorer-1'], referees: ['ref-1'] });
    t.run({
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: revisionOf(t, 'ShotPlayed', 2),
      grounds: 'g',
      proposal: { kind: 'REPLAY_GAME' },
    });
    for (const who of [ANA.id, BRUNO.id, 'scorer-1', 'ref-1'])
      given(...t.history)
        .when({
          type: 'DecideAppeal',
          appealId: 'A1',
          decidedBy: who,
          outcome: 'DISMISSED',
          reason: 'r',
        })
        .thenRefuses('RECUSED');
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'DISMISSED',
        reason: '',
      })
      .thenRefuses('REASON_REQUIRED');
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A9',
        decidedBy: 'ac-1',
        outcome: 'DISMISSED',
        reason: 'r',
      })
      .thenRefuses('APPEAL_NOT_FOUND');
  });

  it('AWARD_GAME: the game goes to the named player, the score follows and the next break is per G1.34', () => {
    const t = breakAndMiss();
    const shot = revisionOf(t, 'ShotPlayed', 2);
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: shot,
      grounds: 'Ana was coached from the rail',
      proposal: { kind: 'AWARD_GAME', player: BRUNO.id },
    });
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        reason: 'Coaching proved',
      })
      .then((_events, after) => {
        expect(after.score).toEqual({ [ANA.id]: 0, [BRUNO.id]: 1 });
        expect(after.games[0]).toMatchObject({ winner: BRUNO.id, reason: 'AWARDED_ON_APPEAL' });
        // G1.34 (WINNER breaks): Bruno breaks game 2.
        expect(after.currentGame).toMatchObject({ number: 2, breaker: BRUNO.id });
      });
  });

  it('REPLAY_GAME after outside interference ruled restored: re-rack, same breaker (G1.33)', () => {
    const t = breakAndMiss();
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'OUTSIDE_INTERFERENCE',
      player: null,
      restored: true,
      note: 'a spectator',
    });
    const ruling = revisionOf(t, 'RefereeRuled');
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: ruling,
      grounds: 'not restorable',
      proposal: { kind: 'REPLAY_GAME' },
    });
    const preview = previewAppeal(recordedHistory(t.history).events, t.state, 'A1');
    expect(preview.amended.currentGame).toMatchObject({
      number: 1,
      rack: 2,
      breaker: ANA.id,
      shotsPlayed: 0,
    });
    expect(preview.recorded.currentGame).toMatchObject({ rack: 1 });
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        reason: 'G1.33',
      })
      .then((events, after) => {
        expect(only(events, 'AppealDecided').data.supersedes).toEqual([ruling]);
        expect(after.currentGame).toMatchObject({
          rack: 2,
          breaker: ANA.id,
          ballInHand: 'BEHIND_HEAD_STRING',
        });
      });
  });

  it('RESTORE_AT_EVENT: the position after a revision is restored; later play is superseded', () => {
    const t = breakAndMiss();
    const breakRuling = revisionOf(t, 'ShotAdjudicated');
    t.run({
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: revisionOf(t, 'ShotPlayed', 2),
      grounds: 'g',
      proposal: { kind: 'RESTORE_AT_EVENT', restoreRevision: breakRuling },
    });
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        reason: 'r',
      })
      .then((_e, after) => {
        expect(after.currentGame).toMatchObject({ shooter: ANA.id, shotsPlayed: 1, pocketed: [3] });
      });
  });

  it('G1.4: an amended call is checked as callShot checks it: a called ball already down is refused', () => {
    const t = breakAndMiss();
    given(...t.history)
      .when({
        type: 'FileAppeal',
        by: ANA.id,
        againstRevision: revisionOf(t, 'ShotPlayed', 2),
        grounds: 'g',
        proposal: { kind: 'AMEND_FACTS', call: { ball: 3, pocket: 'FR', safety: false } },
      })
      .thenRefuses('BALL_NOT_ON_TABLE');
  });

  it('refuses a remedy field its kind does not take (INVALID_APPEAL), at filing and at the decision, instead of dropping it; nothing is appended', () => {
    const t = breakAndMiss();
    const shot = revisionOf(t, 'ShotPlayed', 2);
    const file = (proposal: object) =>
      ({
        type: 'FileAppeal',
        by: BRUNO.id,
        againstRevision: shot,
        grounds: 'g',
        proposal,
      }) as MatchCommand;
    // The refusal's message names the fields refused, and neither the history nor the match moves.
    const refused = (command: MatchCommand, message: RegExp) => {
      const history = [...t.history];
      const state = t.state;
      expect(() => t.run(command)).toThrow(
        expect.objectContaining({
          name: DomainError.name,
          code: 'INVALID_APPEAL',
          message: expect.stringMatching(message),
        }),
      );
      expect(t.history).toEqual(history);
      expect(t.state).toEqual(state);
    };
    refused(
      file({
        kind: 'REPLAY_GAME',
        facts: { cueBallScratched: true },
        player: BRUNO.id,
        restoreRevision: 2,
      }),
      /^REPLAY_GAME does not take facts, player, restoreRevision; it takes nothing beside its kind$/,
    );
    refused(
      file({ kind: 'AWARD_GAME', player: BRUNO.id, facts: { cueBallScratched: true } }),
      /^AWARD_GAME does not take facts; it takes player$/,
    );
    refused(
      file({ kind: 'AMEND_FACTS', facts: { cueBallScratched: true }, restoreRevision: 2 }),
      /^AMEND_FACTS does not take restoreRevision; it takes facts and\/or call$/,
    );
    refused(
      file({ kind: 'RESTORE_AT_EVENT', restoreRevision: shot - 1, player: ANA.id }),
      /^RESTORE_AT_EVENT does not take player/,
    );
    expect(t.state.appeals).toEqual([]);
    // The committee's remedy is held to the same: refused, not trimmed to its kind.
    t.run(file({ kind: 'REPLAY_GAME' }));
    refused(
      {
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        remedy: {
          kind: 'AWARD_GAME',
          player: BRUNO.id,
          call: { ball: 5, pocket: 'FR', safety: false },
        },
        reason: 'r',
      },
      /^AWARD_GAME does not take call/,
    );
    expect(t.state.appeals[0].status).toBe('PENDING');
  });

  it('RESTORE_AT_EVENT: a position inside one recorded command (a shot without its ruling) cannot be restored', () => {
    const t = breakAndMiss();
    const midCommand = revisionOf(t, 'ShotPlayed', 2);
    given(...t.history)
      .when({
        type: 'FileAppeal',
        by: ANA.id,
        againstRevision: revisionOf(t, 'ShotPlayed', 2),
        grounds: 'g',
        proposal: { kind: 'RESTORE_AT_EVENT', restoreRevision: midCommand },
      })
      .thenRefuses('INVALID_APPEAL');
  });
});

describe('sign-off', () => {
  function finished(): Table {
    const t = new Table({ raceTo: 1 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: BRUNO.id,
      restored: null,
      sanction: 'LOSS_OF_GAME',
      note: '',
    });
    return t;
  }

  it('both players sign: final; then table writes and new appeals are refused', () => {
    const t = new Table({ raceTo: 1 });
    given(...t.history)
      .when({ type: 'SignOffMatch', by: ANA.id, capacity: 'PLAYER' })
      .thenRefuses('MATCH_NOT_COMPLETED');
    const f = finished();
    f.run({ type: 'SignOffMatch', by: ANA.id, capacity: 'PLAYER' });
    expect(f.state.final).toBe(false);
    given(...f.history)
      .when({ type: 'SignOffMatch', by: ANA.id, capacity: 'PLAYER' })
      .thenRefuses('ALREADY_SIGNED');
    f.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: f.history.length - 3,
      grounds: 'g',
      proposal: { kind: 'AWARD_GAME', player: BRUNO.id },
    });
    f.run({ type: 'SignOffMatch', by: BRUNO.id, capacity: 'PLAYER' });
    expect(f.state).toMatchObject({ final: true, signatures: [ANA.id, BRUNO.id] });
    given(...f.history)
      .when({ type: 'AssignOfficials', scorers: [], referees: [] })
      .thenRefuses('MATCH_SIGNED_OFF');
    given(...f.history)
      .when({
        type: 'FileAppeal',
        by: BRUNO.id,
        againstRevision: 5,
        grounds: 'g',
        proposal: { kind: 'REPLAY_GAME' },
      })
      .thenRefuses('MATCH_SIGNED_OFF');
    // Only an appeal filed before sign-off can reopen it: allowing it clears the signatures.
    given(...f.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        reason: 'r',
      })
      .then((events, after) => {
        expect(only(events, 'AppealDecided').data.reopened).toBe(false);
        expect(after).toMatchObject({
          final: false,
          signatures: [],
          winner: BRUNO.id,
          status: 'COMPLETED',
        });
      });
  });

  it('the referee signs for the table', () => {
    given(...finished().history)
      .when({ type: 'SignOffMatch', by: 'ref-1', capacity: 'REFEREE' })
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['MatchSigned', 'MatchSignedOff']);
        expect(after.final).toBe(true);
      });
  });
});

it('replaying the stream reproduces every amended state (evolve only installs it)', () => {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.run({
    type: 'CorrectShot',
    by: 's',
    revision: revisionOf(t, 'ShotPlayed'),
    facts: { cueBallScratched: true },
    reason: 'r',
  });
  t.run({
    type: 'PlayShot',
    shooter: BRUNO.id,
    facts: emptyFacts({ firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] }),
  });
  expect(replay(JSON.parse(JSON.stringify(t.history)))).toEqual(t.state);
});
