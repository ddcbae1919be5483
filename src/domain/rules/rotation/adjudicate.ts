import type { ShotFacts } from '../../events/shot-facts';
import { assertFactsFitTable } from '../general/facts-check';
import { ball, describeFoul, explained, names, sentence, t, type Text } from '../general/explain';
import { conduct } from '../general/conduct';
import { cushionRequirementMet } from '../general/cushions';
import {
  forfeitRuling,
  generalFouls,
  mostSevere,
  RuleTrail,
  type BreakFoulPolicy,
} from '../general/fouls';
import { placementFindings } from '../general/placement';
import type { CommonSetup } from '../general/setup';
import { ENGINE_VERSION } from '../profiles';
import type { FoulFinding, GameEndReason, PendingChoice, RuleId, Ruling } from '../ruling';

// 9-ball (N9) and 10-ball (T10) under WPA: rotation games where the lowest ball is hit first.

export interface RotationSetup extends CommonSetup {
  discipline: 'NINE_BALL' | 'TEN_BALL';
  pushOutAvailable: boolean;
  // Whether the shooter has had the two-foul warning (N9.8).
  warned: boolean;
}

// A7: break fouls in 9- and 10-ball give ball in hand anywhere, like any standard foul.
const ROTATION_BREAK: BreakFoulPolicy = {
  penalty: 'STANDARD_FOUL',
  scratchRule: 'G1.20',
  objectOffRule: 'G1.28',
};

export function adjudicateRotation(setup: RotationSetup, facts: ShotFacts): Ruling {
  assertFactsFitTable(setup.ballsOnTable, facts);
  const behaviour = conduct(facts, setup.isBreak, setup.warnings);
  const r = adjudicate(setup, facts, behaviour.forfeit, behaviour.breakInterference);
  return behaviour.warning && !behaviour.forfeit ? { ...r, warningIssued: behaviour.warning } : r;
}

function adjudicate(
  setup: RotationSetup,
  facts: ShotFacts,
  forfeit: FoulFinding | null,
  interference: boolean,
): Ruling {
  const nine = setup.discipline === 'NINE_BALL';
  const money = nine ? 9 : 10;
  const id = (n9: RuleId, t10: RuleId): RuleId => (nine ? n9 : t10);
  const { shooter, opponent, name } = setup;
  const trail = new RuleTrail();
  const down = facts.pocketed.map((p) => p.ball);
  const pushOut = !setup.isBreak && setup.call?.pushOut === true;
  const lowest = Math.min(...setup.ballsOnTable);

  // Fouls. On a push out, wrong ball first and no cushion are suspended (N9.2); the rest apply.
  const placement = placementFindings(setup, facts, 'STANDARD_FOUL');
  const fouls: FoulFinding[] = [
    ...placement.fouls,
    ...generalFouls(facts, setup.isBreak ? ROTATION_BREAK : null, [money], setup.refereePresent),
  ];
  if (facts.ballsOffTable.includes(money)) {
    fouls.push({
      kind: 'OBJECT_BALL_OFF_TABLE',
      rule: 'G1.28',
      penalty: 'STANDARD_FOUL',
      detail: `${ball(money).en} left the table`,
      detailPt: `${ball(money).pt} saiu da mesa`,
    });
  }
  if (!pushOut) {
    const firstRule = setup.isBreak ? id('N9.1', 'T10.1') : id('N9.6', 'T10.9');
    if (facts.firstContact === null) {
      fouls.push({
        kind: 'NO_FIRST_CONTACT',
        rule: firstRule,
        penalty: 'STANDARD_FOUL',
        detail: 'the cue ball hit no object ball',
        detailPt: 'a bola branca não tocou em nenhuma bola de cor',
      });
    } else if (facts.firstContact !== lowest) {
      fouls.push({
        kind: 'WRONG_BALL_FIRST',
        rule: firstRule,
        penalty: 'STANDARD_FOUL',
        detail: `the cue ball first hit ${ball(facts.firstContact).en}, not the lowest ball, ${ball(lowest).en}`,
        detailPt: `a bola branca tocou primeiro na ${facts.firstContact} e não na bola mais baixa, a ${lowest}`,
      });
    } else if (setup.isBreak) {
      // N9.1 / T10.1: with nothing pocketed, at least four object balls must reach a cushion.
      if (down.length === 0 && facts.objectBallsDrivenToRail < 4) {
        fouls.push({
          kind: 'ILLEGAL_BREAK',
          rule: id('N9.1', 'T10.1'),
          penalty: 'STANDARD_FOUL',
          detail: `nothing was pocketed and only ${facts.objectBallsDrivenToRail} object balls reached a cushion`,
          detailPt: `nenhuma bola foi embolsada e só ${facts.objectBallsDrivenToRail} bolas de cor tocaram numa tabela`,
        });
      }
    } else if (
      down.length === 0 &&
      !cushionRequirementMet(
        facts.railContactsAfterFirstContact,
        facts.firstContact,
        setup.frozenDeclared,
        setup.rules.frozenOtherCushion,
      ).met
    ) {
      // N9.7 (with G1.36 for a ball declared frozen before the shot).
      fouls.push({
        kind: 'NO_RAIL_AFTER_CONTACT',
        rule: setup.frozenDeclared.some((f) => f.ball === facts.firstContact)
          ? 'G1.36'
          : id('N9.7', 'T10.9'),
        penalty: 'STANDARD_FOUL',
        detail: 'nothing was pocketed and no ball reached a cushion after contact',
        detailPt: 'nada foi embolsado e nenhuma bola tocou numa tabela depois do contacto',
      });
    }
  }

  const base = {
    profile: setup.rules.id,
    engineVersion: ENGINE_VERSION,
    shooter,
    isBreak: setup.isBreak,
    fouls,
    groupsAssigned: null,
    warningIssued: null,
  };
  // G1.9 / G1.29 / A10: a second warned violation forfeits the match.
  if (forfeit) {
    return forfeitRuling(setup, facts, fouls, forfeit);
  }
  // G1.9: the cue ball stopped or deflected on the break; warned, and the opponent chooses who
  // breaks the re-rack.
  if (interference) {
    const trailG19 = new RuleTrail();
    trailG19.add(...fouls.map((f) => f.rule), 'G1.9');
    return {
      ...base,
      appliedFoul: mostSevere(fouls),
      penalty: 'BREAK_FOUL',
      rules: trailG19.ids,
      turn: 'CHOICE_PENDING',
      nextShooter: null,
      ballInHand: 'NONE',
      legallyPocketed: [],
      spotted: [],
      ballsOnTableAfter: setup.ballsOnTable.filter(
        (b) => !down.includes(b) && !facts.ballsOffTable.includes(b),
      ),
      pendingChoice: {
        kind: 'BREAK_INTERFERENCE',
        player: opponent,
        options: ['RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
        rule: 'G1.9',
        ballInHandIfShooting: 'NONE',
      },
      gameResult: null,
      consecutiveFoulsAfter: setup.consecutiveFouls + 1,
      pushOutAvailable: false,
      ...explained(
        t(
          `${name(shooter)} interfered with the cue ball on the break and is warned (G1.9); ${name(opponent)} chooses who breaks the re-rack.`,
          `${name(shooter)} interferiu com a bola branca na saída e é advertido (G1.9); ${name(opponent)} escolhe quem faz a nova saída.`,
        ),
      ),
    };
  }
  const after = (spotted: number[]) => ({
    spotted,
    ballsOnTableAfter: setup.ballsOnTable.filter(
      (b) => spotted.includes(b) || (!down.includes(b) && !facts.ballsOffTable.includes(b)),
    ),
  });
  const moneyGone = down.includes(money) || facts.ballsOffTable.includes(money);
  // N9.4 / T10.8: the money ball comes back whenever it went down or off other than to win.
  const spotMoney = moneyGone ? [money] : [];
  const spottedClause = (rule: RuleId): Text =>
    t(
      `${ball(money).en} is spotted (${rule})`,
      `${ball(money).pt} é recolocada na marca (${rule})`,
    );

  const applied = mostSevere(fouls);
  if (applied) {
    trail.add(...fouls.map((f) => f.rule));
    const count = setup.consecutiveFouls + 1;
    const foulClause = t(
      `foul by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls).en}`,
      `falta de ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls).pt}`,
    );
    // N9.8 / T10.10: a third foul in a row loses the rack, but only after the two-foul warning;
    // unwarned, it counts as the second.
    if (count >= 3 && setup.warned) {
      const third: FoulFinding = {
        kind: 'THIRD_CONSECUTIVE_FOUL',
        rule: id('N9.8', 'T10.10'),
        penalty: 'LOSS_OF_GAME',
        detail: 'a third consecutive foul after the two-foul warning',
        detailPt: 'terceira falta consecutiva depois do aviso das duas faltas',
      };
      trail.add(third.rule);
      return {
        ...base,
        fouls: [...fouls, third],
        appliedFoul: third,
        penalty: 'LOSS_OF_GAME',
        rules: trail.ids,
        turn: 'GAME_OVER',
        nextShooter: null,
        ballInHand: 'NONE',
        legallyPocketed: [],
        ...after(spotMoney),
        pendingChoice: null,
        gameResult: {
          winner: opponent,
          loser: shooter,
          reason: 'THREE_CONSECUTIVE_FOULS',
          rule: third.rule,
        },
        consecutiveFoulsAfter: count,
        pushOutAvailable: false,
        ...explained(
          sentence(
            foulClause,
            t(
              `it is the third foul in a row after the warning, so ${name(shooter)} loses the rack and ${name(opponent)} wins (${third.rule})`,
              `é a terceira falta seguida depois do aviso, por isso ${name(shooter)} perde o jogo e ganha ${name(opponent)} (${third.rule})`,
            ),
          ),
        ),
      };
    }
    trail.add(id('N9.5', 'T10.9'));
    if (spotMoney.length) trail.add(id('N9.4', 'T10.8'));
    const clauses = [
      foulClause,
      t(
        `${name(opponent)} has ball in hand anywhere (${id('N9.5', 'T10.9')})`,
        `${name(opponent)} tem bola na mão em qualquer ponto da mesa (${id('N9.5', 'T10.9')})`,
      ),
    ];
    if (spotMoney.length) clauses.push(spottedClause(id('N9.4', 'T10.8')));
    if (count >= 3) {
      clauses.push(
        t(
          `no two-foul warning was given, so this counts as the second foul (${id('N9.8', 'T10.10')})`,
          `não foi dado o aviso das duas faltas, por isso esta conta como a segunda (${id('N9.8', 'T10.10')})`,
        ),
      );
    }
    return {
      ...base,
      appliedFoul: applied,
      penalty: 'STANDARD_FOUL',
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: 'ANYWHERE',
      legallyPocketed: [],
      ...after(spotMoney),
      pendingChoice: null,
      gameResult: null,
      consecutiveFoulsAfter: count >= 3 ? 2 : count,
      pushOutAvailable: false,
      ...explained(sentence(...clauses)),
    };
  }

  const clean = { ...base, appliedFoul: null, consecutiveFoulsAfter: 0 };
  const win = (reason: GameEndReason, rule: RuleId, why: Text): Ruling => {
    trail.add(rule);
    return {
      ...clean,
      penalty: 'NONE',
      rules: trail.ids,
      turn: 'GAME_OVER',
      nextShooter: null,
      ballInHand: 'NONE',
      legallyPocketed: down,
      ...after([]),
      pendingChoice: null,
      gameResult: { winner: shooter, loser: opponent, reason, rule },
      pushOutAvailable: false,
      ...explained(sentence(why)),
    };
  };
  const choice = (kind: PendingChoice['kind'], rule: RuleId, why: Text): Ruling => {
    trail.add(rule);
    if (spotMoney.length) trail.add(id('N9.4', 'T10.8'));
    const clauses = [why];
    if (spotMoney.length) clauses.push(spottedClause(id('N9.4', 'T10.8')));
    clauses.push(
      t(
        `${name(opponent)} chooses to shoot or to hand the shot back (${rule})`,
        `${name(opponent)} escolhe jogar ou devolver a tacada (${rule})`,
      ),
    );
    return {
      ...clean,
      penalty: 'NONE',
      rules: trail.ids,
      turn: 'CHOICE_PENDING',
      nextShooter: null,
      ballInHand: 'NONE',
      legallyPocketed: [],
      ...after(spotMoney),
      pendingChoice: {
        kind,
        player: opponent,
        options: ['SHOOT', 'PASS_BACK'],
        rule,
        ballInHandIfShooting: 'NONE',
      },
      gameResult: null,
      pushOutAvailable: false,
      ...explained(sentence(...clauses)),
    };
  };
  const next = (
    continues: boolean,
    rule: RuleId,
    why: Text,
    pushOutNext: boolean,
    spotted: number[] = [],
  ): Ruling => {
    trail.add(rule);
    return {
      ...clean,
      penalty: continues ? 'NONE' : 'TURN_END',
      rules: trail.ids,
      turn: continues ? 'CONTINUES' : 'PASSES',
      nextShooter: continues ? shooter : opponent,
      ballInHand: 'NONE',
      legallyPocketed: continues ? down.filter((b) => !spotted.includes(b)) : [],
      ...after(spotted),
      pendingChoice: null,
      gameResult: null,
      pushOutAvailable: pushOutNext,
      ...explained(sentence(why)),
    };
  };
  const nothing = (): Ruling =>
    next(
      false,
      'G1.35',
      t(
        `${name(shooter)} pocketed nothing; ${name(opponent)} plays the balls as they lie (G1.35)`,
        `${name(shooter)} não embolsou nenhuma bola; ${name(opponent)} joga as bolas como estão (G1.35)`,
      ),
      false,
    );

  if (setup.isBreak) {
    // N9.3 / A11: the 9 on a legal break wins; T10.2 / A11: the 10 is spotted and the breaker continues.
    if (nine && down.includes(9)) {
      return win(
        'NINE_ON_THE_BREAK',
        'N9.3',
        t(
          `${name(shooter)} pocketed the 9 on a legal break and wins the rack (N9.3, A11)`,
          `${name(shooter)} embolsou a 9 numa saída legal e ganha o jogo (N9.3, A11)`,
        ),
      );
    }
    const pushRule = id('N9.2', 'T10.3');
    if (down.length > 0) {
      const spotted = nine ? [] : spotMoney;
      return next(
        true,
        id('N9.3', 'T10.2'),
        t(
          `legal break: ${name(shooter)} pocketed ${names(down).en}${spotted.length ? ' (the 10 is spotted, T10.2)' : ''} and continues; a push out is allowed on the next shot (${pushRule})`,
          `saída legal: ${name(shooter)} embolsou ${names(down).pt}${spotted.length ? ' (a 10 é recolocada na marca, T10.2)' : ''} e continua; a próxima tacada pode ser um push out (${pushRule})`,
        ),
        true,
        spotted,
      );
    }
    return next(
      false,
      'G1.35',
      t(
        `legal break with nothing pocketed: ${name(opponent)} plays the balls as they lie and may push out (${pushRule})`,
        `saída legal sem bolas embolsadas: ${name(opponent)} joga as bolas como estão e pode fazer push out (${pushRule})`,
      ),
      true,
    );
  }

  if (pushOut) {
    // N9.2 / T10.3: nothing scores on a push out; the money ball is spotted; the opponent chooses.
    const stay = down.filter((b) => b !== money);
    return choice(
      'AFTER_PUSH_OUT',
      id('N9.2', 'T10.3'),
      t(
        `${name(shooter)} pushed out with no foul${stay.length ? ` (${names(stay).en} stay down)` : ''}`,
        `${name(shooter)} fez push out sem falta${stay.length ? ` (${names(stay).pt} fica embolsada)` : ''}`,
      ),
    );
  }

  if (nine) {
    // N9.3: any legally pocketed ball continues the inning; the 9 legally pocketed wins, combinations included.
    if (down.includes(9)) {
      return win(
        'NINE_POCKETED_LEGALLY',
        'N9.3',
        t(
          `${name(shooter)} legally pocketed the 9 and wins the rack (N9.3)`,
          `${name(shooter)} embolsou legalmente a 9 e ganha o jogo (N9.3)`,
        ),
      );
    }
    if (setup.call?.safety) {
      return next(
        false,
        'G1.35',
        t(
          `${name(shooter)} played a declared safety${down.length ? `; ${names(down).en} stay down` : ''}; ${name(opponent)} plays the balls as they lie`,
          `${name(shooter)} jogou uma defesa declarada${down.length ? `; ${names(down).pt} fica embolsada` : ''}; ${name(opponent)} joga as bolas como estão`,
        ),
        false,
      );
    }
    if (down.length > 0) {
      return next(
        true,
        'N9.3',
        t(
          `${name(shooter)} legally pocketed ${names(down).en} and continues (N9.3)`,
          `${name(shooter)} embolsou legalmente ${names(down).pt} e continua (N9.3)`,
        ),
        false,
      );
    }
    return nothing();
  }

  // 10-ball: called shots (T10.4), safeties (T10.5), wrongful pocketing (T10.6, A11b).
  const call = setup.call;
  if (call?.safety) {
    if (down.length > 0) {
      return choice(
        'WRONGFUL_POCKET',
        'T10.6',
        t(
          `${names(down).en} went down on a called safety, which is a wrongful pocketing (T10.5, A11b)`,
          `${names(down).pt} entrou numa defesa declarada, o que é um embolsar indevido (T10.5, A11b)`,
        ),
      );
    }
    return next(
      false,
      'T10.5',
      t(
        `${name(shooter)} played a called safety; ${name(opponent)} plays the balls as they lie (T10.5)`,
        `${name(shooter)} jogou uma defesa declarada; ${name(opponent)} joga as bolas como estão (T10.5)`,
      ),
      false,
    );
  }
  const calledDown =
    call !== null &&
    call.ball !== null &&
    facts.pocketed.some((p) => p.ball === call.ball && p.pocket === call.pocket);
  // A9: only a direct shot can be obvious (combinations never are): the ball hit first must drop.
  const obvious =
    call === null &&
    facts.callObvious &&
    facts.firstContact !== null &&
    down.includes(facts.firstContact);
  if (calledDown || obvious) {
    const target = calledDown ? call!.ball! : facts.firstContact!;
    // A11b: the 10 legally pocketed as the called ball wins, even early and in a combination.
    if (target === 10) {
      return win(
        'TEN_POCKETED_LEGALLY',
        'T10.7',
        t(
          `${name(shooter)} legally pocketed the called 10 and wins the rack (T10.7, A11b)`,
          `${name(shooter)} embolsou legalmente a 10 cantada e ganha o jogo (T10.7, A11b)`,
        ),
      );
    }
    if (spotMoney.length) trail.add('T10.8');
    const how = calledDown
      ? t(`the called ${target} in ${call!.pocket}`, `a ${target} cantada na bolsa ${call!.pocket}`)
      : t(`${ball(target).en} (obvious, T10.4)`, `${ball(target).pt} (tacada óbvia, T10.4)`);
    return next(
      true,
      'T10.7',
      t(
        `${name(shooter)} legally pocketed ${how.en}${spotMoney.length ? '; the uncalled 10 is spotted (A11b)' : ''} and continues (T10.7)`,
        `${name(shooter)} embolsou legalmente ${how.pt}${spotMoney.length ? '; a 10, não cantada, é recolocada na marca (A11b)' : ''} e continua (T10.7)`,
      ),
      false,
      spotMoney,
    );
  }
  if (down.length > 0) {
    const why =
      call && call.ball !== null
        ? t(
            `the called ${call.ball} did not go down in ${call.pocket}, but ${names(down).en} did`,
            `a ${call.ball} cantada não entrou na bolsa ${call.pocket}, mas entrou ${names(down).pt}`,
          )
        : t(
            `${names(down).en} went down without a call`,
            `${names(down).pt} entrou sem ser cantada`,
          );
    return choice(
      'WRONGFUL_POCKET',
      'T10.6',
      t(
        `no foul: ${why.en}, a wrongful pocketing that ends the inning (T10.6)`,
        `sem falta: ${why.pt}, um embolsar indevido que termina a entrada (T10.6)`,
      ),
    );
  }
  return nothing();
}
