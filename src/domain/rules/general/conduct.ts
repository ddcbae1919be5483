import type { ShotFacts } from '../../events/shot-facts';
import { foul } from '../foul-catalogue';
import type { FoulFinding, PendingChoice, RuleId, Ruling } from '../ruling';
import { GENERAL_TEXTS } from './texts';

export interface ConductOutcome {
  // A10: the second warned violation of the same rule forfeits the match.
  forfeit: FoulFinding | null;
  // A14: each rule violated gets its own warning.
  warnings: RuleId[];
  // G1.9: interference with the cue ball on the break (the opponent then chooses who breaks).
  breakInterference: boolean;
}

// G1.9 and G1.29: violations that carry a warning, and a match forfeit the second time.
export function conduct(facts: ShotFacts, isBreak: boolean, warnings: RuleId[]): ConductOutcome {
  const breakInterference =
    isBreak && facts.strokeFouls.some((f) => f.kind === 'BREAK_CUE_BALL_INTERFERENCE');
  const intentionalNonTip = facts.strokeFouls.some(
    (f) => f.kind === 'NON_TIP_CONTACT' && f.intentional === true,
  );
  const violated: RuleId[] = [
    ...(breakInterference ? ['G1.9'] : []),
    ...(intentionalNonTip ? ['G1.29'] : []),
  ];
  const repeated = violated.find((rule) => warnings.includes(rule));
  if (repeated) {
    // The violation stays listed as the foul it is; the forfeit is its own kind (A10).
    const forfeit = foul('SECOND_WARNED_VIOLATION', [repeated], { rule: repeated });
    return { forfeit, warnings: [], breakInterference };
  }
  return { forfeit: null, warnings: violated, breakInterference };
}

// A14: the warnings a ruling issues; with more than one, the explanation names them all.
export function withWarnings(r: Ruling, warnings: RuleId[]): Ruling {
  if (warnings.length === 0) return r;
  if (warnings.length === 1) return { ...r, warningsIssued: warnings };
  const more = GENERAL_TEXTS.warnedUnderEach(warnings);
  return {
    ...r,
    warningsIssued: warnings,
    explanation: `${r.explanation} ${more.en}`,
    explanationPt: `${r.explanationPt} ${more.pt}`,
  };
}

// G1.9: after interference on the break, the opponent chooses who breaks the re-rack.
export function breakInterferenceChoice(opponent: string): PendingChoice {
  return {
    kind: 'BREAK_INTERFERENCE',
    player: opponent,
    options: ['RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
    rule: 'G1.9',
    ballInHandIfShooting: 'NONE',
  };
}
