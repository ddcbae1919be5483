import type { MatchCommand, MatchState } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { appendRecorded, tickingClock } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

const ctx = (commandId: string): CommandContext => ({
  actor: 'admin',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'known-write',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

// The projector takes a writer's committed batch as handed only when it follows the read model's
// checkpoint with nothing in between: whatever it is handed, the view it stores must equal a fold
// of what the ledger holds.
describe('projector: a committed batch stands in for its events only when it follows the views', () => {
  const sim = simulateMatch(5, { matchId: 'kw', raceTo: 1 });

  async function rebuilt(store: SqliteEventStore): Promise<MatchState | null> {
    const fresh = new ReadModel(':memory:');
    await new MatchProjector(store, fresh).catchUp();
    return fresh.match('kw');
  }

  it('folds a batch whose place in the ledger is unknown instead of trusting its states', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await appendRecorded(store, 'kw', sim.batches);
    const views = new ReadModel(':memory:');
    const wrong = { ...sim.state, winner: 'nobody' };
    const events = await store.readStream('match-kw');
    await new MatchProjector(store, views).catchUp({
      streamId: 'match-kw',
      first: 0,
      events,
      states: events.map(() => wrong),
    });
    expect(views.match('kw')).toEqual(await rebuilt(store));
    expect(views.match('kw')!.winner).not.toBe('nobody');
  });

  it('reads and folds the feed when the batch does not follow the views', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    // The writer's own view lags: another read model is kept by its projector.
    const elsewhere = new MatchProjector(store, new ReadModel(':memory:'));
    const writer = new MatchCommandService(store, elsewhere, tickingClock());
    const outcomes = [];
    for (const [i, command] of sim.commands.entries())
      outcomes.push(
        i === 0
          ? await writer.schedule(
              command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
              ctx(`kw-${i}`),
            )
          : await writer.handle('kw', command, ctx(`kw-${i}`)),
      );
    const views = new ReadModel(':memory:');
    const mid = outcomes[Math.floor(outcomes.length / 2)];
    const first = mid.events[0].revision;
    await new MatchProjector(store, views).catchUp({
      streamId: 'match-kw',
      first,
      events: mid.events.map((r) => r.stored),
      states: mid.events.map(() => mid.state),
      previousPosition: mid.events[0].stored.position - 1n,
    });
    expect(views.match('kw')).toEqual(await rebuilt(store));
    expect(views.match('kw')).toEqual(outcomes[outcomes.length - 1].state);
  });
});
