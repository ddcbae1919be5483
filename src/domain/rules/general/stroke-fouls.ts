import type { StrokeFoulReport } from '../../events/shot-facts';
import type { StrokeFoulKind } from '../../table/vocabulary';
import type { FoulFinding, FoulKind, RuleId } from '../ruling';

// Reported stroke fouls and the general rule each one breaks; all are standard fouls (G1.17).
const STROKE_FOUL_RULES: Record<StrokeFoulKind, { rule: RuleId; foul: FoulKind; what: string }> = {
  NON_TIP_CONTACT: {
    rule: 'G1.3',
    foul: 'NON_TIP_CONTACT',
    what: 'the cue ball was struck with something other than the tip',
  },
  DOUBLE_HIT: { rule: 'G1.23', foul: 'DOUBLE_HIT', what: 'the cue ball was hit twice' },
  PUSH_SHOT: {
    rule: 'G1.24',
    foul: 'PUSH_SHOT',
    what: 'the tip stayed on the cue ball (push shot)',
  },
  FOOT_OFF_FLOOR: {
    rule: 'G1.13',
    foul: 'FOOT_OFF_FLOOR',
    what: 'no foot touched the floor at the stroke',
  },
  SHOT_WHILE_BALLS_MOVING: {
    rule: 'G1.14',
    foul: 'SHOT_WHILE_BALLS_MOVING',
    what: 'the shot was played while balls were moving',
  },
  TOUCHED_BALL: { rule: 'G1.21', foul: 'TOUCHED_BALL', what: 'a ball in play was touched' },
  SCOOP_JUMP: {
    rule: 'G1.26',
    foul: 'SCOOP_JUMP',
    what: 'the cue ball was scooped off the bed on purpose',
  },
  CUE_BALL_TOUCHED_AFTER_PLACEMENT: {
    rule: 'G1.38',
    foul: 'CUE_BALL_TOUCHED_AFTER_PLACEMENT',
    what: 'the cue ball was touched after its placement was announced',
  },
  EQUIPMENT_MISUSE: {
    rule: 'G1.40',
    foul: 'EQUIPMENT_MISUSE',
    what: 'equipment other than the cue was used to measure or aim',
  },
  TABLE_MARKED: {
    rule: 'G1.41',
    foul: 'TABLE_MARKED',
    what: 'the table was marked to help the shot',
  },
  BREAK_CUE_BALL_INTERFERENCE: {
    rule: 'G1.9',
    foul: 'BREAK_CUE_BALL_INTERFERENCE',
    what: 'the cue ball was stopped or deflected on the break',
  },
};

export function strokeFoulFinding(report: StrokeFoulReport): FoulFinding | null {
  // G1.26: an accidental scoop is no foul. (Judgement recorded as intentional=false.)
  if (report.kind === 'SCOOP_JUMP' && report.intentional !== true) return null;
  const entry = STROKE_FOUL_RULES[report.kind];
  return {
    kind: entry.foul,
    rule: entry.rule,
    penalty: 'STANDARD_FOUL',
    detail: `${entry.what} (reported by ${report.reportedBy})`,
  };
}
