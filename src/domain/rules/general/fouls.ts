import type { ShotFacts } from '../../events/shot-facts';
import { penaltyRank, type FoulFinding, type Penalty, type RuleId } from '../ruling';
import { describeFoul, explained, names, sentence, t } from './explain';
import { strokeFoulFinding } from './stroke-fouls';

// How a game treats cue-ball and off-table fouls on the break (8-ball: kitchen, E8.5/E8.6;
// 9- and 10-ball: ball in hand anywhere, A7).
export interface BreakFoulPolicy {
  penalty: Penalty;
  scratchRule: RuleId;
  objectOffRule: RuleId;
}

// The fouls every discipline shares: reported stroke fouls (G1.x), the cue ball pocketed, off the
// table or touching a pocketed ball (G1.20, G1.28), object balls off the table (G1.28).
// `ownRules` lists balls whose leaving the table a game rule handles itself (the 8 in 8-ball).
export function generalFouls(
  facts: ShotFacts,
  onBreak: BreakFoulPolicy | null,
  ownRules: number[],
  refereePresent: boolean,
): FoulFinding[] {
  const penalty: Penalty = onBreak ? onBreak.penalty : 'STANDARD_FOUL';
  const fouls: FoulFinding[] = [];
  for (const report of facts.strokeFouls) {
    const finding = strokeFoulFinding(report, refereePresent);
    if (finding) fouls.push(finding);
  }
  if (facts.cueBallScratched) {
    fouls.push({
      kind: 'CUE_BALL_SCRATCHED',
      rule: onBreak ? onBreak.scratchRule : 'G1.20',
      penalty,
      detail: 'the cue ball was pocketed',
      detailPt: 'a bola branca foi embolsada',
    });
  }
  if (facts.cueBallOffTable) {
    fouls.push({
      kind: 'CUE_BALL_OFF_TABLE',
      rule: 'G1.28',
      penalty,
      detail: 'the cue ball left the table',
      detailPt: 'a bola branca saiu da mesa',
    });
  }
  if (facts.cueBallTouchedPocketedBall) {
    fouls.push({
      kind: 'CUE_BALL_TOUCHED_POCKETED_BALL',
      rule: 'G1.20',
      penalty,
      detail: 'the cue ball touched a ball already pocketed',
      detailPt: 'a bola branca tocou numa bola já embolsada',
    });
  }
  const objectOff = facts.ballsOffTable.filter((b) => !ownRules.includes(b));
  if (objectOff.length > 0) {
    fouls.push({
      kind: 'OBJECT_BALL_OFF_TABLE',
      rule: onBreak ? onBreak.objectOffRule : 'G1.28',
      penalty,
      detail: `${names(objectOff).en} left the table`,
      detailPt: `${names(objectOff).pt} ${objectOff.length > 1 ? 'saíram' : 'saiu'} da mesa`,
    });
  }
  return fouls;
}

// G1.30 / A8: every foul is listed; the most severe one is applied (first found wins a tie).
export function mostSevere(fouls: FoulFinding[]): FoulFinding | null {
  let worst: FoulFinding | null = null;
  for (const f of fouls)
    if (!worst || penaltyRank(f.penalty) > penaltyRank(worst.penalty)) worst = f;
  return worst;
}

// The rule ids a ruling applied, in the order they were applied, each once.
export class RuleTrail {
  readonly ids: RuleId[] = [];
  add(...ids: RuleId[]): void {
    for (const id of ids) if (!this.ids.includes(id)) this.ids.push(id);
  }
}

export interface ForfeitContext {
  shooter: string;
  opponent: string;
  ballsOnTable: number[];
  name: (player: string) => string;
}

// A10: the fields of a ruling that forfeits the match; the caller adds profile and version.
export function forfeitParts(
  ctx: ForfeitContext,
  fouls: FoulFinding[],
  forfeit: FoulFinding,
  down: number[],
  off: number[],
) {
  const all = [...fouls, forfeit];
  const trail = new RuleTrail();
  trail.add(...all.map((f) => f.rule), 'A10');
  const why = describeFoul(forfeit, all);
  return {
    fouls: all,
    appliedFoul: forfeit,
    penalty: 'FORFEIT_OF_MATCH' as const,
    rules: trail.ids,
    turn: 'GAME_OVER' as const,
    nextShooter: null,
    ballInHand: 'NONE' as const,
    legallyPocketed: [],
    ballsOnTableAfter: ctx.ballsOnTable.filter((b) => !down.includes(b) && !off.includes(b)),
    spotted: [],
    groupsAssigned: null,
    pendingChoice: null,
    gameResult: {
      winner: ctx.opponent,
      loser: ctx.shooter,
      reason: 'MATCH_FORFEITED' as const,
      rule: forfeit.rule,
    },
    pushOutAvailable: false,
    warningIssued: null,
    ...explained(
      sentence(
        t(
          `${ctx.name(ctx.shooter)} forfeits the match (${forfeit.rule}, A10): ${why.en}`,
          `${ctx.name(ctx.shooter)} perde a partida (${forfeit.rule}, A10): ${why.pt}`,
        ),
        t(`${ctx.name(ctx.opponent)} wins the match`, `${ctx.name(ctx.opponent)} ganha a partida`),
      ),
    ),
  };
}
