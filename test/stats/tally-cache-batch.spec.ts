import type { MatchCommand } from '../../src/domain';
import { simulateMatch } from '../../src/demo/simulator';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { statsProjection } from '../../src/stats/stats.projection';
import { adminContext, tickingClock } from '../support/recorded-ledger';

// The stats keep the tallies of only a few completed matches. A batch that completes one match
// and then signs an older completed one must not lose the older one's tally halfway through the
// batch (its history was not read before the commit, as it was cached then).

type Sim = ReturnType<typeof simulateMatch>;

async function play(service: MatchCommandService, sim: Sim, from = 0): Promise<void> {
  const { commands, state } = sim;
  for (let i = from; i < commands.length; i++) {
    const context = adminContext(`${state.id}-${i}`);
    if (i === 0)
      await service.schedule(
        commands[0] as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
        context,
      );
    else await service.handle(state.id, commands[i], context);
  }
}

const signOff = (sim: Sim): MatchCommand => ({
  type: 'SignOffMatch',
  by: sim.state.players[0].id,
  capacity: 'PLAYER',
});

const writer = (store: SqliteEventStore) =>
  new MatchCommandService(
    store,
    new MatchProjector(store, new ReadModel(':memory:')),
    tickingClock(),
  );

describe('stats tallies of completed matches, several in one batch', () => {
  it('a rebuild where each match is signed only after twenty more have ended', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const w = writer(store);
    const sims = Array.from({ length: 80 }, (_, i) =>
      simulateMatch(i + 100, { matchId: `r${i}`, raceTo: 1 }),
    );
    for (const [i, sim] of sims.entries()) {
      await play(w, sim);
      if (i >= 20) await w.handle(`r${i - 20}`, signOff(sims[i - 20]), adminContext(`sign-${i}`));
    }
    const rebuilt = new ReadModel(':memory:', [statsProjection()]);
    await new MatchProjector(store, rebuilt).catchUp();
    const matches = rebuilt.database.prepare('SELECT count(*) FROM stat_matches').pluck().get();
    expect(matches).toBe(80);
  });

  it('a catch-up batch that ends one match and signs one of the 32 completed before it', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const rm = new ReadModel(':memory:', [statsProjection()]);
    const live = new MatchCommandService(store, new MatchProjector(store, rm), tickingClock());
    const sims = Array.from({ length: 33 }, (_, i) =>
      simulateMatch(i + 1, { matchId: `m${i + 1}`, raceTo: 1 }),
    );
    for (const sim of sims.slice(0, 32)) await play(live, sim);
    const last = sims[32];
    await play(live, { ...last, commands: last.commands.slice(0, -1) });
    // Written by another server: this read model takes both in one batch.
    const other = writer(store);
    await play(other, last, last.commands.length - 1);
    await other.handle('m1', signOff(sims[0]), adminContext('m1-sign'));
    await expect(new MatchProjector(store, rm).catchUp()).resolves.toBeUndefined();
  });
});
