import type { StrokeFoulReport } from '../../events/shot-facts';
import type { StrokeFoulKind } from '../../table/vocabulary';
import type { FoulFinding, RuleId } from '../ruling';

// Reported stroke fouls and the general rule each one breaks; all are standard fouls (G1.17).
const STROKE_FOULS: Record<StrokeFoulKind, { rule: RuleId; en: string; pt: string }> = {
  NON_TIP_CONTACT: {
    rule: 'G1.3',
    en: 'the cue ball was struck with something other than the tip',
    pt: 'a bola branca foi tocada com outra parte que não a sola do taco',
  },
  DOUBLE_HIT: {
    rule: 'G1.23',
    en: 'the cue ball was hit twice',
    pt: 'dupla tacada na bola branca',
  },
  PUSH_SHOT: {
    rule: 'G1.24',
    en: 'the tip stayed on the cue ball (push shot)',
    pt: 'a sola ficou em contacto com a bola branca (carroça)',
  },
  FOOT_OFF_FLOOR: {
    rule: 'G1.13',
    en: 'no foot touched the floor at the stroke',
    pt: 'nenhum pé tocava o chão no momento da tacada',
  },
  SHOT_WHILE_BALLS_MOVING: {
    rule: 'G1.14',
    en: 'the shot was played while balls were moving',
    pt: 'a tacada foi executada com bolas em movimento',
  },
  TOUCHED_BALL: {
    rule: 'G1.21',
    en: 'a ball in play was touched',
    pt: 'uma bola em jogo foi tocada',
  },
  SCOOP_JUMP: {
    rule: 'G1.26',
    en: 'the cue ball was scooped off the bed on purpose',
    pt: 'a bola branca foi levantada de propósito com uma tacada por baixo',
  },
  CUE_BALL_TOUCHED_AFTER_PLACEMENT: {
    rule: 'G1.38',
    en: 'the cue ball was touched after its placement was announced',
    pt: 'a bola branca foi tocada depois de anunciada a sua colocação',
  },
  EQUIPMENT_MISUSE: {
    rule: 'G1.40',
    en: 'equipment other than the cue was used to measure or aim',
    pt: 'foi usado equipamento que não o taco para medir ou apontar',
  },
  TABLE_MARKED: {
    rule: 'G1.41',
    en: 'the table was marked to help the shot',
    pt: 'a mesa foi marcada para ajudar a tacada',
  },
  BREAK_CUE_BALL_INTERFERENCE: {
    rule: 'G1.9',
    en: 'the cue ball was stopped or deflected on the break',
    pt: 'a bola branca foi parada ou desviada na saída',
  },
};

export function strokeFoulFinding(
  report: StrokeFoulReport,
  refereePresent: boolean,
): FoulFinding | null {
  // G1.26: an accidental scoop is no foul. (Judgement recorded as intentional=false.)
  if (report.kind === 'SCOOP_JUMP' && report.intentional !== true) return null;
  // G1.21 without a referee: an accidental touch is no foul unless, left unrestored, a moving
  // ball then touches it or passes where it was.
  if (
    report.kind === 'TOUCHED_BALL' &&
    !refereePresent &&
    report.accidental === true &&
    !report.withEquipment
  ) {
    if (report.restored === true || report.movingBallEnteredOriginalPosition !== true) return null;
  }
  const entry = STROKE_FOULS[report.kind];
  // G1.25: the shooter answers for his equipment touching a ball; G1.29: intentional non-tip contact.
  const rule =
    report.kind === 'TOUCHED_BALL' && report.withEquipment
      ? 'G1.25'
      : report.kind === 'NON_TIP_CONTACT' && report.intentional === true
        ? 'G1.29'
        : entry.rule;
  return {
    kind: report.kind,
    rule,
    penalty: 'STANDARD_FOUL',
    detail: `${entry.en} (reported by ${report.reportedBy})`,
    detailPt: `${entry.pt} (assinalada por ${report.reportedBy})`,
  };
}
