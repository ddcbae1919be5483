import type { ShotCall, ShotFacts } from '../../events/shot-facts';
import { directShot, notObvious } from '../general/cushions';
import { t, type Text } from '../general/explain';
import { mostSevere } from '../general/fouls';
import { GENERAL_TEXTS } from '../general/texts';
import { foul } from '../foul-catalogue';
import { gameOver } from '../outcome';
import type { GameEndReason, GameResult, Ruling } from '../ruling';
import type { Targets } from './fouls';
import { eightBallRuling, type EightBallShot } from './shot';
import { EIGHT_BALL_TEXTS as TEXTS } from './texts';

// The game ends on this shot; E8.18 escalates a foul involving the 8 to loss of game.
export function endOfGame(shot: EightBallShot, result: GameResult, why: Text): Ruling {
  const { setup, facts, fouls, trail } = shot;
  const shooterLost = result.loser === setup.shooter;
  if (facts.ballsOffTable.includes(8)) {
    // E8.18(c): the 8 off the table is a foul (G1.28) that loses the game.
    fouls.push(foul('EIGHT_OFF_TABLE', []));
  } else if (shooterLost && fouls.length > 0 && facts.pocketed.some((p) => p.ball === 8)) {
    // E8.18(a): a foul on the stroke that pockets the 8 loses the game (G1.30: the most severe applies).
    fouls.push(foul('EIGHT_POCKETED_ON_FOUL', []));
  }
  trail.add(...fouls.map((f) => f.rule), result.rule);
  const applied = mostSevere(fouls);
  return eightBallRuling(shot, gameOver(result), {
    appliedFoul: applied,
    penalty: shooterLost ? 'LOSS_OF_GAME' : applied ? applied.penalty : 'NONE',
    legallyPocketed: shooterLost ? [] : facts.pocketed.map((p) => p.ball),
    why,
  });
}

// The shooter loses the game under E8.18.
export function lost(shot: EightBallShot, reason: GameEndReason, why: Text): Ruling {
  const { shooter, opponent } = shot.setup;
  return endOfGame(shot, { winner: opponent, loser: shooter, reason, rule: 'E8.18' }, why);
}

// E8.18: the five ways to lose on the 8, and the one way to win (E8.1); null if the 8 stayed up.
export function eightBallEnds(
  shot: EightBallShot,
  tg: Targets,
  calledBall: number | null,
): Ruling | null {
  const { setup, facts, who } = shot;
  if (facts.ballsOffTable.includes(8)) return lost(shot, 'EIGHT_OFF_TABLE', TEXTS.eightOff(who));
  const eightPocket = facts.pocketed.find((p) => p.ball === 8);
  if (!eightPocket) return null;
  // E8.18(a) first: a foul on the stroke that pockets the 8, early or not, is the foul applied
  // (EIGHT_POCKETED_ON_FOUL), so the game is lost for that reason, in the ruling and everywhere.
  const applied = mostSevere(shot.fouls);
  if (applied) {
    const detail = t(applied.detail, applied.detailPt);
    return lost(shot, 'EIGHT_POCKETED_WITH_FOUL', TEXTS.eightOnFoul(who, applied.rule, detail));
  }
  if (!tg.onEight) {
    const withLast =
      !tg.open && tg.ownOnTable.length > 0 && tg.ownOnTable.every((b) => shot.down.includes(b));
    return withLast
      ? lost(shot, 'EIGHT_POCKETED_WITH_LAST_GROUP_BALL', TEXTS.eightWithLastBall(who))
      : lost(shot, 'EIGHT_POCKETED_EARLY', TEXTS.eightEarly(who));
  }
  const call = setup.call;
  const calledEight =
    calledBall === 8
      ? call!.pocket === eightPocket.pocket
      : call === null && facts.callObvious && directShot(facts) && facts.firstContact === 8;
  if (!calledEight) {
    return lost(
      shot,
      'EIGHT_IN_UNCALLED_POCKET',
      TEXTS.eightUncalledPocket(who, eightPocket.pocket, neverObvious(call, facts)),
    );
  }
  shot.trail.add('E8.1');
  const result: GameResult = {
    winner: setup.shooter,
    loser: setup.opponent,
    reason: 'EIGHT_POCKETED_LEGALLY',
    rule: 'E8.1',
  };
  return endOfGame(shot, result, TEXTS.eightWins(who, eightPocket.pocket));
}

// A9: the 8 dropped uncalled on a shot the record attests obvious, which it cannot be.
function neverObvious(call: ShotCall | null, facts: ShotFacts): Text | null {
  const never = call === null ? notObvious(facts) : null;
  return never && GENERAL_TEXTS.neverObvious(never);
}
