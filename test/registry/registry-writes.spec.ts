import type { CompetitionCommand, PlayerCommand } from '../../src/domain';
import type { StoredMetadata } from '../../src/ledger/envelope';
import type { EventStore } from '../../src/ledger/event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import type { OriginSink } from '../../src/streams/stream-runtime';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { registryProjection } from '../../src/registry/registry.projection';
import { RegistryQueryService } from '../../src/registry/registry-queries.service';
import { tickingClock } from '../support/recorded-ledger';

const ORIGIN = '10.0.0.7 Secret-Agent/1.0';

// `correlationId` is not part of the command's hash: it tells two writers of one command apart.
const ctx = (commandId: string, correlationId = 'registry-writes'): CommandContext => ({
  actor: 'rk-1',
  role: 'RECORD_KEEPER',
  access: { scope: 'ANY' },
  origin: ORIGIN,
  commandId,
  correlationId,
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

const register = (licenceId: string, club: string): PlayerCommand => ({
  type: 'RegisterPlayer',
  licenceId,
  displayName: 'Dora Lima',
  club,
  nationality: null,
});
const updatePlayer = (club: string): PlayerCommand => ({
  type: 'UpdatePlayer',
  licenceId: 'PT-7',
  club,
});
const createCompetition = (competitionId: string): CompetitionCommand => ({
  type: 'CreateCompetition',
  competitionId,
  fields: {
    name: 'Liga Norte',
    discipline: 'EIGHT_BALL',
    ruleProfile: 'FPB',
    season: '2026',
    startsOn: null,
    endsOn: null,
    venue: null,
    appealFee: null,
  },
});
const updateCompetition = (name: string): CompetitionCommand => ({
  type: 'UpdateCompetition',
  competitionId: 'liga-7',
  fields: { name },
});
const assignCommittee = (member: string): CompetitionCommand => ({
  type: 'AssignCommittee',
  competitionId: 'liga-7',
  members: [member],
});

// Every append waits until the test releases it, by the writer's correlation id: two writers can
// both decide on the same revision, and land in the order the test chooses.
function gatedStore(store: EventStore) {
  const held = new Map<string, () => void>();
  let arrived = () => {};
  const gated: EventStore = {
    append: (streamId, events, expected) =>
      new Promise<void>((release) => {
        held.set((events[0].metadata as StoredMetadata).correlationId, release);
        arrived();
      }).then(() => store.append(streamId, events, expected)),
    readStream: (s, o) => store.readStream(s, o),
    readAll: (o) => store.readAll(o),
    close: () => Promise.resolve(),
  };
  const holding = (n: number) =>
    new Promise<void>((done) => {
      arrived = () => {
        if (held.size >= n) done();
      };
      arrived();
    });
  const release = (writer: string) => held.get(writer)!();
  return { gated, holding, release };
}

describe('the registry write path', () => {
  let store: SqliteEventStore;
  let readModel: ReadModel;
  let projector: MatchProjector;
  let origins: Parameters<OriginSink['record']>[];
  const sink: OriginSink = { record: (...args) => origins.push(args) };
  const service = (s: EventStore = store) =>
    new RegistryCommandService(s, projector, tickingClock(), sink);
  const read = (streamId: string) => store.readStream(streamId);
  const ofCommand = async (streamId: string, commandId: string) =>
    (await read(streamId)).filter((e) => (e.metadata as StoredMetadata).commandId === commandId);

  beforeEach(async () => {
    store = new SqliteEventStore({ filename: ':memory:' });
    readModel = new ReadModel(':memory:', [registryProjection]);
    projector = new MatchProjector(store, readModel);
    origins = [];
    const writer = service();
    await writer.player(register('PT-7', 'Porto BC'), ctx('reg-7'));
    await writer.competition(createCompetition('liga-7'), ctx('comp-7'));
    origins = [];
  });
  afterEach(async () => {
    await store.close();
    readModel.close();
  });

  // Two writers of one command id load the stream at the same revision; the first append lands,
  // and the store acknowledges the second as its retry (same event ids, same revision).
  describe('two writers racing with one command id', () => {
    const cases = [
      {
        name: 'updatePlayer',
        stream: 'player-PT-7',
        write: (w: RegistryCommandService, v: string, c: CommandContext) =>
          w.player(updatePlayer(v), c),
        recorded: (q: RegistryQueryService) => q.player('PT-7')?.club,
      },
      {
        name: 'updateCompetition',
        stream: 'competition-liga-7',
        write: (w: RegistryCommandService, v: string, c: CommandContext) =>
          w.competition(updateCompetition(v), c),
        recorded: (q: RegistryQueryService) => q.competition('liga-7')?.name,
      },
      {
        name: 'assignCommittee',
        stream: 'competition-liga-7',
        write: (w: RegistryCommandService, v: string, c: CommandContext) =>
          w.competition(assignCommittee(v), c),
        recorded: (q: RegistryQueryService) => q.competition('liga-7')?.committee[0],
      },
    ];

    it.each(cases)(
      '$name: the one with another payload is IDEMPOTENCY_KEY_REUSED; the record keeps what landed',
      async ({ stream, write, recorded }) => {
        const { gated, holding, release } = gatedStore(store);
        const writer = service(gated);
        const a = write(writer, 'ac-a', ctx('race-1', 'writer-a'));
        const b = write(writer, 'ac-b', ctx('race-1', 'writer-b'));
        await holding(2);
        release('writer-a');
        const landed = await a;
        release('writer-b');
        await expect(b).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

        const mine = await ofCommand(stream, 'race-1');
        expect(mine).toHaveLength(1);
        expect(JSON.stringify(mine[0].data)).toContain('ac-a');
        expect(await read(stream)).toHaveLength(2);
        expect(landed).toMatchObject({ version: 2 });
        expect(recorded(new RegistryQueryService(readModel))).toBe('ac-a');
        // Only the write that landed has an origin to keep.
        expect(origins).toEqual([[mine.map((e) => e.eventId), 'rk-1', ORIGIN, expect.any(String)]]);
      },
    );

    it.each(cases)(
      '$name: the one with the same payload gets the result that landed',
      async ({ stream, write, recorded }) => {
        const { gated, holding, release } = gatedStore(store);
        const writer = service(gated);
        const a = write(writer, 'ac-a', ctx('race-2', 'writer-a'));
        const b = write(writer, 'ac-a', ctx('race-2', 'writer-b'));
        await holding(2);
        release('writer-a');
        const first = await a;
        release('writer-b');
        expect(await b).toEqual(first);

        expect(await ofCommand(stream, 'race-2')).toHaveLength(1);
        expect(await read(stream)).toHaveLength(2);
        expect(recorded(new RegistryQueryService(readModel))).toBe('ac-a');
        expect(origins).toHaveLength(1);
      },
    );
  });

  it('a command id used in another stream is IDEMPOTENCY_KEY_REUSED, and nothing is appended', async () => {
    const writer = service();
    for (const attempt of [
      writer.player(register('PT-8', 'Porto BC'), ctx('reg-7')),
      writer.competition(createCompetition('liga-8'), ctx('reg-7')),
    ])
      await expect(attempt).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await read('player-PT-8')).toEqual([]);
    expect(await read('competition-liga-8')).toEqual([]);
    expect(await ofCommand('player-PT-7', 'reg-7')).toHaveLength(1);
  });

  it('a retry gets the original result even after later writes; another payload is refused', async () => {
    const writer = service();
    const first = await writer.player(register('PT-9', 'Porto BC'), ctx('reg-9'));
    await writer.player(
      { type: 'UpdatePlayer', licenceId: 'PT-9', club: 'Lisboa 147' },
      ctx('u-9'),
    );
    expect(await writer.player(register('PT-9', 'Porto BC'), ctx('reg-9'))).toEqual(first);
    expect(first).toMatchObject({ club: 'Porto BC', version: 1 });
    await expect(writer.player(register('PT-9', 'Braga'), ctx('reg-9'))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });

    const committee = await writer.competition(assignCommittee('ac-1'), ctx('k-1'));
    await writer.competition(assignCommittee('ac-2'), ctx('k-2'));
    expect(await writer.competition(assignCommittee('ac-1'), ctx('k-1'))).toEqual(committee);
    expect(committee).toMatchObject({ committee: ['ac-1'], version: 2 });

    expect(await read('player-PT-9')).toHaveLength(2);
    expect(await read('competition-liga-7')).toHaveLength(3);
    expect(new RegistryQueryService(readModel).player('PT-9')?.club).toBe('Lisboa 147');
  });

  it('keeps the origin out of the hash chain and hands it to the origin sink', async () => {
    const writer = service();
    await writer.player(register('PT-10', 'Porto BC'), ctx('reg-10'));
    await writer.player(register('PT-10', 'Porto BC'), ctx('reg-10'));
    const stored = await read('player-PT-10');
    expect(stored).toHaveLength(1);
    expect((stored[0].metadata as StoredMetadata).origin).toBeNull();
    const all = await store.readAll();
    expect(JSON.stringify(all.map((e) => e.metadata))).not.toContain('Secret-Agent');
    // Once, for the write that landed: a retry appends nothing and records nothing.
    expect(origins).toEqual([
      [[stored[0].eventId], 'rk-1', ORIGIN, (stored[0].metadata as StoredMetadata).recordedAt],
    ]);
  });
});
