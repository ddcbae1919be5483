import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyFacts } from '../../src/domain/events/shot-facts';
import { FOUL_CATALOGUE, foul } from '../../src/domain/rules/foul-catalogue';
import { t } from '../../src/domain/rules/general/explain';
import type { CommonSetup } from '../../src/domain/rules/general/setup';
import {
  ballInHand,
  choiceOwed,
  continues,
  gameOver,
  passes,
  ruling,
  tableAfter,
} from '../../src/domain/rules/outcome';
import { ENGINE_VERSION, profileRules } from '../../src/domain/rules/profiles';
import { FOUL_KINDS, penaltyRank } from '../../src/domain/rules/ruling';

// The shared vocabulary of the rules engine: the foul catalogue and the outcome builders.

const RULE_BOOK = readFileSync(join(__dirname, '..', '..', 'docs', 'rules.md'), 'utf8');
const BOOK_IDS = new Set([...RULE_BOOK.matchAll(/^\|\s*([GENT]\d+\.\d+)\s*\|/gm)].map((m) => m[1]));

describe('the foul catalogue', () => {
  it('has exactly one entry for every foul kind', () => {
    expect(Object.keys(FOUL_CATALOGUE).sort()).toEqual([...FOUL_KINDS].sort());
  });

  it.each([...FOUL_KINDS])(
    '%s cites a rule of the rule book and is at least a standard foul',
    (kind) => {
      const entry = FOUL_CATALOGUE[kind];
      expect(BOOK_IDS).toContain(entry.rule);
      expect(penaltyRank(entry.penalty)).toBeGreaterThanOrEqual(penaltyRank('STANDARD_FOUL'));
    },
  );

  it('fills in the catalogued rule and penalty unless a game overrides them (E8.5 on the break)', () => {
    expect(foul('CUE_BALL_SCRATCHED', [])).toEqual({
      kind: 'CUE_BALL_SCRATCHED',
      rule: 'G1.20',
      penalty: 'STANDARD_FOUL',
      detail: 'the cue ball was pocketed',
      detailPt: 'a bola branca foi embolsada',
    });
    expect(foul('CUE_BALL_SCRATCHED', [], { rule: 'E8.5', penalty: 'BREAK_FOUL' })).toMatchObject({
      rule: 'E8.5',
      penalty: 'BREAK_FOUL',
    });
  });

  it('words its details from the arguments, in both languages (G1.28, G1.18, G1.21)', () => {
    expect(foul('OBJECT_BALL_OFF_TABLE', [[3, 5]])).toMatchObject({
      detail: 'the 3 and the 5 left the table',
      detailPt: 'as bolas 3 e 5 saíram da mesa',
    });
    expect(foul('OBJECT_BALL_OFF_TABLE', [[8], true])).toMatchObject({
      detail: 'the 8 left the table on the break',
      detailPt: 'a 8 saiu da mesa na saída',
    });
    expect(foul('WRONG_BALL_FIRST', [5, t('a stripe', 'uma bola riscada')])).toMatchObject({
      detail: 'the cue ball first hit the 5, not a stripe',
      detailPt: 'a bola branca tocou primeiro na 5 e não numa bola riscada',
    });
    expect(foul('TOUCHED_BALL', ['referee'])).toMatchObject({
      rule: 'G1.21',
      detail: 'a ball in play was touched (reported by referee)',
      detailPt: 'uma bola em jogo foi tocada (assinalada por referee)',
    });
  });
});

describe('the outcome builders', () => {
  const setup: CommonSetup = {
    rules: profileRules('WPA'),
    shooter: 'a',
    opponent: 'b',
    isBreak: false,
    ballsOnTable: [1, 2, 3, 9],
    call: null,
    consecutiveFouls: 0,
    refereePresent: true,
    ballInHand: 'NONE',
    placedZone: null,
    warnings: [],
    frozenDeclared: [],
    name: (p) => p.toUpperCase(),
  };
  const facts = emptyFacts({ pocketed: [{ ball: 2, pocket: 'FL' }], ballsOffTable: [9] });
  const shot = {
    fouls: [],
    appliedFoul: null,
    penalty: 'NONE' as const,
    rules: ['G1.35'],
    legallyPocketed: [2],
    table: tableAfter(setup.ballsOnTable, facts, [9]),
    consecutiveFoulsAfter: 0,
    why: t('Shoots again.', 'Volta a jogar.'),
  };

  it('say who plays next: continues, passes, ball in hand, a choice owed, the game over', () => {
    expect(continues('a')).toMatchObject({ turn: 'CONTINUES', nextShooter: 'a' });
    expect(passes('b')).toMatchObject({ turn: 'PASSES', nextShooter: 'b', ballInHand: 'NONE' });
    expect(ballInHand('b', 'ANYWHERE')).toMatchObject({ turn: 'PASSES', ballInHand: 'ANYWHERE' });
    const choice = {
      kind: 'AFTER_PUSH_OUT' as const,
      player: 'b',
      options: ['SHOOT' as const, 'PASS_BACK' as const],
      rule: 'N9.2',
      ballInHandIfShooting: 'NONE' as const,
    };
    expect(choiceOwed(choice)).toMatchObject({
      turn: 'CHOICE_PENDING',
      nextShooter: null,
      pendingChoice: choice,
    });
    const result = {
      winner: 'a',
      loser: 'b',
      reason: 'NINE_POCKETED_LEGALLY' as const,
      rule: 'N9.3',
    };
    expect(gameOver(result)).toMatchObject({
      turn: 'GAME_OVER',
      nextShooter: null,
      gameResult: result,
    });
  });

  it('assemble the whole Ruling, spotted balls back on the table (N9.4)', () => {
    expect(ruling(setup, continues('a'), shot)).toEqual({
      profile: 'WPA',
      engineVersion: ENGINE_VERSION,
      shooter: 'a',
      isBreak: false,
      fouls: [],
      appliedFoul: null,
      penalty: 'NONE',
      rules: ['G1.35'],
      turn: 'CONTINUES',
      nextShooter: 'a',
      ballInHand: 'NONE',
      legallyPocketed: [2],
      ballsOnTableAfter: [1, 3, 9],
      spotted: [9],
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      consecutiveFoulsAfter: 0,
      pushOutAvailable: false,
      warningsIssued: [],
      explanation: 'Shoots again.',
      explanationPt: 'Volta a jogar.',
    });
  });
});
