import type { MatchCommand, MatchState, ShotCall } from '../../src/domain';
import { evolve } from '../../src/domain';
import { simulateMatch } from '../../src/demo/simulator';
import type { Tap } from '../../src/console/browser/composer';
import { reporter } from '../../src/console/browser/composer';
import { shortest } from '../../src/console/browser/tap-plan';

export interface ShotTaps {
  command: MatchCommand;
  taps: Tap[] | null;
}

// Every command of a simulated match with the taps the console needs for it: a shot (with the
// call the simulator recorded just before it, which the console enters with the shot), a choice
// or the toss winner (one tap each), a referee's warning (one tap on the referee's device).
export function simulatedTaps(seed: number, discipline: 'EIGHT_BALL' | 'NINE_BALL' | 'TEN_BALL') {
  const sim = simulateMatch(seed, { discipline });
  let state: MatchState | null = null;
  let call: ShotCall | null = null;
  // The console enters the call with the shot: the shot is entered in the state before the call.
  let beforeCall: MatchState | null = null;
  const out: ShotTaps[] = [];
  sim.commands.forEach((command, i) => {
    if (command.type === 'CallShot') {
      call = command.call;
      beforeCall = state;
    } else if (command.type === 'PlayShot') {
      // The console names who reported a stroke foul itself (the referee assigned, or the
      // opponent); the simulator writes a placeholder.
      const by = reporter(state!);
      const facts = {
        ...command.facts,
        strokeFouls: command.facts.strokeFouls.map((f) => ({ ...f, reportedBy: by })),
      };
      out.push({
        command,
        taps: shortest((call && beforeCall) || state!, facts, command.call ?? call),
      });
      call = null;
      beforeCall = null;
    } else if (command.type === 'PlaceCueBall') {
      out.push({ command, taps: [{ t: 'zone', zone: command.zone }] });
    } else if (command.type !== 'ScheduleMatch') {
      out.push({ command, taps: [{ t: 'record' }] });
    }
    for (const e of sim.batches[i]) state = evolve(state, e);
  });
  return out;
}
