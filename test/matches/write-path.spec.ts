import {
  evolve,
  gameNumberOf,
  matchDecider,
  type LedgerEvent,
  type MatchCommand,
} from '../../src/domain';
import * as envelope from '../../src/ledger/envelope';
import * as folding from '../../src/domain/match/evolve';
import { toDomain } from '../../src/ledger/envelope';
import { matchChannel } from '../../src/live/live-channels';
import type { LiveItem } from '../../src/kernel/live-channel.port';
import { statsProjection } from '../../src/stats/stats.projection';
import type { EventStore } from '../../src/ledger/event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
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
  const types = sim.commands.map((c) => c.type);
  const shot = types.lastIndexOf('PlayShot');
  const earlierShot = types.lastIndexOf('PlayShot', shot - 1);
  const play = (writer: MatchCommandService, i: number) =>
    i === 0
      ? writer.schedule(
          sim.commands[0] as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
          ctx(`wp-${i}`),
        )
      : writer.handle('write-path', sim.commands[i], ctx(`wp-${i}`));

  beforeAll(async () => {
    for (let i = 0; i < earlierShot; i++) await play(service, i);
  });
  afterAll(async () => {
    await store.close();
    readModel.close();
  });

  it('a writer that wrote the stream before reads only what follows and evolves only the new events', async () => {
    const revision = (await store.readStream('match-write-path')).length - 1;
    const reads = jest.spyOn(store, 'readStream');
    const feed = jest.spyOn(store, 'readAll');
    evolved = 0;
    const outcome = await play(service, earlierShot);
    expect(outcome.events.map((r) => r.event.type)).toContain('ShotAdjudicated');
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads).toHaveBeenCalledWith('match-write-path', { fromRevision: revision + 1 });
    expect(evolved).toBe(outcome.events.length);
    // The read model stood just before the append: it is handed the events, not reading them back.
    expect(feed).not.toHaveBeenCalled();
    expect(readModel.match('write-path')).toEqual(outcome.state);
    reads.mockRestore();
    feed.mockRestore();
    for (let i = earlierShot + 1; i < shot; i++) await play(service, i);
  });

  it('recordShot reads its stream once and evolves each event once', async () => {
    // Another writer (a restarted process, a replica) starts with nothing folded.
    const cold = new MatchCommandService(store, projector, tickingClock(Date.parse('2026-12-01')), {
      ...matchDecider,
      evolve: counting,
    });
    const reads = jest.spyOn(store, 'readStream');
    const history = (await store.readStream('match-write-path')).length;
    reads.mockClear();
    evolved = 0;
    const outcome = await play(cold, shot);
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

  it('reads the feed when something else was appended since the read model last moved', async () => {
    const other = simulateMatch(9, { matchId: 'other' });
    // Appended around the projector, as another process would.
    await new MatchCommandService(
      store,
      new MatchProjector(store, new ReadModel(':memory:')),
      tickingClock(),
    ).schedule(other.commands[0] as Extract<MatchCommand, { type: 'ScheduleMatch' }>, ctx('o-0'));
    expect(readModel.match('other')).toBeNull();
    const feed = jest.spyOn(store, 'readAll');
    await service.handle('other', other.commands[1], ctx('o-1'));
    expect(feed).toHaveBeenCalled();
    expect(readModel.match('other')?.version).toBe((await store.readStream('match-other')).length);
    feed.mockRestore();
  });

  it('stamps every event with the game an independent fold files it under', async () => {
    const stored = await store.readStream('match-write-path');
    let state: ReturnType<typeof evolve> | null = null;
    const folded = stored.map((e) => {
      const event = toDomain(e);
      state = evolve(state, event);
      return gameNumberOf(event, state);
    });
    expect(stored.map((e) => (e.metadata as { gameNumber?: unknown }).gameNumber)).toEqual(folded);
    expect(folded.filter((g) => g !== null).length).toBeGreaterThan(stored.length / 2);
  });

  // B loaded the stream before A appended and reuses A's command id: the store acknowledges B's
  // append as a retry of A's (same event ids, same revision) and hands back A's events.
  describe('a command racing an earlier one with the same id', () => {
    const officials = (scorers: string[]): MatchCommand => ({
      type: 'AssignOfficials',
      scorers,
      referees: [],
    });
    const race = simulateMatch(8, { matchId: 'race' });
    beforeAll(async () => {
      await service.schedule(
        race.commands[0] as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
        ctx('race-0'),
      );
    });
    const staleWriter = async (): Promise<MatchCommandService> => {
      const before = await store.readStream('match-race');
      let stale = true;
      const racing: EventStore = {
        append: (s, e, x) => store.append(s, e, x),
        readAll: (o) => store.readAll(o),
        readStream: (s, o) => {
          if (!stale) return store.readStream(s, o);
          stale = false;
          return Promise.resolve(before);
        },
        close: () => Promise.resolve(),
      };
      return new MatchCommandService(racing, projector, tickingClock(Date.parse('2027-01-01')));
    };

    it('is refused when its payload differs, and the view keeps what landed', async () => {
      const late = await staleWriter();
      await service.handle('race', officials(['scorer-a']), ctx('race-1'));
      await expect(
        late.handle('race', officials(['scorer-b']), ctx('race-1')),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(readModel.match('race')!.officials.scorers).toEqual(['scorer-a']);
    });

    it('gets the outcome of the attempt that landed when its payload is the same', async () => {
      const late = await staleWriter();
      const first = await service.handle('race', officials(['scorer-c']), ctx('race-2'));
      const second = await late.handle('race', officials(['scorer-c']), ctx('race-2'));
      expect(second.events.map((r) => r.stored)).toEqual(first.events.map((r) => r.stored));
      expect(second.state).toEqual(first.state);
      expect(readModel.match('race')).toEqual(first.state);
    });
  });
});

// The committed batch carries each event's state, so the feature read models (stats) and a live
// follower of the match take the write as handed: still one store read, and no fold beyond the
// writer's one per new event, counted at the match's evolve itself (whoever calls it).
describe('the write path with the stats and live read models', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:', [statsProjection()]);
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
  const sim = simulateMatch(7, { matchId: 'wp-views', raceTo: 2 });
  const shot = sim.commands.map((c) => c.type).lastIndexOf('PlayShot');
  const play = (i: number) =>
    i === 0
      ? service.schedule(
          sim.commands[0] as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
          ctx(`wpv-${i}`),
        )
      : service.handle('wp-views', sim.commands[i], ctx(`wpv-${i}`));
  const followed: LiveItem[] = [];

  beforeAll(async () => {
    for (let i = 0; i < shot; i++) await play(i);
    const channel = matchChannel(readModel, store, 'wp-views');
    projector.onCommitted((batch) => followed.push(...channel.take(batch, new Map())));
  });
  afterAll(async () => {
    await store.close();
    readModel.close();
  });

  it('a shot costs one stream read and one fold per new event, stats and the live follower included', async () => {
    const shotRows = () =>
      readModel.database
        .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM shots WHERE match_id = ?')
        .get('wp-views')!.n;
    const before = shotRows();
    const reads = jest.spyOn(store, 'readStream');
    const folds = jest.spyOn(envelope, 'applyStored');
    const evolves = jest.spyOn(folding, 'evolve');
    evolved = 0;
    const outcome = await play(shot);
    expect(outcome.events.map((r) => r.event.type)).toContain('ShotAdjudicated');
    expect(reads).toHaveBeenCalledTimes(1);
    expect(evolved).toBe(outcome.events.length);
    expect(folds).not.toHaveBeenCalled();
    // The stats tally and the live follower fold nothing: the writer's folds are all there are.
    expect(evolves).toHaveBeenCalledTimes(outcome.events.length);
    // The follower got every new event with the state the writer folded after it.
    expect(followed.map((f) => f.event.revision)).toEqual(outcome.events.map((r) => r.revision));
    expect(followed[followed.length - 1].state).toEqual(outcome.state);
    expect(followed.map((f) => f.state!.version)).toEqual(
      outcome.events.map((r) => r.revision + 1),
    );
    // And the stats projection wrote the shot's row.
    expect(shotRows()).toBe(before + 1);
    reads.mockRestore();
    folds.mockRestore();
    evolves.mockRestore();
  });

  it('a rebuild of the stats takes the projector’s fold: one evolve per event of the ledger', async () => {
    const rebuilt = new ReadModel(':memory:', [statsProjection()]);
    const ledger = await store.readAll({});
    const evolves = jest.spyOn(folding, 'evolve');
    await new MatchProjector(store, rebuilt).catchUp();
    expect(evolves).toHaveBeenCalledTimes(ledger.length);
    evolves.mockRestore();
    const rows = (db: typeof readModel.database) =>
      db.prepare('SELECT * FROM shots ORDER BY match_id, seq').all();
    expect(rows(rebuilt.database)).toEqual(rows(readModel.database));
    rebuilt.close();
  });
});
