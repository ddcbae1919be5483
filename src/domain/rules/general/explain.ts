import type { FoulFinding } from '../ruling';

// Every ruling explains itself in English and in European Portuguese (the federation's language).
export interface Text {
  en: string;
  pt: string;
}

export const t = (en: string, pt: string): Text => ({ en, pt });

export function ball(n: number): Text {
  return t(`the ${n}`, `a ${n}`);
}

function list(items: string[], and: string): string {
  return items.length === 1
    ? items[0]
    : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

export function names(balls: number[]): Text {
  if (balls.length === 0) return t('nothing', 'nenhuma bola');
  if (balls.length === 1) return ball(balls[0]);
  return t(
    list(
      balls.map((b) => `the ${b}`),
      'and',
    ),
    `as bolas ${list(balls.map(String), 'e')}`,
  );
}

// G1.30: the applied foul first, then every other foul found on the same stroke.
export function describeFoul(applied: FoulFinding, all: FoulFinding[]): Text {
  const others = all.filter((f) => f !== applied);
  if (others.length === 0) return t(applied.detail, applied.detailPt);
  return t(
    `${applied.detail} (also found: ${others.map((f) => `${f.detail}, ${f.rule}`).join('; ')}; penalised once, G1.30)`,
    `${applied.detailPt} (também: ${others.map((f) => `${f.detailPt}, ${f.rule}`).join('; ')}; penalizado uma só vez, G1.30)`,
  );
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// Clauses joined into one sentence.
export function sentence(...clauses: Text[]): Text {
  return t(
    `${capitalise(clauses.map((c) => c.en).join('; '))}.`,
    `${capitalise(clauses.map((c) => c.pt).join('; '))}.`,
  );
}

// One clause as a sentence, left as written (no capital added).
export function period(text: Text): Text {
  return t(`${text.en}.`, `${text.pt}.`);
}

// "ball in hand behind the head string / anywhere"
export function ballInHandWhere(kitchen: boolean): Text {
  return kitchen
    ? t('ball in hand behind the head string', 'bola na mão atrás da linha de saída')
    : t('ball in hand anywhere', 'bola na mão em qualquer ponto da mesa');
}

// The display names of the two players of a shot, for the texts modules.
export interface Players {
  shooter: string;
  opponent: string;
}

export function players(setup: {
  shooter: string;
  opponent: string;
  name: (player: string) => string;
}): Players {
  return { shooter: setup.name(setup.shooter), opponent: setup.name(setup.opponent) };
}
