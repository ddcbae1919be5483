import type { ShotFacts } from '../../events/shot-facts';
import { groupOf, otherGroup, type Group } from '../../table/vocabulary';
import { ENGINE_VERSION } from '../profiles';
import {
  type Penalty,
  type FoulFinding,
  type GameResult,
  type PendingChoice,
  type RuleId,
  type Ruling,
} from '../ruling';
import { assertFactsFitTable } from '../general/facts-check';
import { conduct } from '../general/conduct';
import { cushionRequirementMet } from '../general/cushions';
import {
  forfeitParts,
  generalFouls,
  mostSevere,
  RuleTrail,
  type BreakFoulPolicy,
} from '../general/fouls';
import { placementFindings } from '../general/placement';
import type { CommonSetup } from '../general/setup';
import {
  ball,
  ballInHandWhere,
  describeFoul,
  explained,
  names,
  sentence,
  t,
  type Text,
} from '../general/explain';

// The state before the shot that the 8-ball rules look at.
export interface ShotSetup extends CommonSetup {
  groups: Record<string, Group> | null;
}

function ballsAfter(
  setup: ShotSetup,
  facts: ShotFacts,
  extraSpotted: number[],
): { ballsOnTableAfter: number[]; spotted: number[] } {
  const down = new Set(facts.pocketed.map((p) => p.ball));
  // A3: BCA spots an object ball that left the table; FPB counts it pocketed; WPA leaves it off.
  const spotted = [
    ...(setup.rules.objectBallOffTable === 'SPOTTED'
      ? facts.ballsOffTable.filter((b) => b !== 8)
      : []),
    ...extraSpotted,
  ];
  const off = new Set(facts.ballsOffTable.filter((b) => !spotted.includes(b)));
  const onTable = setup.ballsOnTable.filter(
    (b) => spotted.includes(b) || (!down.has(b) && !off.has(b)),
  );
  return { ballsOnTableAfter: onTable, spotted };
}

// E8.5 / E8.6: on the break, cue-ball and object-ball fouls are break fouls (kitchen ball in hand).
const EIGHT_BALL_BREAK: BreakFoulPolicy = {
  penalty: 'BREAK_FOUL',
  scratchRule: 'E8.5',
  objectOffRule: 'E8.6',
};

function baseFouls(setup: ShotSetup, facts: ShotFacts): FoulFinding[] {
  // The 8 leaving the table is E8.18's business, not a plain G1.28 foul.
  const policy = setup.isBreak ? EIGHT_BALL_BREAK : null;
  const placement = placementFindings(setup, facts, policy ? policy.penalty : 'STANDARD_FOUL');
  return [...placement.fouls, ...generalFouls(facts, policy, [8], setup.refereePresent)];
}

export function adjudicateEightBall(setup: ShotSetup, facts: ShotFacts): Ruling {
  assertFactsFitTable(setup.ballsOnTable, facts);
  // G1.9 / G1.29 / A10: a second warned violation forfeits the match, whatever else happened.
  const behaviour = conduct(facts, setup.isBreak, setup.warnings);
  if (behaviour.forfeit) {
    const down = facts.pocketed.map((p) => p.ball);
    return {
      profile: setup.rules.id,
      engineVersion: ENGINE_VERSION,
      shooter: setup.shooter,
      isBreak: setup.isBreak,
      consecutiveFoulsAfter: setup.consecutiveFouls + 1,
      ...forfeitParts(setup, baseFouls(setup, facts), behaviour.forfeit, down, facts.ballsOffTable),
    };
  }
  const r = setup.isBreak
    ? adjudicateBreak(setup, facts, behaviour.breakInterference)
    : adjudicateShot(setup, facts);
  return behaviour.warning ? { ...r, warningIssued: behaviour.warning } : r;
}

function ruling(
  setup: ShotSetup,
  parts: Omit<
    Ruling,
    | 'profile'
    | 'engineVersion'
    | 'shooter'
    | 'isBreak'
    | 'consecutiveFoulsAfter'
    | 'pushOutAvailable'
    | 'warningIssued'
  >,
): Ruling {
  return {
    profile: setup.rules.id,
    engineVersion: ENGINE_VERSION,
    shooter: setup.shooter,
    isBreak: setup.isBreak,
    ...parts,
    // E8.20: counted for the record; three in a row is no loss in 8-ball.
    consecutiveFoulsAfter: parts.appliedFoul ? setup.consecutiveFouls + 1 : 0,
    pushOutAvailable: false,
    warningIssued: null,
  };
}

function gameOver(
  setup: ShotSetup,
  trail: RuleTrail,
  fouls: FoulFinding[],
  result: GameResult,
  facts: ShotFacts,
  why: Text,
): Ruling {
  const shooterLost = result.loser === setup.shooter;
  // E8.18(c): the 8 off the table is a foul (G1.28) that loses the game.
  if (facts.ballsOffTable.includes(8)) {
    fouls.push({
      kind: 'EIGHT_OFF_TABLE',
      rule: 'E8.18',
      penalty: 'LOSS_OF_GAME',
      detail: 'the 8 left the table',
      detailPt: 'a 8 saiu da mesa',
    });
  } else if (shooterLost && fouls.length > 0 && facts.pocketed.some((p) => p.ball === 8)) {
    // E8.18(a): a foul on the stroke that pockets the 8 escalates to loss of game (G1.30: the most severe applies).
    fouls.push({
      kind: 'EIGHT_POCKETED_ON_FOUL',
      rule: 'E8.18',
      penalty: 'LOSS_OF_GAME',
      detail: 'the 8 went down on a foul',
      detailPt: 'a 8 entrou numa tacada com falta',
    });
  }
  trail.add(...fouls.map((f) => f.rule), result.rule);
  const applied = mostSevere(fouls);
  return ruling(setup, {
    fouls,
    appliedFoul: applied,
    penalty: shooterLost ? 'LOSS_OF_GAME' : applied ? applied.penalty : 'NONE',
    rules: trail.ids,
    turn: 'GAME_OVER',
    nextShooter: null,
    ballInHand: 'NONE',
    legallyPocketed: shooterLost ? [] : facts.pocketed.map((p) => p.ball),
    ...ballsAfter(setup, facts, []),
    groupsAssigned: null,
    pendingChoice: null,
    gameResult: result,
    ...explained(why),
  });
}

function adjudicateBreak(setup: ShotSetup, facts: ShotFacts, interference: boolean): Ruling {
  const { shooter, opponent, name, rules } = setup;
  const trail = new RuleTrail();
  trail.add('G1.8');
  const fouls = baseFouls(setup, facts);
  const down = facts.pocketed.map((p) => p.ball);

  // A4 / E8.18(c): the 8 off the table on the break.
  if (facts.ballsOffTable.includes(8)) {
    if (rules.eightOffTableOnBreak === 'LOSS_OF_GAME') {
      return gameOver(
        setup,
        trail,
        fouls,
        { winner: opponent, loser: shooter, reason: 'EIGHT_OFF_TABLE', rule: 'E8.18' },
        facts,
        t(
          `${name(shooter)} drove the 8 off the table on the break and loses the game (E8.18, A4); ${name(opponent)} wins.`,
          `${name(shooter)} fez saltar a 8 para fora da mesa na saída e perde o jogo (E8.18, A4); ganha ${name(opponent)}.`,
        ),
      );
    }
    trail.add('E8.7');
    fouls.push({
      kind: 'OBJECT_BALL_OFF_TABLE',
      rule: 'G1.28',
      penalty: 'BREAK_FOUL',
      detail: 'the 8 left the table on the break',
      detailPt: 'a 8 saiu da mesa na saída',
    });
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'EIGHT_ON_BREAK',
        player: opponent,
        options: ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'],
        rule: 'E8.7',
        ballInHandIfShooting: 'BEHIND_HEAD_STRING',
      },
      t(
        `the 8 left the table on the break; ${name(opponent)} chooses to spot the 8 and shoot from the kitchen, or to re-rack and break (E8.7, A4)`,
        `a 8 saiu da mesa na saída; ${name(opponent)} escolhe recolocar a 8 e jogar da área de saída, ou voltar a armar e fazer a saída (E8.7, A4)`,
      ),
    );
  }

  // G1.9: the cue ball stopped or deflected on the break; the opponent chooses who breaks the re-rack.
  if (interference) {
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'BREAK_INTERFERENCE',
        player: opponent,
        options: ['RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
        rule: 'G1.9',
        ballInHandIfShooting: 'NONE',
      },
      t(
        `${name(shooter)} interfered with the cue ball on the break and is warned (G1.9); ${name(opponent)} chooses who breaks the re-rack`,
        `${name(shooter)} interferiu com a bola branca na saída e é advertido (G1.9); ${name(opponent)} escolhe quem faz a nova saída`,
      ),
    );
  }

  // E8.7: the 8 pocketed on the break is neither a win nor a loss; someone owes a choice.
  if (down.includes(8)) {
    trail.add('E8.7');
    if (fouls.length > 0) {
      return breakChoice(
        setup,
        trail,
        fouls,
        facts,
        {
          kind: 'EIGHT_ON_BREAK',
          player: opponent,
          options: ['RERACK_AND_BREAK', 'SPOT_EIGHT_AND_SHOOT'],
          rule: 'E8.7',
          ballInHandIfShooting: 'BEHIND_HEAD_STRING',
        },
        t(
          `the 8 went down on a foul break; ${name(opponent)} chooses to re-rack and break, or to spot the 8 and shoot with ball in hand behind the head string (E8.7)`,
          `a 8 entrou numa saída com falta; ${name(opponent)} escolhe voltar a armar e fazer a saída, ou recolocar a 8 e jogar com bola na mão atrás da linha de saída (E8.7)`,
        ),
      );
    }
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'EIGHT_ON_BREAK',
        player: shooter,
        options: ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'],
        rule: 'E8.7',
        ballInHandIfShooting: 'NONE',
      },
      t(
        `${name(shooter)} pocketed the 8 on a legal break and chooses to spot it and continue, or to re-rack and break again (E8.7)`,
        `${name(shooter)} embolsou a 8 numa saída legal e escolhe recolocá-la e continuar, ou voltar a armar e repetir a saída (E8.7)`,
      ),
      'NONE',
    );
  }

  // E8.3 / A6: a legal break pockets a ball or drives at least four object balls to cushions.
  const legal = down.length > 0 || facts.objectBallsDrivenToRail >= 4;
  if (!legal) {
    trail.add('E8.3');
    if (rules.illegalBreakIsFoul) {
      fouls.push({
        kind: 'ILLEGAL_BREAK',
        rule: 'E8.3',
        penalty: 'BREAK_FOUL',
        detail: `no ball was pocketed and only ${facts.objectBallsDrivenToRail} object balls reached a cushion`,
        detailPt: `nenhuma bola foi embolsada e só ${facts.objectBallsDrivenToRail} bolas de cor tocaram numa tabela`,
      });
    }
    const scratched = facts.cueBallScratched || facts.cueBallOffTable;
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'ILLEGAL_BREAK',
        player: opponent,
        options: ['ACCEPT_TABLE', 'RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
        rule: 'E8.3',
        ballInHandIfShooting: scratched ? 'BEHIND_HEAD_STRING' : 'NONE',
      },
      t(
        `illegal break: no ball pocketed and fewer than four object balls reached a cushion; ${name(opponent)} chooses to accept the table, re-rack and break, or have ${name(shooter)} break again (E8.3)`,
        `saída ilegal: nenhuma bola embolsada e menos de quatro bolas de cor tocaram numa tabela; ${name(opponent)} escolhe aceitar a mesa, voltar a armar e fazer a saída, ou que ${name(shooter)} repita a saída (E8.3)`,
      ),
    );
  }

  const applied = mostSevere(fouls);
  // E8.6: an object ball off the table on a legal break, with the cue ball still in play, lets the
  // incoming player take the table as it is or ball in hand behind the head string.
  const cueBallFoul =
    facts.cueBallScratched || facts.cueBallOffTable || facts.cueBallTouchedPocketedBall;
  if (applied && applied.kind === 'OBJECT_BALL_OFF_TABLE' && !cueBallFoul) {
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'BALL_OFF_TABLE_ON_BREAK',
        player: opponent,
        options: ['ACCEPT_TABLE', 'BALL_IN_HAND_BEHIND_HEAD_STRING'],
        rule: 'E8.6',
        ballInHandIfShooting: 'NONE',
      },
      t(
        `${names(facts.ballsOffTable).en} left the table on the break; ${name(opponent)} chooses to accept the table or to take ball in hand behind the head string (E8.6)`,
        `${names(facts.ballsOffTable).pt} saiu da mesa na saída; ${name(opponent)} escolhe aceitar a mesa ou ficar com bola na mão atrás da linha de saída (E8.6)`,
      ),
    );
  }
  if (applied) {
    trail.add(...fouls.map((f) => f.rule));
    // E8.5 / G1.10: break fouls give ball in hand behind the head string; stroke fouls, anywhere (E8.13).
    const kitchen = applied.penalty === 'BREAK_FOUL';
    trail.add(kitchen ? 'G1.10' : 'G1.17');
    return ruling(setup, {
      fouls,
      appliedFoul: applied,
      penalty: applied.penalty,
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: kitchen ? 'BEHIND_HEAD_STRING' : 'ANYWHERE',
      legallyPocketed: [],
      ...ballsAfter(setup, facts, []),
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      ...explained(
        sentence(
          t(
            `foul on the break by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls).en}`,
            `falta na saída de ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls).pt}`,
          ),
          t(
            `pocketed balls stay down, the table is open, and ${name(opponent)} has ${ballInHandWhere(kitchen).en} (${kitchen ? 'G1.10' : 'G1.17'})`,
            `as bolas embolsadas ficam embolsadas, a mesa está aberta e ${name(opponent)} tem ${ballInHandWhere(kitchen).pt} (${kitchen ? 'G1.10' : 'G1.17'})`,
          ),
        ),
      ),
    });
  }

  // E8.4: a ball pocketed on a legal break keeps the breaker at the table; the table stays open.
  const continues = down.length > 0;
  trail.add(continues ? 'E8.4' : 'G1.35');
  return ruling(setup, {
    fouls,
    appliedFoul: null,
    penalty: continues ? 'NONE' : 'TURN_END',
    rules: trail.ids,
    turn: continues ? 'CONTINUES' : 'PASSES',
    nextShooter: continues ? shooter : opponent,
    ballInHand: 'NONE',
    legallyPocketed: down,
    ...ballsAfter(setup, facts, []),
    groupsAssigned: null,
    pendingChoice: null,
    gameResult: null,
    ...explained(
      continues
        ? t(
            `Legal break: ${name(shooter)} pocketed ${names(down).en} and continues; the table is open (E8.4).`,
            `Saída legal: ${name(shooter)} embolsou ${names(down).pt} e continua; a mesa está aberta (E8.4).`,
          )
        : t(
            `Legal break with nothing pocketed: the turn passes to ${name(opponent)}, who plays the balls as they lie (G1.35).`,
            `Saída legal sem bolas embolsadas: a vez passa para ${name(opponent)}, que joga as bolas como estão (G1.35).`,
          ),
    ),
  });
}

function breakChoice(
  setup: ShotSetup,
  trail: RuleTrail,
  fouls: FoulFinding[],
  facts: ShotFacts,
  choice: PendingChoice,
  why: Text,
  // Without a foul: NONE for the breaker's own 8-ball option, BREAK_FOUL for the incoming player's options.
  penaltyWithoutFoul: Penalty = 'BREAK_FOUL',
): Ruling {
  trail.add(...fouls.map((f) => f.rule));
  const applied = mostSevere(fouls);
  return ruling(setup, {
    fouls,
    appliedFoul: applied,
    penalty: applied ? applied.penalty : penaltyWithoutFoul,
    rules: trail.ids,
    turn: 'CHOICE_PENDING',
    nextShooter: null,
    ballInHand: 'NONE',
    legallyPocketed: [],
    ...ballsAfter(setup, facts, []),
    groupsAssigned: null,
    pendingChoice: choice,
    gameResult: null,
    ...explained(sentence(why)),
  });
}

function adjudicateShot(setup: ShotSetup, facts: ShotFacts): Ruling {
  const { shooter, opponent, name, rules, call } = setup;
  const trail = new RuleTrail();
  const fouls = baseFouls(setup, facts);
  const down = facts.pocketed.map((p) => p.ball);
  const open = setup.groups === null;
  const group = setup.groups ? setup.groups[shooter] : null;
  const ownOnTable = group ? setup.ballsOnTable.filter((b) => groupOf(b) === group) : [];
  // E8.12: once the group is cleared the 8 is the shooter's only legal object ball.
  const onEight = !open && ownOnTable.length === 0;
  const isTarget = (b: number): boolean =>
    open ? b !== 8 : onEight ? b === 8 : groupOf(b) === group;

  // G1.18: first contact with a ball of one's own group (any but the 8 on an open table, E8.8).
  let eightFirstOnOpenTable = false;
  if (facts.firstContact === null) {
    fouls.push({
      kind: 'NO_FIRST_CONTACT',
      rule: 'G1.18',
      penalty: 'STANDARD_FOUL',
      detail: 'the cue ball hit no object ball',
      detailPt: 'a bola branca não tocou em nenhuma bola de cor',
    });
  } else if (open && facts.firstContact === 8) {
    if (rules.eightFirstOnOpenTableIsFoul) {
      fouls.push({
        kind: 'EIGHT_FIRST_ON_OPEN_TABLE',
        rule: 'E8.8',
        penalty: 'STANDARD_FOUL',
        detail: 'the 8 was hit first on an open table',
        detailPt: 'a 8 foi tocada primeiro com a mesa aberta',
      });
    } else {
      eightFirstOnOpenTable = true;
    }
  } else if (!isTarget(facts.firstContact)) {
    const wanted = onEight
      ? t('the 8', 'a 8')
      : group === 'SOLIDS'
        ? t('a solid', 'uma bola lisa')
        : t('a stripe', 'uma bola riscada');
    fouls.push({
      kind: 'WRONG_BALL_FIRST',
      rule: 'G1.18',
      penalty: 'STANDARD_FOUL',
      detail: `the cue ball first hit ${ball(facts.firstContact).en}, not ${wanted.en}`,
      detailPt: `a bola branca tocou primeiro ${ball(facts.firstContact).pt.replace(/^a /, 'na ')} e não ${wanted.pt.replace(/^a /, 'na ').replace(/^uma /, 'numa ')}`,
    });
  }
  const contactOk =
    facts.firstContact !== null &&
    !fouls.some(
      (f) =>
        f.kind === 'NO_FIRST_CONTACT' ||
        f.kind === 'WRONG_BALL_FIRST' ||
        f.kind === 'EIGHT_FIRST_ON_OPEN_TABLE',
    );

  // G1.4 / A9: the ball that counts is the called ball in the called pocket, or an obvious uncalled one.
  const calledBall = call && !call.safety && call.ball !== null ? call.ball : null;
  let counted: number | null = null;
  if (calledBall !== null) {
    if (
      isTarget(calledBall) &&
      facts.pocketed.some((p) => p.ball === calledBall && p.pocket === call!.pocket)
    )
      counted = calledBall;
  } else if (!call?.safety && facts.callObvious) {
    // A9: only a direct shot can be obvious (combinations never are): the ball hit first must drop.
    const direct = facts.firstContact;
    counted = direct !== null && isTarget(direct) && down.includes(direct) ? direct : null;
  }

  // G1.19 / A1: after a good first contact, a ball must be pocketed or some ball must reach a cushion.
  if (contactOk && !eightFirstOnOpenTable) {
    // G1.36: a ball declared frozen before the shot does not satisfy G1.19 on its own cushion.
    const { met: cushion, frozenApplied } = cushionRequirementMet(
      facts.railContactsAfterFirstContact,
      facts.firstContact,
      setup.frozenDeclared,
      rules.frozenOtherCushion,
    );
    const pocketSatisfies = rules.legalShotNeedsOwnGroupPocket ? counted !== null : down.length > 0;
    if (!cushion && !pocketSatisfies) {
      fouls.push({
        kind: 'NO_RAIL_AFTER_CONTACT',
        rule: frozenApplied ? 'G1.36' : 'G1.19',
        penalty: 'STANDARD_FOUL',
        detail: rules.legalShotNeedsOwnGroupPocket
          ? 'after first contact no ball reached a cushion and no own-group ball was legally pocketed'
          : 'after first contact no ball reached a cushion and nothing was pocketed',
        detailPt: rules.legalShotNeedsOwnGroupPocket
          ? 'depois do primeiro contacto nenhuma bola tocou numa tabela e nenhuma bola do próprio grupo foi embolsada legalmente'
          : 'depois do primeiro contacto nenhuma bola tocou numa tabela e nada foi embolsado',
      });
    }
  }
  trail.add(...fouls.map((f) => f.rule));

  // E8.18: the five ways to lose on the 8, and the one way to win (E8.1).
  const eightPocket = facts.pocketed.find((p) => p.ball === 8);
  if (facts.ballsOffTable.includes(8)) {
    return gameOver(
      setup,
      trail,
      fouls,
      { winner: opponent, loser: shooter, reason: 'EIGHT_OFF_TABLE', rule: 'E8.18' },
      facts,
      t(
        `${name(shooter)} drove the 8 off the table and loses the game (E8.18); ${name(opponent)} wins.`,
        `${name(shooter)} fez saltar a 8 para fora da mesa e perde o jogo (E8.18); ganha ${name(opponent)}.`,
      ),
    );
  }
  if (eightPocket) {
    if (!onEight) {
      const withLast = !open && ownOnTable.length > 0 && ownOnTable.every((b) => down.includes(b));
      return gameOver(
        setup,
        trail,
        fouls,
        {
          winner: opponent,
          loser: shooter,
          reason: withLast ? 'EIGHT_POCKETED_WITH_LAST_GROUP_BALL' : 'EIGHT_POCKETED_EARLY',
          rule: 'E8.18',
        },
        facts,
        withLast
          ? t(
              `${name(shooter)} pocketed the 8 on the same stroke as the last ball of the group and loses the game (E8.18); ${name(opponent)} wins.`,
              `${name(shooter)} embolsou a 8 na mesma tacada que a última bola do grupo e perde o jogo (E8.18); ganha ${name(opponent)}.`,
            )
          : t(
              `${name(shooter)} pocketed the 8 before clearing the group and loses the game (E8.18); ${name(opponent)} wins.`,
              `${name(shooter)} embolsou a 8 antes de acabar o grupo e perde o jogo (E8.18); ganha ${name(opponent)}.`,
            ),
      );
    }
    const applied = mostSevere(fouls);
    if (applied) {
      return gameOver(
        setup,
        trail,
        fouls,
        { winner: opponent, loser: shooter, reason: 'EIGHT_POCKETED_WITH_FOUL', rule: 'E8.18' },
        facts,
        t(
          `${name(shooter)} pocketed the 8 on a foul (${applied.rule}: ${applied.detail}) and loses the game (E8.18); ${name(opponent)} wins.`,
          `${name(shooter)} embolsou a 8 numa tacada com falta (${applied.rule}: ${applied.detailPt}) e perde o jogo (E8.18); ganha ${name(opponent)}.`,
        ),
      );
    }
    const calledEight =
      calledBall === 8
        ? call!.pocket === eightPocket.pocket
        : call === null && facts.callObvious && facts.firstContact === 8;
    if (!calledEight) {
      return gameOver(
        setup,
        trail,
        fouls,
        { winner: opponent, loser: shooter, reason: 'EIGHT_IN_UNCALLED_POCKET', rule: 'E8.18' },
        facts,
        t(
          `${name(shooter)} pocketed the 8 in ${eightPocket.pocket}, which was not the called pocket, and loses the game (E8.18); ${name(opponent)} wins.`,
          `${name(shooter)} embolsou a 8 na bolsa ${eightPocket.pocket}, que não era a bolsa cantada, e perde o jogo (E8.18); ganha ${name(opponent)}.`,
        ),
      );
    }
    trail.add('E8.1');
    return gameOver(
      setup,
      trail,
      fouls,
      { winner: shooter, loser: opponent, reason: 'EIGHT_POCKETED_LEGALLY', rule: 'E8.1' },
      facts,
      t(
        `${name(shooter)} legally pocketed the called 8 in ${eightPocket.pocket} and wins the game (E8.1).`,
        `${name(shooter)} embolsou legalmente a 8 cantada na bolsa ${eightPocket.pocket} e ganha o jogo (E8.1).`,
      ),
    );
  }

  const after = ballsAfter(setup, facts, []);
  const applied = mostSevere(fouls);
  if (applied) {
    // G1.17 / E8.13: the turn ends and the opponent has ball in hand anywhere; E8.15: balls stay down.
    trail.add('G1.17');
    if (down.length > 0) trail.add('E8.15');
    return ruling(setup, {
      fouls,
      appliedFoul: applied,
      penalty: applied.penalty,
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: 'ANYWHERE',
      legallyPocketed: [],
      ...after,
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      ...explained(
        sentence(
          t(
            `foul by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls).en}`,
            `falta de ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls).pt}`,
          ),
          t(
            `${name(opponent)} has ball in hand anywhere (G1.17)`,
            `${name(opponent)} tem bola na mão em qualquer ponto da mesa (G1.17)`,
          ),
        ),
      ),
    });
  }

  // G1.37 without a referee: the cue ball did not leave the kitchen first; no foul, but the
  // opponent chooses ball in hand or to have the balls restored and the shot replayed.
  if (placementFindings(setup, facts, 'STANDARD_FOUL').notCrossedWithoutReferee) {
    trail.add('G1.37');
    return ruling(setup, {
      fouls,
      appliedFoul: null,
      penalty: 'NONE',
      rules: trail.ids,
      turn: 'CHOICE_PENDING',
      nextShooter: null,
      ballInHand: 'NONE',
      legallyPocketed: [],
      ...after,
      groupsAssigned: null,
      pendingChoice: {
        kind: 'KITCHEN_SHOT_NOT_CROSSED',
        player: opponent,
        options: ['BALL_IN_HAND_ANYWHERE', 'REPLAY_SHOT'],
        rule: 'G1.37',
        ballInHandIfShooting: 'ANYWHERE',
        restore: [...down, ...facts.ballsOffTable],
      },
      gameResult: null,
      ...explained(
        t(
          `With no referee, ${name(shooter)}'s cue ball did not cross the head string before contact; ${name(opponent)} chooses ball in hand or to restore the balls and have the shot replayed (G1.37).`,
          `Sem árbitro, a bola branca de ${name(shooter)} não passou a linha de saída antes do contacto; ${name(opponent)} escolhe bola na mão ou repor as bolas e repetir a tacada (G1.37).`,
        ),
      ),
    });
  }

  const passes = (rule: RuleId, why: Text): Ruling => {
    trail.add(rule);
    if (down.length > 0) trail.add('E8.15');
    return ruling(setup, {
      fouls,
      appliedFoul: null,
      penalty: 'TURN_END',
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: 'NONE',
      legallyPocketed: [],
      ...after,
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      ...explained(
        sentence(
          why,
          t(
            `${name(opponent)} plays the balls as they lie (G1.35)`,
            `${name(opponent)} joga as bolas como estão (G1.35)`,
          ),
        ),
      ),
    });
  };

  if (eightFirstOnOpenTable) {
    return passes(
      'E8.8',
      t(
        `no foul: ${name(shooter)} hit the 8 first on an open table, so nothing scores and the turn ends (E8.8, A2)`,
        `sem falta: ${name(shooter)} tocou primeiro na 8 com a mesa aberta, por isso nada conta e a vez termina (E8.8, A2)`,
      ),
    );
  }
  if (call?.safety) {
    return passes(
      'E8.11',
      t(
        `${name(shooter)} played a declared safety; the turn ends${down.length ? ` and ${names(down).en} stay down` : ''} (E8.11)`,
        `${name(shooter)} jogou uma defesa declarada; a vez termina${down.length ? ` e ${names(down).pt} fica embolsada` : ''} (E8.11)`,
      ),
    );
  }
  if (counted === null) {
    if (calledBall !== null) {
      return passes(
        'G1.5',
        t(
          `${name(shooter)} did not pocket the called ${calledBall} in ${call!.pocket}; the turn ends (G1.5)`,
          `${name(shooter)} não embolsou a ${calledBall} cantada na bolsa ${call!.pocket}; a vez termina (G1.5)`,
        ),
      );
    }
    if (down.length > 0) {
      return passes(
        'G1.4',
        t(
          `${names(down).en} went down without a call and the shot was not attested obvious, so nothing scores (G1.4, A9)`,
          `${names(down).pt} entrou sem ser cantada e a tacada não foi dada como óbvia, por isso nada conta (G1.4, A9)`,
        ),
      );
    }
    return passes(
      'G1.35',
      t(
        `${name(shooter)} pocketed nothing; the turn ends`,
        `${name(shooter)} não embolsou nenhuma bola; a vez termina`,
      ),
    );
  }

  // G1.35 / E8.12: a legally pocketed ball keeps the shooter at the table; G1.32: extra balls stay down.
  trail.add('G1.35');
  if (down.length > 1) trail.add('G1.32');
  let groupsAssigned: Record<string, Group> | null = null;
  let groupSentence = t('', '');
  if (open) {
    // E8.9: the group of the legally pocketed called ball becomes the shooter's.
    const mine = groupOf(counted)!;
    groupsAssigned = { [shooter]: mine, [opponent]: otherGroup(mine) };
    trail.add('E8.9');
    const pt = (g: Group) => (g === 'SOLIDS' ? 'lisas' : 'riscadas');
    groupSentence = t(
      `; groups are set: ${name(shooter)} ${mine.toLowerCase()}, ${name(opponent)} ${otherGroup(mine).toLowerCase()} (E8.9)`,
      `; grupos definidos: ${name(shooter)} com as ${pt(mine)}, ${name(opponent)} com as ${pt(otherGroup(mine))} (E8.9)`,
    );
  }
  return ruling(setup, {
    fouls,
    appliedFoul: null,
    penalty: 'NONE',
    rules: trail.ids,
    turn: 'CONTINUES',
    nextShooter: shooter,
    ballInHand: 'NONE',
    legallyPocketed: down.filter((b) => b !== 8),
    ...after,
    groupsAssigned,
    pendingChoice: null,
    gameResult: null,
    ...explained(
      t(
        `${name(shooter)} legally pocketed ${ball(counted).en}${calledBall !== null ? ` in the called ${call!.pocket}` : ' (obvious)'}${down.length > 1 ? ` (${names(down.filter((b) => b !== counted)).en} also stay down, G1.32)` : ''} and shoots again (G1.35)${groupSentence.en}.`,
        `${name(shooter)} embolsou legalmente ${ball(counted).pt}${calledBall !== null ? ` na bolsa cantada ${call!.pocket}` : ' (tacada óbvia)'}${down.length > 1 ? ` (${names(down.filter((b) => b !== counted)).pt} também fica embolsada, G1.32)` : ''} e volta a jogar (G1.35)${groupSentence.pt}.`,
      ),
    ),
  });
}
