import type { ShotFacts } from '../../events/shot-facts';
import type { FoulFinding, RuleId } from '../ruling';

export interface ConductOutcome {
  // A10: the second warned violation of the same rule forfeits the match.
  forfeit: FoulFinding | null;
  warning: RuleId | null;
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
    return {
      forfeit: {
        kind: repeated === 'G1.9' ? 'BREAK_CUE_BALL_INTERFERENCE' : 'NON_TIP_CONTACT',
        rule: repeated,
        penalty: 'FORFEIT_OF_MATCH',
        detail: `a second violation of ${repeated} after a warning forfeits the match (A10)`,
        detailPt: `uma segunda infração de ${repeated} depois de advertência dá perda da partida (A10)`,
      },
      warning: null,
      breakInterference,
    };
  }
  return { forfeit: null, warning: violated[0] ?? null, breakInterference };
}
