import { directShot, notObvious } from '../general/cushions';
import { GENERAL_TEXTS } from '../general/texts';
import type { Ruling } from '../ruling';
import { shootOrPassBack } from './push-out';
import { staysAtTable, turnPasses, wins, type RotationShot } from './shot';
import { ROTATION_TEXTS as TEXTS } from './texts';

const nothingPocketed = (shot: RotationShot): Ruling =>
  turnPasses(shot, 'G1.35', TEXTS.nothingPocketed(shot.who));

// N9.3: any legally pocketed ball continues the inning; the 9 legally pocketed wins, combinations
// included. A13: there is no called safety in 9-ball, so a safety recorded before it was refused
// changes nothing.
export function ninePocketing(shot: RotationShot): Ruling {
  const { down, who } = shot;
  if (down.includes(9)) return wins(shot, 'NINE_POCKETED_LEGALLY', 'N9.3', TEXTS.nineWins(who));
  if (down.length > 0) return staysAtTable(shot, 'N9.3', TEXTS.ninePocketed(who, down), false, []);
  return nothingPocketed(shot);
}

// 10-ball: called shots (T10.4), safeties (T10.5), wrongful pocketing (T10.6, A11b).
export function tenPocketing(shot: RotationShot): Ruling {
  const { facts, down, who } = shot;
  const call = shot.setup.call;
  if (call?.safety) {
    return down.length > 0
      ? shootOrPassBack(shot, 'WRONGFUL_POCKET', 'T10.6', TEXTS.pocketedOnSafety(down))
      : turnPasses(shot, 'T10.5', TEXTS.tenSafety(who));
  }
  const calledDown =
    call !== null &&
    call.ball !== null &&
    facts.pocketed.some((p) => p.ball === call.ball && p.pocket === call.pocket);
  // A9: only a direct shot can be obvious (combinations never are): the ball hit first must drop.
  const obvious =
    call === null && facts.callObvious && directShot(facts) && down.includes(facts.firstContact!);
  if (calledDown) return tenCounted(shot, call.ball!, true);
  if (obvious) return tenCounted(shot, facts.firstContact!, false);
  if (down.length > 0) {
    const never = call === null ? notObvious(facts) : null;
    const why = TEXTS.wrongfulPocket(call, down, never && GENERAL_TEXTS.neverObvious(never));
    return shootOrPassBack(shot, 'WRONGFUL_POCKET', 'T10.6', why);
  }
  return nothingPocketed(shot);
}

// T10.7 / A11b: the 10 legally pocketed as the called ball wins, even early and in a combination.
function tenCounted(shot: RotationShot, target: number, called: boolean): Ruling {
  const { who, spotMoney } = shot;
  if (target === 10) return wins(shot, 'TEN_POCKETED_LEGALLY', 'T10.7', TEXTS.tenWins(who));
  if (spotMoney.length) shot.trail.add('T10.8');
  const how = called ? TEXTS.calledIn(target, shot.setup.call!.pocket) : TEXTS.obviousBall(target);
  return staysAtTable(
    shot,
    'T10.7',
    TEXTS.tenPocketed(who, how, spotMoney.length > 0),
    false,
    spotMoney,
  );
}
