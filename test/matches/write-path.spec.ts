import { evolve, matchDecider, type LedgerEvent, type MatchCommand } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/matches/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { tickingClock } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

const ctx = (commandId: string): CommandContext => ({
  actor: 'scorer-1',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'write-path',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

// One shot costs one stream read, and each event is evolved once: the history when it is loaded,
// the new events once after the decision; the projector takes the writer's state as it is.
describe('the write path', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:');
  let evolved = 0;
  const counting = (s: Parameters<typeof evolve>[0], e: LedgerEvent) => {
    evolved += 1;
    return evolve(s, e);
  };
  const projector = new MatchProjector(store, readModel, { evolve: counting });
  const service = new MatchCommandService(store, projector, tickingClock(), {
    ...matchDecider,
    evolve: counting,
  });
  const sim = simulateMatch(7, { matchId: 'write-path', raceTo: 2 });
  const shot = sim.commands.map((c) => c.type).lastIndexOf('PlayShot');

  beforeAll(async () => {
    for (const [i, command] of sim.commands.slice(0, shot).entries()) {
      if (i === 0)
        await service.schedule(
          command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
          ctx(`wp-${i}`),
        );
      else await service.handle('write-path', command, ctx(`wp-${i}`));
    }
  });
  afterAll(async () => {
    await store.close();
    readModel.close();
  });

  it('recordShot reads its stream once and evolves each event once', async () => {
    const reads = jest.spyOn(store, 'readStream');
    const history = (await store.readStream('match-write-path')).length;
    reads.mockClear();
    evolved = 0;
    const outcome = await service.handle('write-path', sim.commands[shot], ctx(`wp-${shot}`));
    expect(outcome.events.map((r) => r.event.type)).toEqual(
      expect.arrayContaining(['ShotPlayed', 'ShotAdjudicated']),
    );
    expect(reads).toHaveBeenCalledTimes(1);
    expect(evolved).toBe(history + outcome.events.length);
    // The view the projector stored is the writer's state, and the audit index has every event.
    expect(readModel.match('write-path')).toEqual(outcome.state);
    const audit = readModel.audit({ matchId: 'write-path' }, undefined, 10_000);
    expect(audit).toHaveLength(history + outcome.events.length);
    reads.mockRestore();
  });

  it('files every new event under its game in its metadata, as the outcome does', async () => {
    const stored = await store.readStream('match-write-path');
    const outcome = await service.handle('write-path', sim.commands[shot], ctx(`wp-${shot}`));
    const last = stored.slice(-outcome.events.length);
    expect(last.map((e) => (e.metadata as { gameNumber?: unknown }).gameNumber)).toEqual(
      outcome.events.map((r) => r.gameNumber),
    );
    expect(outcome.events.every((r) => typeof r.gameNumber === 'number')).toBe(true);
  });
});
