import { DemoSeeder, seasonClock } from '../../src/demo/seed-demo';
import { writeExport } from '../../src/exports/ndjson-export';
import type { EventStore } from '../../src/ledger/event-store';
import { SliceQueue } from '../../src/ledger/slices';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { countLoopTurns } from '../support/loop-turns';

// A page of the ledger is read and decoded in one piece: in the server's slices the pages are
// small, so an export never reads more than a page in one turn of the event loop.
describe('an export in slices reads at most a small page per turn of the event loop', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:', []);

  beforeAll(async () => {
    const clock = seasonClock();
    const projector = new MatchProjector(store, readModel);
    await new DemoSeeder(
      new MatchCommandService(store, projector, clock),
      new RegistryCommandService(store, projector, clock),
    ).run({ players: 6, matches: 4, seed: 2 });
  });
  afterAll(async () => {
    readModel.close();
    await store.close();
  });

  it.each([
    ['the whole ledger', { kind: 'all' as const }],
    ['a competition', { kind: 'competition' as const, competitionId: 'demo-2-open' }],
  ])('%s', async (_name, scope) => {
    const turns = countLoopTurns();
    const readIn = new Map<number, number>();
    const counted = (events: unknown[]) => {
      const turn = turns.count();
      readIn.set(turn, (readIn.get(turn) ?? 0) + events.length);
      return events;
    };
    const reads: EventStore = Object.create(store) as EventStore;
    reads.readAll = (o) => store.readAll(o).then(counted) as ReturnType<EventStore['readAll']>;
    reads.readStream = (id, o) =>
      store.readStream(id, o).then(counted) as ReturnType<EventStore['readStream']>;
    // A zero-length slice: every event is a slice boundary, whatever the machine's speed.
    const queue = new SliceQueue(0);
    let lines = 0;
    await queue.run((slice) => writeExport(reads, scope, () => void (lines += 1), slice));
    turns.stop();
    const total = [...readIn.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(300);
    expect(lines).toBeGreaterThan(1);
    expect(Math.max(...readIn.values())).toBeLessThanOrEqual(100);
  });
});
