import type { ShotFacts } from '../../events/shot-facts';
import { DomainError } from '../../errors';
import { foul } from '../foul-catalogue';
import { gameOver, ruling, tableAfter } from '../outcome';
import { penaltyRank, type FoulFinding, type Penalty, type RuleId, type Ruling } from '../ruling';
import { describeFoul, players, sentence } from './explain';
import type { CommonSetup } from './setup';
import { GENERAL_TEXTS } from './texts';
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
    const finding = strokeFoulFinding(
      report,
      refereePresent,
      facts.placement?.announcedPlaced !== false,
    );
    if (finding) fouls.push(finding);
  }
  if (facts.cueBallScratched) {
    fouls.push(foul('CUE_BALL_SCRATCHED', [], { rule: onBreak?.scratchRule, penalty }));
  }
  if (facts.cueBallOffTable) fouls.push(foul('CUE_BALL_OFF_TABLE', [], { penalty }));
  if (facts.cueBallTouchedPocketedBall) {
    fouls.push(foul('CUE_BALL_TOUCHED_POCKETED_BALL', [], { penalty }));
  }
  const objectOff = facts.ballsOffTable.filter((b) => !ownRules.includes(b));
  if (objectOff.length > 0) {
    fouls.push(
      foul('OBJECT_BALL_OFF_TABLE', [objectOff], { rule: onBreak?.objectOffRule, penalty }),
    );
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

// G1.17: a record without a stroke exists for its foul. When the rules excuse everything it
// reports (G1.21 a touch restored without a referee, G1.22 no ball in hand to place, G1.38 the
// placement not yet announced), nothing happened that changes the game: the record is refused and
// the inning goes on as it was, rather than ending it with no foul.
export function noStrokeFoul(fouls: FoulFinding[]): FoulFinding {
  const applied = mostSevere(fouls);
  if (applied) return applied;
  throw new DomainError(
    'INVALID_SHOT_FACTS',
    'Without a stroke only a foul is recorded, and what is reported is no foul here (G1.21: touched accidentally and restored without a referee; G1.22: no ball in hand; G1.38: before the placement was announced): the inning goes on',
    'G1.17',
  );
}

// The rule ids a ruling applied, in the order they were applied, each once.
export class RuleTrail {
  readonly ids: RuleId[] = [];
  add(...ids: RuleId[]): void {
    for (const id of ids) if (!this.ids.includes(id)) this.ids.push(id);
  }
}

// A10: the ruling of a shot that forfeits the match.
export function forfeitRuling(
  setup: CommonSetup,
  facts: ShotFacts,
  fouls: FoulFinding[],
  forfeit: FoulFinding,
): Ruling {
  const all = [...fouls, forfeit];
  const trail = new RuleTrail();
  trail.add(...all.map((f) => f.rule), 'A10');
  const who = players(setup);
  const why = GENERAL_TEXTS.forfeits(who, forfeit.rule, describeFoul(forfeit, all));
  const result = {
    winner: setup.opponent,
    loser: setup.shooter,
    reason: 'MATCH_FORFEITED' as const,
    rule: forfeit.rule,
  };
  return ruling(setup, gameOver(result), {
    fouls: all,
    appliedFoul: forfeit,
    penalty: 'FORFEIT_OF_MATCH',
    rules: trail.ids,
    legallyPocketed: [],
    table: tableAfter(setup.ballsOnTable, facts, []),
    consecutiveFoulsAfter: setup.consecutiveFouls + 1,
    why: sentence(why, GENERAL_TEXTS.winsMatch(who)),
  });
}
