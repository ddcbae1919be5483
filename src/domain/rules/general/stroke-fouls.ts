import type { StrokeFoulReport } from '../../events/shot-facts';
import { CUE_BALL } from '../../table/vocabulary';
import { catalogueRule, foul } from '../foul-catalogue';
import type { FoulFinding } from '../ruling';

// Reported stroke fouls and the general rule each one breaks; all are standard fouls (G1.17).
export function strokeFoulFinding(
  report: StrokeFoulReport,
  refereePresent: boolean,
  announcedPlaced = true,
): FoulFinding | null {
  // G1.38: before the placement is announced the cue ball may still be moved by hand or cue.
  if (report.kind === 'CUE_BALL_TOUCHED_AFTER_PLACEMENT' && !announcedPlaced) return null;
  // G1.26: an accidental scoop is no foul. (Judgement recorded as intentional=false.)
  if (report.kind === 'SCOOP_JUMP' && report.intentional !== true) return null;
  // G1.21 without a referee: an accidental touch of a ball between the player and the cue ball is
  // no foul unless, left unrestored, a moving ball then touches it or passes where it was. The cue
  // ball itself is never such a ball: touching it other than with the tip is a foul (G1.3).
  if (
    report.kind === 'TOUCHED_BALL' &&
    !refereePresent &&
    report.accidental === true &&
    report.ball !== CUE_BALL &&
    report.betweenPlayerAndCueBall !== false &&
    !report.withEquipment
  ) {
    if (report.restored === true || report.movingBallEnteredOriginalPosition !== true) return null;
  }
  // G1.25: the shooter answers for his equipment touching a ball; G1.29: intentional non-tip contact.
  const rule =
    report.kind === 'TOUCHED_BALL' && report.withEquipment
      ? 'G1.25'
      : report.kind === 'NON_TIP_CONTACT' && report.intentional === true
        ? 'G1.29'
        : catalogueRule(report.kind);
  if (report.kind === 'TOUCHED_BALL')
    return foul('TOUCHED_BALL', [report.reportedBy, report.ball], { rule });
  return foul(report.kind, [report.reportedBy], { rule });
}
