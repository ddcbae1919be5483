import type { ShotFacts } from '../../events/shot-facts';
import { groupOf, type Group } from '../../table/vocabulary';
import { cushionRequirementMet } from '../general/cushions';
import { generalFouls, type BreakFoulPolicy } from '../general/fouls';
import { placementFindings } from '../general/placement';
import { foul } from '../foul-catalogue';
import type { FoulFinding, FoulKind } from '../ruling';
import type { EightBallShot, ShotSetup } from './shot';
import { EIGHT_BALL_TEXTS as TEXTS } from './texts';

// E8.5 / E8.6: on the break, cue-ball and object-ball fouls are break fouls (kitchen ball in hand).
const EIGHT_BALL_BREAK: BreakFoulPolicy = {
  penalty: 'BREAK_FOUL',
  scratchRule: 'E8.5',
  objectOffRule: 'E8.6',
};

export function baseFouls(setup: ShotSetup, facts: ShotFacts): FoulFinding[] {
  // The 8 leaving the table is E8.18's business, not a plain G1.28 foul.
  const policy = setup.isBreak ? EIGHT_BALL_BREAK : null;
  const placement = placementFindings(setup, facts, policy ? policy.penalty : 'STANDARD_FOUL');
  return [...placement.fouls, ...generalFouls(facts, policy, [8], setup.refereePresent)];
}

// Which balls the shooter may play: any but the 8 on an open table, the group, then the 8 (E8.12).
export interface Targets {
  open: boolean;
  group: Group | null;
  ownOnTable: number[];
  onEight: boolean;
  isTarget: (b: number) => boolean;
}

export function targets(setup: ShotSetup): Targets {
  const open = setup.groups === null;
  const group = setup.groups ? setup.groups[setup.shooter] : null;
  const ownOnTable = group ? setup.ballsOnTable.filter((b) => groupOf(b) === group) : [];
  // E8.12: once the group is cleared the 8 is the shooter's only legal object ball.
  const onEight = !open && ownOnTable.length === 0;
  const isTarget = (b: number): boolean =>
    open ? b !== 8 : onEight ? b === 8 : groupOf(b) === group;
  return { open, group, ownOnTable, onEight, isTarget };
}

const CONTACT_FOULS: FoulKind[] = [
  'NO_FIRST_CONTACT',
  'WRONG_BALL_FIRST',
  'EIGHT_FIRST_ON_OPEN_TABLE',
];

// G1.18: first contact with a ball of one's own group (any but the 8 on an open table, E8.8).
export function contactFouls(
  shot: EightBallShot,
  tg: Targets,
): { contactOk: boolean; eightFirstOnOpenTable: boolean } {
  const { fouls } = shot;
  const first = shot.facts.firstContact;
  let eightFirstOnOpenTable = false;
  if (first === null) {
    fouls.push(foul('NO_FIRST_CONTACT', []));
  } else if (tg.open && first === 8) {
    if (shot.setup.rules.eightFirstOnOpenTableIsFoul) {
      fouls.push(foul('EIGHT_FIRST_ON_OPEN_TABLE', []));
    } else {
      eightFirstOnOpenTable = true;
    }
  } else if (!tg.isTarget(first)) {
    const wanted = tg.onEight ? TEXTS.eightBall : TEXTS.groupBall(tg.group);
    fouls.push(foul('WRONG_BALL_FIRST', [first, wanted]));
  }
  const contactOk = first !== null && !fouls.some((f) => CONTACT_FOULS.includes(f.kind));
  return { contactOk, eightFirstOnOpenTable };
}

// G1.19 / A1: after a good first contact, a ball must be pocketed or some ball must reach a cushion.
export function cushionFoul(shot: EightBallShot, counted: number | null): void {
  const { setup, facts } = shot;
  // G1.36: a ball declared frozen before the shot does not satisfy G1.19 on its own cushion.
  const { met, frozenApplied } = cushionRequirementMet(
    facts.railContactsAfterFirstContact,
    facts.firstContact,
    setup.frozenDeclared,
    setup.rules.frozenOtherCushion,
  );
  const needsOwn = setup.rules.legalShotNeedsOwnGroupPocket;
  const pocketSatisfies = needsOwn ? counted !== null : shot.down.length > 0;
  if (met || pocketSatisfies) return;
  const wording = needsOwn ? 'OWN_GROUP_POCKET' : 'ANY_POCKET';
  shot.fouls.push(
    foul('NO_RAIL_AFTER_CONTACT', [wording], { rule: frozenApplied ? 'G1.36' : 'G1.19' }),
  );
}
