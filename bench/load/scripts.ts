import type { MatchCommand } from '../../src/domain';
import { rng, simulateMatch } from '../../src/demo/simulator';
import type { Discipline } from '../../src/domain/table/vocabulary';

// Match scripts for the load bench: the demo simulator plays each match offline (the same
// decide/evolve the server runs, so every command is one the server accepts), and each command
// becomes the GraphQL mutation a scorer's or referee's client sends for it.

export type Role = 'SCORER' | 'REFEREE';

export interface Write {
  mutation: string;
  query: string;
  // Without commandId, matchId and expectedRevision: the client adds them when it sends.
  input: Record<string, unknown>;
  role: Role;
}

export interface MatchScript {
  label: string;
  schedule: Record<string, unknown>;
  writes: Write[];
  // The stream revision the simulated match ends on (schedule and officials included).
  finalRevision: number;
}

// What a scorer's screen reads back after each write: the ruling and the score.
const RESULT = `matchId revision
  ruling { foul turn nextShooter ballInHand explanation }
  match { status revision players { id score } currentGame { shooter ballsOnTable } }`;

const queries = new Map<string, string>();

export function mutationQuery(mutation: string): string {
  let q = queries.get(mutation);
  if (!q) {
    const input = `${mutation[0].toUpperCase()}${mutation.slice(1)}Input`;
    q = `mutation($input: ${input}!) { ${mutation}(input: $input) { ${RESULT} } }`;
    queries.set(mutation, q);
  }
  return q;
}

const write = (mutation: string, input: Record<string, unknown>, role: Role = 'SCORER'): Write => ({
  mutation,
  query: mutationQuery(mutation),
  input,
  role,
});

// A domain command → the API's mutation and input (the resolvers' mapping, read backwards).
export function toWrite(command: MatchCommand): Write {
  switch (command.type) {
    case 'DecideBreakOrder': {
      const { type: _type, ...input } = command;
      return write('decideBreakOrder', input);
    }
    case 'ChooseOption':
      return write('chooseOption', { player: command.player, option: command.option });
    case 'PlaceCueBall':
      return write('placeCueBall', { player: command.player, zone: command.zone });
    case 'CallShot':
      return write('callShot', { player: command.player, ...command.call });
    case 'PlayShot':
      return write('recordShot', {
        shooter: command.shooter,
        ...command.facts,
        ...(command.call ? { call: command.call } : {}),
      });
    case 'DeclareFrozenBall': {
      const { type: _type, ...input } = command;
      return write('declareFrozenBall', input);
    }
    case 'RecordRefereeRuling': {
      const { type: _type, ...input } = command;
      return write('recordRefereeRuling', input, 'REFEREE');
    }
    default:
      throw new Error(`the load bench has no mutation for ${command.type}`);
  }
}

// One simulated match as the writes of its scorer and referee (the schedule and the officials'
// assignment are the admin's, added by the client).
export function matchScript(
  seed: number,
  discipline: Discipline,
  raceTo: number,
  breakOrder: 'WINNER' | 'ALTERNATE',
): MatchScript {
  const sim = simulateMatch(seed, { discipline, raceTo, breakOrder });
  const [schedule, ...rest] = sim.commands;
  if (schedule.type !== 'ScheduleMatch') throw new Error('a simulated match starts scheduled');
  return {
    label: `${discipline} race to ${raceTo} (seed ${seed})`,
    schedule: {
      players: schedule.players,
      discipline: schedule.discipline,
      ruleProfile: schedule.ruleProfile,
      raceTo: schedule.raceTo,
      breakOrder: schedule.breakOrder,
      refereePresent: schedule.refereePresent,
    },
    writes: rest.map(toWrite),
    // The schedule's events, one AssignOfficials event, then the simulated match.
    finalRevision: sim.events.length,
  };
}

const DISCIPLINES: Discipline[] = ['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'];

// A pool of league matches at realistic lengths: the three disciplines in turn, races to 2–5
// (as the demo season draws them), either break order. Deterministic for a given seed.
export function matchPool(count: number, seed = 1): MatchScript[] {
  const random = rng(seed);
  return Array.from({ length: count }, (_, i) =>
    matchScript(
      seed * 1000 + i,
      DISCIPLINES[i % DISCIPLINES.length],
      2 + Math.floor(random() * 4),
      random() < 0.5 ? 'WINNER' : 'ALTERNATE',
    ),
  );
}

// One 8-ball match long enough to pass revision `past` by a margin (a long race to N).
export function longMatch(past: number, margin = 500): MatchScript {
  for (let raceTo = 30; raceTo <= 50; raceTo++) {
    const script = matchScript(7, 'EIGHT_BALL', raceTo, 'WINNER');
    if (script.finalRevision >= past + margin) return script;
  }
  throw new Error(`no simulated race to 50 or less reaches revision ${past + margin}`);
}
