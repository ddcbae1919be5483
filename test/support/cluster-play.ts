import type { MatchCommand } from '../../src/domain';
import type { Clock } from '../../src/ledger/clock';
import type { EventStore } from '../../src/ledger/event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { simulateMatch } from './simulator';

// Real command traffic for the store specs: simulated matches played through the command service.

const clock: Clock = { now: () => new Date('2026-11-29T12:00:00.000Z') };

export const ctx = (commandId: string): CommandContext => ({
  actor: 'scorer-1',
  role: 'SCORER',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'cluster-spec',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

export function writer(store: EventStore): MatchCommandService {
  return new MatchCommandService(
    store,
    new MatchProjector(store, new ReadModel(':memory:')),
    clock,
  );
}

export const simulated = (seed: number) =>
  simulateMatch(seed, { profile: 'WPA', breakOrder: 'ALTERNATE', matchId: `c-${seed}` });

// Plays commands [from, to) of a simulated match through the real command service.
export async function play(
  service: MatchCommandService,
  seed: number,
  to = 12,
  from = 0,
): Promise<string> {
  const sim = simulated(seed);
  for (const [i, command] of sim.commands.slice(from, to).entries()) {
    const n = from + i;
    if (n === 0)
      await service.schedule(
        command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
        ctx(`${seed}-${n}`),
      );
    else await service.handle(sim.state.id, command, ctx(`${seed}-${n}`));
  }
  return sim.state.id;
}
