import { emptyFacts, type ShotFacts } from '../../domain/events/shot-facts';
import type { LedgerEvent } from '../../domain/events/catalogue';
import type { MatchCommand } from '../../domain/match/commands';
import { decide } from '../../domain/match/decide';
import { evolve } from '../../domain/match/evolve';
import type { GameState, MatchState } from '../../domain/match/state';
import { edge, rng, shuffle, type SkillOf } from './random';
import { nextRotationCommand } from './rotation';
import {
  groupOf,
  POCKETS,
  type BreakOrderRule,
  type Discipline,
  type RuleProfileId,
} from '../../domain/table/vocabulary';

// A seeded player of plausible matches: it only issues commands the state allows, with a mix of
// good shots, misses, fouls and accidents. 8-ball (FPB/BCA/WPA) as it always was; 9-ball and
// 10-ball (WPA) with push outs, calls, safeties, wrongful pocketings, the two-foul warning and
// three-foul losses. Used by seed-demo, benchmarks, replay tests and the property tests.
export { rng, type SkillOf } from './random';

export interface SimulatedMatch {
  commands: MatchCommand[];
  events: LedgerEvent[];
  // The events each command produced, in order (one append per command).
  batches: LedgerEvent[][];
  state: MatchState;
}

// `skillOf` (optional) makes the outcome of each shot depend on the shooter (see edge()).
export function nextCommand(
  state: MatchState,
  random: () => number,
  skillOf?: SkillOf,
): MatchCommand {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const [a, b] = state.players.map((p) => p.id);
  if (state.pendingChoice) {
    return {
      type: 'ChooseOption',
      player: state.pendingChoice.player,
      option: pick(state.pendingChoice.options),
    };
  }
  if (state.status === 'AWAITING_BREAK_ORDER')
    return {
      type: 'DecideBreakOrder',
      method: pick(['COIN_TOSS', 'LAG'] as const),
      winner: pick([a, b]),
    };
  const game = state.currentGame!;
  if (state.discipline !== 'EIGHT_BALL') return nextRotationCommand(state, game, random, skillOf);
  const shooter = game.shooter;
  const skill = skillOf?.(shooter);
  if (game.isBreakShot) return eightBallBreak(game, random, skill);
  const group = game.groups ? game.groups[shooter] : null;
  const onTable = game.ballsOnTable;
  const own = group ? onTable.filter((x) => groupOf(x) === group) : onTable.filter((x) => x !== 8);
  const targets = own.length ? own : [8];
  // A call comes first, then the shot; the simulator alternates them through state.
  if (!game.call) {
    const ball = pick(targets);
    return {
      type: 'CallShot',
      player: shooter,
      call: { ball, pocket: pick(POCKETS), safety: false },
    };
  }
  return { type: 'PlayShot', shooter, facts: eightBallShot(game, targets, random, skill) };
}

function eightBallBreak(game: GameState, random: () => number, skill?: number): MatchCommand {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const r = edge(random(), skill);
  const down =
    r < 0.55
      ? shuffle(
          game.ballsOnTable.filter((x) => x !== 8),
          random,
        ).slice(0, 1 + Math.floor(random() * 2))
      : r < 0.57
        ? [8]
        : [];
  return {
    type: 'PlayShot',
    shooter: game.shooter,
    facts: emptyFacts({
      firstContact: 1,
      objectBallsDrivenToRail:
        random() < 0.85 ? 4 + Math.floor(random() * 5) : Math.floor(random() * 4),
      pocketed: down.map((ball) => ({ ball, pocket: pick(POCKETS) })),
      cueBallScratched: random() < 0.08,
    }),
  };
}

// The shot after a call: a pot, a miss, the wrong ball first, a scratch, or the 8 too early.
function eightBallShot(
  game: GameState,
  targets: number[],
  random: () => number,
  skill?: number,
): ShotFacts {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const onTable = game.ballsOnTable;
  const called = game.call!.ball!;
  const pocket = game.call!.pocket!;
  const r = edge(random(), skill);
  if (r < 0.55) return emptyFacts({ firstContact: called, pocketed: [{ ball: called, pocket }] });
  if (r < 0.8)
    return emptyFacts({ firstContact: called, railContactsAfterFirstContact: [{ ball: 0 }] });
  if (r < 0.88) {
    const other = onTable.find((x) => !targets.includes(x)) ?? called;
    return emptyFacts({ firstContact: other, railContactsAfterFirstContact: [{ ball: other }] });
  }
  if (r < 0.95)
    return emptyFacts({
      firstContact: called,
      pocketed: [{ ball: called, pocket }],
      cueBallScratched: true,
    });
  const withEight = onTable.includes(8) && called !== 8 ? [{ ball: 8, pocket: pick(POCKETS) }] : [];
  return emptyFacts({ firstContact: called, pocketed: [{ ball: called, pocket }, ...withEight] });
}

export function simulateMatch(
  seed: number,
  opts: {
    discipline?: Discipline;
    // Defaults to FPB for 8-ball and WPA for 9- and 10-ball (the only profile they exist under).
    profile?: RuleProfileId;
    raceTo?: number;
    breakOrder?: BreakOrderRule;
    matchId?: string;
    // Players p1 and p2's skill (see edge()); absent: the plain simulator.
    skillOf?: SkillOf;
  } = {},
): SimulatedMatch {
  const random = rng(seed);
  const discipline = opts.discipline ?? 'EIGHT_BALL';
  const schedule: MatchCommand = {
    type: 'ScheduleMatch',
    matchId: opts.matchId ?? `sim-${seed}`,
    discipline,
    ruleProfile: opts.profile ?? (discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA'),
    raceTo: opts.raceTo ?? 3,
    players: [
      { id: 'p1', name: 'Player One' },
      { id: 'p2', name: 'Player Two' },
    ],
    breakOrder: opts.breakOrder ?? 'WINNER',
    refereePresent: true,
    competition: null,
  };
  const commands: MatchCommand[] = [schedule];
  const batches: LedgerEvent[][] = [decide(schedule, null)];
  let state = batches[0].reduce<MatchState | null>(evolve, null)!;
  for (let step = 0; state.status !== 'COMPLETED'; step++) {
    if (step > 5000) throw new Error(`simulation ${seed} did not finish`);
    const command = nextCommand(state, random, opts.skillOf);
    const events = decide(command, state);
    commands.push(command);
    batches.push(events);
    for (const e of events) state = evolve(state, e);
  }
  return { commands, events: batches.flat(), batches, state };
}
