import { ball, names, t, type Text } from './general/explain';
import type { FoulFinding, FoulKind, Penalty, RuleId } from './ruling';

// Every foul the engine can find: the rule it breaks unless a game says otherwise, its usual
// penalty, and its wording in English and Portuguese. The arguments fill in the wording.
interface FoulEntry {
  rule: RuleId;
  penalty: Penalty;
  detail: (...args: never[]) => Text;
}

const entry = <A extends unknown[]>(
  rule: RuleId,
  penalty: Penalty,
  detail: (...args: A) => Text,
) => ({
  rule,
  penalty,
  detail,
});

// A reported stroke foul (G1.x), always a standard foul (G1.17), with who reported it.
const stroke = (rule: RuleId, en: string, pt: string) =>
  entry(rule, 'STANDARD_FOUL', (reportedBy: string) =>
    t(`${en} (reported by ${reportedBy})`, `${pt} (assinalada por ${reportedBy})`),
  );

// How the cushion requirement was worded: 8-ball with an own-group pocket (A1) or any pocket, or rotation.
export type NoRailWording = 'OWN_GROUP_POCKET' | 'ANY_POCKET' | 'ROTATION';
const NO_RAIL: Record<NoRailWording, Text> = {
  OWN_GROUP_POCKET: t(
    'after first contact no ball reached a cushion and no own-group ball was legally pocketed',
    'depois do primeiro contacto nenhuma bola tocou numa tabela e nenhuma bola do próprio grupo foi embolsada legalmente',
  ),
  ANY_POCKET: t(
    'after first contact no ball reached a cushion and nothing was pocketed',
    'depois do primeiro contacto nenhuma bola tocou numa tabela e nada foi embolsado',
  ),
  ROTATION: t(
    'nothing was pocketed and no ball reached a cushion after contact',
    'nada foi embolsado e nenhuma bola tocou numa tabela depois do contacto',
  ),
};

// "na 5", "numa bola lisa": Portuguese contracts the preposition with the article.
const em = (pt: string): string => pt.replace(/^a /, 'na ').replace(/^uma /, 'numa ');

export const FOUL_CATALOGUE = {
  // G1.20, G1.28: the cue ball.
  CUE_BALL_SCRATCHED: entry('G1.20', 'STANDARD_FOUL', () =>
    t('the cue ball was pocketed', 'a bola branca foi embolsada'),
  ),
  CUE_BALL_OFF_TABLE: entry('G1.28', 'STANDARD_FOUL', () =>
    t('the cue ball left the table', 'a bola branca saiu da mesa'),
  ),
  CUE_BALL_TOUCHED_POCKETED_BALL: entry('G1.20', 'STANDARD_FOUL', () =>
    t('the cue ball touched a ball already pocketed', 'a bola branca tocou numa bola já embolsada'),
  ),
  // G1.28: object balls off the table (E8.7: the 8 on the break).
  OBJECT_BALL_OFF_TABLE: entry('G1.28', 'STANDARD_FOUL', (balls: number[], onBreak = false) =>
    t(
      `${names(balls).en} left the table${onBreak ? ' on the break' : ''}`,
      `${names(balls).pt} ${balls.length > 1 ? 'saíram' : 'saiu'} da mesa${onBreak ? ' na saída' : ''}`,
    ),
  ),
  // G1.18, N9.6, T10.9: the first contact.
  NO_FIRST_CONTACT: entry('G1.18', 'STANDARD_FOUL', () =>
    t('the cue ball hit no object ball', 'a bola branca não tocou em nenhuma bola de cor'),
  ),
  WRONG_BALL_FIRST: entry('G1.18', 'STANDARD_FOUL', (hit: number, wanted: Text) =>
    t(
      `the cue ball first hit ${ball(hit).en}, not ${wanted.en}`,
      `a bola branca tocou primeiro ${em(ball(hit).pt)} e não ${em(wanted.pt)}`,
    ),
  ),
  EIGHT_FIRST_ON_OPEN_TABLE: entry('E8.8', 'STANDARD_FOUL', () =>
    t('the 8 was hit first on an open table', 'a 8 foi tocada primeiro com a mesa aberta'),
  ),
  // G1.19, G1.36, N9.7: the cushion after contact.
  NO_RAIL_AFTER_CONTACT: entry(
    'G1.19',
    'STANDARD_FOUL',
    (wording: NoRailWording) => NO_RAIL[wording],
  ),
  // E8.3, N9.1, T10.1: too few balls to a cushion on the break.
  ILLEGAL_BREAK: entry('E8.3', 'BREAK_FOUL', (driven: number, nothing: 'no ball' | 'nothing') =>
    t(
      `${nothing} was pocketed and only ${driven} object balls reached a cushion`,
      `nenhuma bola foi embolsada e só ${driven} bolas de cor tocaram numa tabela`,
    ),
  ),
  // Reported stroke fouls (G1.25 and G1.29 replace the rule for equipment and intent).
  NON_TIP_CONTACT: stroke(
    'G1.3',
    'the cue ball was struck with something other than the tip',
    'a bola branca foi tocada com outra parte que não a sola do taco',
  ),
  DOUBLE_HIT: stroke('G1.23', 'the cue ball was hit twice', 'dupla tacada na bola branca'),
  PUSH_SHOT: stroke(
    'G1.24',
    'the tip stayed on the cue ball (push shot)',
    'a sola ficou em contacto com a bola branca (carroça)',
  ),
  FOOT_OFF_FLOOR: stroke(
    'G1.13',
    'no foot touched the floor at the stroke',
    'nenhum pé tocava o chão no momento da tacada',
  ),
  SHOT_WHILE_BALLS_MOVING: stroke(
    'G1.14',
    'the shot was played while balls were moving',
    'a tacada foi executada com bolas em movimento',
  ),
  // G1.21, G1.25: which ball, when recorded.
  TOUCHED_BALL: entry('G1.21', 'STANDARD_FOUL', (reportedBy: string, touched?: number) => {
    const which =
      touched === undefined
        ? t('a ball in play', 'uma bola em jogo')
        : touched === 0
          ? t('the cue ball', 'a bola branca')
          : ball(touched);
    return t(
      `${which.en} was touched (reported by ${reportedBy})`,
      `${which.pt} foi tocada (assinalada por ${reportedBy})`,
    );
  }),
  SCOOP_JUMP: stroke(
    'G1.26',
    'the cue ball was scooped off the bed on purpose',
    'a bola branca foi levantada de propósito com uma tacada por baixo',
  ),
  CUE_BALL_TOUCHED_AFTER_PLACEMENT: stroke(
    'G1.38',
    'the cue ball was touched after its placement was announced',
    'a bola branca foi tocada depois de anunciada a sua colocação',
  ),
  EQUIPMENT_MISUSE: stroke(
    'G1.40',
    'equipment other than the cue was used to measure or aim',
    'foi usado equipamento que não o taco para medir ou apontar',
  ),
  TABLE_MARKED: stroke(
    'G1.41',
    'the table was marked to help the shot',
    'a mesa foi marcada para ajudar a tacada',
  ),
  BREAK_CUE_BALL_INTERFERENCE: stroke(
    'G1.9',
    'the cue ball was stopped or deflected on the break',
    'a bola branca foi parada ou desviada na saída',
  ),
  // E8.18: fouls that lose the game because of the 8.
  EIGHT_OFF_TABLE: entry('E8.18', 'LOSS_OF_GAME', () =>
    t('the 8 left the table', 'a 8 saiu da mesa'),
  ),
  EIGHT_POCKETED_ON_FOUL: entry('E8.18', 'LOSS_OF_GAME', () =>
    t('the 8 went down on a foul', 'a 8 entrou numa tacada com falta'),
  ),
  // N9.8 / T10.10.
  THIRD_CONSECUTIVE_FOUL: entry('N9.8', 'LOSS_OF_GAME', () =>
    t(
      'a third consecutive foul after the two-foul warning',
      'terceira falta consecutiva depois do aviso das duas faltas',
    ),
  ),
  // A10: the escalation of a second warned violation (its rule is G1.9 or G1.29).
  SECOND_WARNED_VIOLATION: entry('G1.29', 'FORFEIT_OF_MATCH', (rule: string) =>
    t(
      `a second violation of ${rule} after a warning forfeits the match (A10)`,
      `uma segunda infração de ${rule} depois de advertência dá perda da partida (A10)`,
    ),
  ),
  // G1.10, G1.22, G1.37: the cue ball in hand.
  PLACEMENT_OVER_HEAD_STRING: entry('G1.10', 'STANDARD_FOUL', () =>
    t(
      'the cue ball was placed on or over the head string and this was pointed out before the shot',
      'a bola branca foi colocada sobre ou além da linha de saída e isso foi assinalado antes da tacada',
    ),
  ),
  OBJECT_BALL_TOUCHED_WHILE_PLACING: entry('G1.22', 'STANDARD_FOUL', () =>
    t(
      'an object ball was touched while placing the cue ball',
      'uma bola de cor foi tocada durante a colocação da bola branca',
    ),
  ),
  CUE_BALL_DID_NOT_CROSS_HEAD_STRING: entry('G1.37', 'STANDARD_FOUL', () =>
    t(
      'from the kitchen the cue ball touched a ball or cushion before crossing the head string',
      'a partir da área de saída a bola branca tocou numa bola ou tabela antes de passar a linha de saída',
    ),
  ),
} satisfies Record<FoulKind, FoulEntry>;

type Catalogue = typeof FOUL_CATALOGUE;
export type FoulArgs<K extends FoulKind> = Parameters<Catalogue[K]['detail']>;

// Where a game's rules cite another rule or apply another penalty than the catalogue's default.
export interface FoulOverride {
  rule?: RuleId;
  penalty?: Penalty;
}

// A finding of `kind`, worded from the catalogue.
export function foul<K extends FoulKind>(
  kind: K,
  args: FoulArgs<K>,
  override: FoulOverride = {},
): FoulFinding {
  const found = FOUL_CATALOGUE[kind];
  const detail = (found.detail as (...a: FoulArgs<K>) => Text)(...args);
  return finding(kind, override.rule ?? found.rule, override.penalty ?? found.penalty, detail);
}

// A finding worded by the caller (a repeated violation that forfeits the match, A10).
export function finding(kind: FoulKind, rule: RuleId, penalty: Penalty, detail: Text): FoulFinding {
  return { kind, rule, penalty, detail: detail.en, detailPt: detail.pt };
}

// The catalogued rule of a foul kind (a stroke foul's G1 rule, for instance).
export function catalogueRule(kind: FoulKind): RuleId {
  return FOUL_CATALOGUE[kind].rule;
}
