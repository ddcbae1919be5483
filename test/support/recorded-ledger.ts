import type { LedgerEvent, MatchCommand } from '../../src/domain';
import type { Clock } from '../../src/ledger/clock';
import { matchStream, toAppend } from '../../src/ledger/envelope';
import { NO_STREAM, type EventStore } from '../../src/ledger/event-store';
import { sealEvents } from '../../src/ledger/hash-chain';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { simulateMatch } from './simulator';

// A clock that ticks one second per reading, so recordedAt differs from event to event.
export function tickingClock(start = Date.parse('2026-11-29T12:00:00.000Z')): Clock {
  let t = start;
  return {
    now: () => {
      const d = new Date(t);
      t += 1000;
      return d;
    },
  };
}

// An admin's command context, as the API builds it, for tests that call the command service.
export const adminContext = (commandId: string, correlationId = 'audit-spec'): CommandContext => ({
  actor: 'scorer-1',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId,
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

// Plays simulated matches command by command through the real write path (so every event is
// hash-chained as the API chains it) and returns their ids.
export async function recordSimulatedMatches(
  store: EventStore,
  seeds: number[],
  clock: Clock = tickingClock(),
): Promise<string[]> {
  const readModel = new ReadModel(':memory:');
  const service = new MatchCommandService(store, new MatchProjector(store, readModel), clock);
  const ids: string[] = [];
  for (const seed of seeds) {
    const sim = simulateMatch(seed, { matchId: `audit-${seed}`, raceTo: 1 });
    ids.push(sim.state.id);
    for (const [i, command] of sim.commands.entries()) {
      if (i === 0)
        await service.schedule(
          command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
          adminContext(`${sim.state.id}-${i}`),
        );
      else await service.handle(sim.state.id, command, adminContext(`${sim.state.id}-${i}`));
    }
  }
  readModel.close();
  return ids;
}

// Appends already-decided events straight to the store (no engine on the way), chained as the
// write path chains them: how a ledger written by another engine version would look. `first`
// numbers the commands of a later call on from where an earlier one stopped.
export async function appendRecorded(
  store: EventStore,
  matchId: string,
  batches: LedgerEvent[][],
  clock: Clock = tickingClock(),
  first = 0,
): Promise<void> {
  const stream = matchStream(matchId);
  for (const [i, batch] of batches.entries()) {
    const existing = await store.readStream(stream);
    const head = existing[existing.length - 1] ?? null;
    const at = clock.now().toISOString();
    const events = sealEvents(
      stream,
      head,
      toAppend(batch, {
        recordedBy: 'scorer-old',
        role: 'SCORER',
        recordedAt: at,
        occurredAt: at,
        origin: null,
        commandId: `${matchId}-old-${first + i}`,
        correlationId: 'import',
        causationId: null,
        engineVersion: '0.9.0',
        ruleProfile: null,
      }),
    );
    await store.append(stream, events, head ? head.revision : NO_STREAM);
  }
}
