import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MatchCommand } from '../../src/domain';
import type { Clock } from '../../src/ledger/clock';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { simulateMatch } from '../support/simulator';

const clock: Clock = { now: () => new Date('2026-11-29T12:00:00.000Z') };
const ctx = (commandId: string): CommandContext => ({
  actor: 'scorer-1',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'rebuild-spec',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

// Matches are recorded command by command through the real write path (SQLite ledger file,
// live projection into a SQLite read model); then a second read model is built from nothing.
describe('match projection: rebuild equals live', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-rebuild-'));
  const store = new SqliteEventStore({
    filename: join(dir, 'ledger.sqlite'),
    synchronous: 'NORMAL',
  });
  const live = new ReadModel(join(dir, 'live.sqlite'));
  const service = new MatchCommandService(store, new MatchProjector(store, live), clock);
  const profiles = ['FPB', 'BCA', 'WPA'] as const;
  const orders = ['WINNER', 'ALTERNATE', 'LOSER', 'LEADER', 'TRAILER'] as const;
  const ids: string[] = [];

  beforeAll(async () => {
    for (let seed = 1; seed <= 30; seed++) {
      const sim = simulateMatch(seed, {
        profile: profiles[seed % 3],
        breakOrder: orders[seed % 5],
        matchId: `rebuild-${seed}`,
      });
      ids.push(sim.state.id);
      for (const [i, command] of sim.commands.entries()) {
        const outcome =
          i === 0
            ? await service.schedule(
                command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
                ctx(`${sim.state.id}-${i}`),
              )
            : await service.handle(sim.state.id, command, ctx(`${sim.state.id}-${i}`));
        // Read-your-writes: the live view is never behind the write that just returned.
        expect(live.match(sim.state.id)).toEqual(outcome.state);
      }
      expect(live.match(sim.state.id)).toEqual(sim.state);
    }
  });

  afterAll(async () => {
    live.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a read model rebuilt from an empty database equals the live one for every recorded match', async () => {
    const fresh = new ReadModel(join(dir, 'fresh.sqlite'));
    await new MatchProjector(store, fresh).catchUp();
    for (const id of ids) expect(fresh.match(id)).toEqual(live.match(id));
    expect(
      fresh
        .matchPage(undefined, 100)
        .map((r) => r.state)
        .map((m) => m.id),
    ).toEqual(
      live
        .matchPage(undefined, 100)
        .map((r) => r.state)
        .map((m) => m.id),
    );
    fresh.close();
  });

  it('rebuild() on the live read model reproduces it byte for byte', async () => {
    const before = ids.map((id) => JSON.stringify(live.match(id)));
    await new MatchProjector(store, live).rebuild();
    expect(ids.map((id) => JSON.stringify(live.match(id)))).toEqual(before);
  });

  it('completed every simulated match (so the comparison covers whole matches)', () => {
    expect(ids.every((id) => live.match(id)?.status === 'COMPLETED')).toBe(true);
  });
});

// Matches played side by side, command by command in turn, so each spans many of the rebuild's
// batches (each batch folds on from the states the one before it left).
describe('match projection: rebuild of matches played side by side', () => {
  it('equals the live views, whose every batch was one write', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const live = new ReadModel(':memory:');
    const service = new MatchCommandService(store, new MatchProjector(store, live), clock);
    const sims = Array.from({ length: 12 }, (_, i) => 41 + i).map((seed) =>
      simulateMatch(seed, { profile: 'WPA', breakOrder: 'ALTERNATE', matchId: `side-${seed}` }),
    );
    const longest = Math.max(...sims.map((s) => s.commands.length));
    for (let i = 0; i < longest; i++)
      for (const sim of sims) {
        const command = sim.commands[i];
        if (!command) continue;
        const id = `${sim.state.id}-${i}`;
        if (i === 0)
          await service.schedule(
            command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
            ctx(id),
          );
        else await service.handle(sim.state.id, command, ctx(id));
      }
    // More than three batches of 500 events, which every match spans (played in turn).
    expect((await store.readAll({ maxCount: 100_000 })).length).toBeGreaterThan(1500);
    const rebuilt = new ReadModel(':memory:');
    await new MatchProjector(store, rebuilt).rebuild();
    for (const sim of sims) {
      expect(rebuilt.match(sim.state.id)).toEqual(sim.state);
      expect(rebuilt.match(sim.state.id)).toEqual(live.match(sim.state.id));
    }
    for (const rm of [live, rebuilt]) rm.close();
    await store.close();
  });
});
