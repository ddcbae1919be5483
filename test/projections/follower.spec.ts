import type { MatchCommand } from '../../src/domain';
import type { Clock } from '../../src/ledger/clock';
import { KurrentDbEventStore } from '../../src/ledger/kurrentdb/kurrentdb-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { FakeKurrentDbClient } from '../support/fake-kurrentdb-client';
import { simulateMatch } from '../support/simulator';

const clock: Clock = { now: () => new Date('2026-11-29T12:00:00.000Z') };
const ctx = (commandId: string): CommandContext => ({
  actor: 'scorer-1',
  role: 'SCORER',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'follower-spec',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the follower');
    await new Promise((r) => setTimeout(r, 5));
  }
}

// Two API replicas on one KurrentDB (an in-memory fake of the client here): replica A only reads,
// replica B writes. A's read model, fed by its live subscription, follows B's writes.
describe('projection follower: catch up, follow live, rebuild from zero', () => {
  const cluster = new FakeKurrentDbClient();
  const storeA = new KurrentDbEventStore(cluster.asClient());
  const storeB = new KurrentDbEventStore(cluster.asClient());
  const viewsA = new ReadModel(':memory:');
  const viewsB = new ReadModel(':memory:');
  const projectorA = new MatchProjector(storeA, viewsA, { retryDelayMs: 10 });
  const writerB = new MatchCommandService(storeB, new MatchProjector(storeB, viewsB), clock);

  async function record(seed: number): Promise<string> {
    const sim = simulateMatch(seed, {
      profile: 'WPA',
      breakOrder: 'ALTERNATE',
      matchId: `follow-${seed}`,
    });
    for (const [i, command] of sim.commands.entries()) {
      const outcome =
        i === 0
          ? await writerB.schedule(
              command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
              ctx(`${seed}-${i}`),
            )
          : await writerB.handle(sim.state.id, command, ctx(`${seed}-${i}`));
      // Read-your-writes on the writing replica, whatever the other replica's lag.
      expect(outcome.state.version).toBeGreaterThan(0);
    }
    return sim.state.id;
  }

  afterAll(async () => {
    await projectorA.stopFollowing();
    viewsA.close();
    viewsB.close();
  });

  it('catches up with what was written before it started, then follows live writes', async () => {
    const early = await record(1);
    await projectorA.catchUp();
    expect(viewsA.match(early)).toEqual(viewsB.match(early));
    projectorA.follow();
    expect(projectorA.following).toBe(true);
    const late = await record(2);
    await until(() => JSON.stringify(viewsA.match(late)) === JSON.stringify(viewsB.match(late)));
    expect(viewsA.match(late)?.status).toBe('COMPLETED');
    expect(viewsA.checkpoint('matches')).toBe(viewsB.checkpoint('matches'));
  });

  it('ignores redelivered events: a catch-up after the live tail changes nothing', async () => {
    const before = JSON.stringify(viewsA.matchPage(undefined, 10).map((r) => r.state));
    await projectorA.catchUp();
    expect(JSON.stringify(viewsA.matchPage(undefined, 10).map((r) => r.state))).toBe(before);
  });

  it('rebuild starts from zero, reproduces the views and keeps following', async () => {
    const before = JSON.stringify(viewsA.matchPage(undefined, 10).map((r) => r.state));
    await projectorA.rebuild();
    expect(JSON.stringify(viewsA.matchPage(undefined, 10).map((r) => r.state))).toBe(before);
    expect(projectorA.following).toBe(true);
    const third = await record(3);
    await until(() => JSON.stringify(viewsA.match(third)) === JSON.stringify(viewsB.match(third)));
  });

  it('stops following on request', async () => {
    await projectorA.stopFollowing();
    expect(projectorA.following).toBe(false);
  });
});
