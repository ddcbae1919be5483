import type { MatchCommand } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { featureProjections } from '../../src/read-models';
import { adminContext, tickingClock } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

const ctx = (commandId: string) => adminContext(commandId, 'coalesced');

// Writes that finish while the read model is busy are projected together: one transaction for
// all of them, the same views as one at a time, and still no read of the feed.
describe('projector: concurrent writes share one catch-up', () => {
  const MATCHES = 8;
  const sims = Array.from({ length: MATCHES }, (_, i) =>
    simulateMatch(20 + i, { matchId: `co-${i}`, raceTo: 1 }),
  );
  const play = (service: MatchCommandService, m: number, i: number) =>
    i === 0
      ? service.schedule(
          sims[m].commands[0] as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
          ctx(`co-${m}-${i}`),
        )
      : service.handle(`co-${m}`, sims[m].commands[i], ctx(`co-${m}-${i}`));

  it('commits once per round of concurrent writes, reads nothing back, and equals a rebuild', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const views = new ReadModel(':memory:', featureProjections());
    const projector = new MatchProjector(store, views);
    const service = new MatchCommandService(store, projector, tickingClock());
    let commits = 0;
    projector.onCommitted(() => (commits += 1));
    const feed = jest.spyOn(store, 'readAll');
    const rounds = Math.min(...sims.map((s) => s.commands.length));
    for (let i = 0; i < rounds; i++) await Promise.all(sims.map((_, m) => play(service, m, i)));
    // The first write of a round commits alone; the others, finished meanwhile, together.
    expect(commits).toBeLessThanOrEqual(2 * rounds);
    expect(commits).toBeGreaterThanOrEqual(rounds);
    expect(feed).not.toHaveBeenCalled();
    feed.mockRestore();

    const rebuilt = new ReadModel(':memory:', featureProjections());
    await new MatchProjector(store, rebuilt).catchUp();
    for (let m = 0; m < MATCHES; m++)
      expect(views.match(`co-${m}`)).toEqual(rebuilt.match(`co-${m}`));
    expect(views.audit({}, undefined, 100_000)).toEqual(rebuilt.audit({}, undefined, 100_000));
    expect(views.checkpoint('matches')).toEqual(rebuilt.checkpoint('matches'));
    await store.close();
  });

  it('a call without a write that joins waiting writes makes them read the feed to its end', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const views = new ReadModel(':memory:');
    const projector = new MatchProjector(store, views);
    const service = new MatchCommandService(store, projector, tickingClock());
    const elsewhere = new MatchCommandService(
      store,
      new MatchProjector(store, new ReadModel(':memory:')),
      tickingClock(),
    );
    await play(service, 1, 0);
    // The next projection is held in prepare(), so the writes after it wait together.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const prepare = views.prepare.bind(views);
    const held = jest.spyOn(views, 'prepare').mockImplementationOnce(async (...args) => {
      await gate;
      return prepare(...args);
    });
    const first = play(service, 2, 0);
    while (held.mock.calls.length === 0) await new Promise((r) => setImmediate(r));
    const waiting = [3, 4].map((m) => play(service, m, 0));
    while ((await store.readStream('match-co-4')).length === 0)
      await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    // Appended around this projector after them: the waiting writes' own events follow the
    // checkpoint end to end, so only the joined call's read brings this one in.
    await play(elsewhere, 0, 0);
    const plain = projector.catchUp();
    release();
    await Promise.all([first, ...waiting, plain]);
    for (const m of [0, 1, 2, 3, 4]) expect(views.match(`co-${m}`)?.version).toBe(1);
    held.mockRestore();
    await store.close();
  });
});
