import { DomainError } from '../../errors';
import {
  WARNED_VIOLATION_RULES,
  type SpontaneousMovementOutcome,
  type WarnedViolation,
} from '../../events/catalogue';
import { movementText, ruledMovement } from './movement';
import type { Discipline } from '../../table/vocabulary';
import { t, type Text } from '../general/explain';
import type { GameEndReason, RuleId } from '../ruling';
import type { RefereeReport } from './input';

// What a referee's ruling means for play; the report was checked by checkRefereeReport.

export interface RefereeTable {
  discipline: Discipline;
  // The game in progress (absent only for a warning given between games).
  game: { breaker: string; consecutiveFouls: Record<string, number> } | null;
  name(id: string): string;
  opponentOf(id: string): string;
}

export type RefereeConsequence =
  | { kind: 'NONE' }
  | { kind: 'GAME_LOST'; winner: string; loser: string; reason: GameEndReason }
  // The rack is replayed and the same player breaks again.
  | { kind: 'RERACK' };

export interface RefereeVerdict {
  rule: RuleId;
  why: Text;
  then: RefereeConsequence;
  // G1.31: the outcome ruled for a spontaneous movement.
  movement?: SpontaneousMovementOutcome;
}

const NONE: RefereeConsequence = { kind: 'NONE' };

export function ruleReferee(r: RefereeReport, table: RefereeTable): RefereeVerdict {
  const { name } = table;
  switch (r.kind) {
    case 'SPONTANEOUS_MOVEMENT':
      return spontaneousMovement(r);
    case 'UNSPORTSMANLIKE_CONDUCT':
      return unsportsmanlikeConduct(r, table);
    case 'WARNING':
      return warning(name(r.player!), r.violation ?? 'NON_TIP_CONTACT');
    case 'STALEMATE':
      return stalemate(table);
    case 'TWO_FOUL_WARNING':
      return twoFoulWarning(r.player!, table);
    case 'OUTSIDE_INTERFERENCE':
      return outsideInterference(r.restored!, table);
  }
}

// G1.9 / G1.29: the warning is filed under the rule violated; A10: a second one forfeits.
function warning(player: string, violation: WarnedViolation): RefereeVerdict {
  const rule = WARNED_VIOLATION_RULES[violation];
  const what =
    violation === 'BREAK_CUE_BALL_INTERFERENCE'
      ? t(
          ' for stopping or deflecting the cue ball on the break',
          ' por parar ou desviar a bola branca na saída',
        )
      : t('', '');
  return {
    rule,
    why: t(
      `${player} is warned${what.en} (${rule}); a second warned violation forfeits the match (A10).`,
      `${player} é advertido${what.pt} (${rule}); uma segunda infração advertida dá perda da partida (A10).`,
    ),
    then: NONE,
  };
}

// G1.31 / G1.15: no penalty in any case; the outcome is ruled from what was seen when given.
function spontaneousMovement(r: RefereeReport): RefereeVerdict {
  const movement = ruledMovement(r.movement, r.seen);
  return { rule: 'G1.31', why: movementText(movement, r.ball!), then: NONE, movement };
}

// G1.39: the sanction is at the referee's discretion; the ledger applies what was ruled.
function unsportsmanlikeConduct(
  r: RefereeReport,
  { name, opponentOf }: RefereeTable,
): RefereeVerdict {
  const offender = r.player!;
  if (r.sanction === 'WARNING') {
    return {
      rule: 'G1.39',
      why: t(
        `${name(offender)} is warned for unsportsmanlike conduct (G1.39).`,
        `${name(offender)} é advertido por conduta anti-desportiva (G1.39).`,
      ),
      then: NONE,
    };
  }
  const forfeit = r.sanction === 'FORFEIT_OF_MATCH';
  return {
    rule: 'G1.39',
    why: forfeit
      ? t(
          `${name(offender)} forfeits the match for unsportsmanlike conduct (G1.39).`,
          `${name(offender)} perde a partida por conduta anti-desportiva (G1.39).`,
        )
      : t(
          `${name(offender)} loses the game for unsportsmanlike conduct (G1.39).`,
          `${name(offender)} perde o jogo por conduta anti-desportiva (G1.39).`,
        ),
    then: {
      kind: 'GAME_LOST',
      winner: opponentOf(offender),
      loser: offender,
      reason: forfeit ? 'MATCH_FORFEITED' : 'UNSPORTSMANLIKE_CONDUCT',
    },
  };
}

// E8.19 / N9.9 / T10.11: re-rack; the original breaker breaks again.
function stalemate({ discipline, game, name }: RefereeTable): RefereeVerdict {
  const rule =
    discipline === 'EIGHT_BALL' ? 'E8.19' : discipline === 'NINE_BALL' ? 'N9.9' : 'T10.11';
  const breaker = name(game!.breaker);
  return {
    rule,
    why: t(
      `Stalemate declared: the rack is replayed and ${breaker} breaks again (${rule}).`,
      `Declarado empate técnico: o jogo é repetido e ${breaker} volta a fazer a saída (${rule}).`,
    ),
    then: { kind: 'RERACK' },
  };
}

// N9.8 / T10.10: the warning is given to a player on two consecutive fouls.
function twoFoulWarning(player: string, { discipline, game, name }: RefereeTable): RefereeVerdict {
  if ((game!.consecutiveFouls[player] ?? 0) !== 2) {
    throw new DomainError(
      'INVALID_REFEREE_RULING',
      `${name(player)} is not on two consecutive fouls`,
      'N9.8',
    );
  }
  const rule = discipline === 'NINE_BALL' ? 'N9.8' : 'T10.10';
  return {
    rule,
    why: t(
      `${name(player)} is warned on two consecutive fouls; a third loses the rack (${rule}).`,
      `${name(player)} é avisado de que tem duas faltas seguidas; uma terceira perde o jogo (${rule}).`,
    ),
    then: NONE,
  };
}

// G1.33: restored balls mean play goes on; otherwise the game is replayed, same breaker.
function outsideInterference(restored: boolean, { game, name }: RefereeTable): RefereeVerdict {
  if (restored)
    return {
      rule: 'G1.33',
      why: t(
        'Outside interference: the balls were restored and play goes on with no penalty (G1.33).',
        'Interferência externa: as bolas foram repostas e o jogo continua sem penalização (G1.33).',
      ),
      then: NONE,
    };
  return {
    rule: 'G1.33',
    why: t(
      `Outside interference that could not be undone: the game is replayed and ${name(game!.breaker)} breaks again (G1.33).`,
      `Interferência externa sem reposição possível: o jogo é repetido e ${name(game!.breaker)} volta a fazer a saída (G1.33).`,
    ),
    then: { kind: 'RERACK' },
  };
}
