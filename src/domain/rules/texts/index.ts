import { FEDERATION_PT } from './federation-pt';
import { GAME_RULES } from './games';
import { GENERAL_EN } from './general-en';

// A rule's text in English and Portuguese, and where the Portuguese comes from: the federation's
// own text of its general rules (G1.x), or the ledger's statement of a game rule.
export interface RuleText {
  id: string;
  en: string;
  pt: string;
  ptSource: 'FEDERATION' | 'LEDGER';
}

// The federation's text has no heading 1.7: the lag rule is part of 1.6.
const FEDERATION_ALIAS: Readonly<Record<string, string>> = { 'G1.7': 'G1.6' };

export function ruleText(id: string): RuleText | null {
  const game = GAME_RULES[id];
  if (game) return { id, en: game.en, pt: game.pt, ptSource: 'LEDGER' };
  const en = GENERAL_EN[id];
  const pt = FEDERATION_PT[FEDERATION_ALIAS[id] ?? id];
  return en && pt ? { id, en, pt, ptSource: 'FEDERATION' } : null;
}

const ORDER = (id: string): [number, number, number] => {
  const m = /^(G1|E8|N9|T10)\.(\d+)$/.exec(id)!;
  return [['G1', 'E8', 'N9', 'T10'].indexOf(m[1]), Number(m[2]), 0];
};

// Every rule with a text, in book order (general rules, then 8-ball, 9-ball, 10-ball).
export const RULE_IDS: readonly string[] = [...Object.keys(GENERAL_EN), ...Object.keys(GAME_RULES)]
  .filter((id) => ruleText(id) !== null)
  .sort((a, b) => {
    const [x, y] = [ORDER(a), ORDER(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
