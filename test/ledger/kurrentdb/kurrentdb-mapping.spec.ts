import {
  ANY as KDB_ANY,
  NO_STREAM as KDB_NO_STREAM,
  STREAM_EXISTS as KDB_STREAM_EXISTS,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type JSONEventData,
} from '@kurrent/kurrentdb-client';
import { loadConfig } from '../../../src/config/configuration';
import { ENGINE_VERSION, type EventMetadata } from '../../../src/domain';
import { eventIdFor, toAppend } from '../../../src/ledger/envelope';
import {
  ANY,
  EventStoreError,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedRevisionError,
} from '../../../src/ledger/event-store';
import {
  KurrentDbConnectionError,
  openKurrentDbClient,
} from '../../../src/ledger/kurrentdb/connection';
import { connectionStringProblem } from '../../../src/ledger/kurrentdb/connection-string';
import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import {
  decodePosition,
  encodePosition,
  fromResolved,
  fromStreamState,
  mapError,
  toEventData,
  toStreamState,
} from '../../../src/ledger/kurrentdb/mapping';

// Everything about the adapter that can be checked without a KurrentDB server.

describe('KurrentDB mapping: expected revisions', () => {
  it('maps each expected state of the port to the client streamState and back', () => {
    expect(toStreamState(NO_STREAM)).toBe(KDB_NO_STREAM);
    expect(toStreamState(STREAM_EXISTS)).toBe(KDB_STREAM_EXISTS);
    expect(toStreamState(ANY)).toBe(KDB_ANY);
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
    for (const e of [NO_STREAM, STREAM_EXISTS, ANY, 0, 7] as const)
      expect(fromStreamState(toStreamState(e))).toBe(e);
  });

  it('refuses a revision that is not one, before any call', () => {
    expect(() => toStreamState(-1)).toThrow(EventStoreError);
    expect(() => toStreamState(1.5)).toThrow(EventStoreError);
  });
});

describe('KurrentDB mapping: errors', () => {
  it('maps WrongExpectedVersionError to the port conflict, with the actual revision', () => {
    const err = new WrongExpectedVersionError(undefined, {
      streamName: 'match-1',
      expected: 3n,
      current: 5n,
    });
    const mapped = mapError(err, 'match-1', 3);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ code: 'CONFLICT', streamId: 'match-1', expected: 3, actual: 5 });
  });

  it('reports a missing stream as revision -1, and takes the expectation from the client when not given', () => {
    const err = new WrongExpectedVersionError(undefined, {
      streamName: 'match-2',
      expected: KDB_STREAM_EXISTS,
      current: KDB_NO_STREAM,
    });
    expect(mapError(err, 'match-2')).toMatchObject({ expected: STREAM_EXISTS, actual: -1 });
  });

  it('maps an unreachable server to UNAVAILABLE with a message naming the setting', () => {
    const mapped = mapError(new UnavailableError(), '$all', undefined, 'kurrentdb://db:2113');
    expect(mapped).toBeInstanceOf(EventStoreError);
    expect((mapped as EventStoreError).code).toBe('UNAVAILABLE');
    expect((mapped as Error).message).toContain('kurrentdb://db:2113');
    expect((mapped as Error).message).toContain('KURRENTDB_CONNECTION_STRING');
    const grpc = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
      code: 14,
    });
    expect((mapError(grpc, 'match-1', 0) as EventStoreError).code).toBe('UNAVAILABLE');
  });

  it('passes through what it does not recognise', () => {
    const boom = new Error('boom');
    expect(mapError(boom, 'match-1')).toBe(boom);
  });
});

describe('KurrentDB mapping: positions', () => {
  it('packs commit and prepare into one bigint that decodes losslessly', () => {
    const max = (1n << 64n) - 1n;
    for (const p of [
      { commit: 0n, prepare: 0n },
      { commit: 1234n, prepare: 1200n },
      { commit: max, prepare: max },
    ])
      expect(decodePosition(encodePosition(p))).toEqual(p);
  });

  it('orders as $all does: by commit, then prepare', () => {
    const ps = [
      { commit: 10n, prepare: 9n },
      { commit: 10n, prepare: 10n },
      { commit: 11n, prepare: 0n },
      { commit: 2n ** 40n, prepare: 1n },
    ];
    const encoded = ps.map(encodePosition);
    expect([...encoded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(encoded);
  });
});

describe('KurrentDB mapping: events and metadata', () => {
  const metadata: EventMetadata = {
    recordedBy: 'scorer-7',
    role: 'REFEREE',
    recordedAt: '2026-11-29T12:00:00.000Z',
    occurredAt: '2026-11-29T11:59:58.000Z',
    origin: '203.0.113.9 test-agent',
    commandId: 'cmd-42',
    correlationId: 'corr-1',
    causationId: 'cause-1',
    engineVersion: ENGINE_VERSION,
    ruleProfile: 'WPA',
  };
  const appended = toAppend(
    [{ type: 'OptionChosen', version: 1, data: { player: 'P1', option: 'BREAK' } } as never],
    metadata,
  );

  it('builds a JSON event with the derived id, type, data and every metadata field', () => {
    const data = toEventData(appended[0]) as JSONEventData;
    expect(data).toMatchObject({
      id: eventIdFor('cmd-42', 0),
      contentType: 'application/json',
      type: 'OptionChosen',
      data: { player: 'P1', option: 'BREAK' },
    });
    const { correlationId, causationId, ...rest } = metadata;
    // KurrentDB's names for the two ids, so its own correlation tooling applies.
    expect(data.metadata).toEqual({
      ...rest,
      $correlationId: correlationId,
      $causationId: causationId,
      schemaVersion: 1,
    });
    expect(Object.keys(data.metadata as object).indexOf('$correlationId')).toBe(
      Object.keys(metadata).indexOf('correlationId'),
    );
  });

  it('reads back what it wrote: a recorded event maps to the stored event the port promises', () => {
    const written = toEventData(appended[0]) as JSONEventData;
    const recorded: AllStreamResolvedEvent = {
      event: {
        streamId: 'match-9',
        id: written.id,
        isJson: true,
        revision: 4n,
        type: written.type,
        created: new Date(),
        data: written.data,
        metadata: written.metadata,
        position: { commit: 900n, prepare: 880n },
      },
    } as AllStreamResolvedEvent;
    expect(fromResolved(recorded)).toEqual({
      streamId: 'match-9',
      revision: 4,
      position: encodePosition({ commit: 900n, prepare: 880n }),
      eventId: eventIdFor('cmd-42', 0),
      type: 'OptionChosen',
      data: { player: 'P1', option: 'BREAK' },
      metadata: { ...metadata, schemaVersion: 1 },
    });
  });

  it('leaves system events and links out of the feed, and reads absent metadata as {}', () => {
    const base = { id: 'x', isJson: true, revision: 0n, created: new Date(), data: {} };
    expect(
      fromResolved({ event: { ...base, streamId: '$stats', type: '$statsCollected' } } as never),
    ).toBeNull();
    expect(fromResolved({} as never)).toBeNull();
    const plain = fromResolved({
      event: { ...base, streamId: 'match-1', type: 'A', metadata: undefined },
    } as never);
    expect(plain?.metadata).toEqual({});
  });
});

describe('KurrentDB: deterministic event ids', () => {
  it('derives the same UUID-shaped ids from the same command id, and different ones otherwise', () => {
    const a = eventIdFor('command-1', 0);
    expect(eventIdFor('command-1', 0)).toBe(a);
    expect(eventIdFor('command-1', 1)).not.toBe(a);
    expect(eventIdFor('command-2', 0)).not.toBe(a);
    // KurrentDB requires event ids to be UUIDs.
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('KurrentDB: connection strings and configuration', () => {
  it('accepts single-node and cluster connection strings', () => {
    expect(connectionStringProblem('kurrentdb://localhost:2113?tls=false')).toBeNull();
    expect(
      connectionStringProblem(
        'kurrentdb://admin:changeit@node1:2113,node2:2113,node3:2113?tls=false',
      ),
    ).toBeNull();
    expect(connectionStringProblem('kurrentdb+discover://cluster.example:2113')).toBeNull();
  });

  it('fails with a configuration error naming the setting, without echoing credentials', () => {
    let err: unknown;
    try {
      openKurrentDbClient('http://admin:s3cret@localhost:2113');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KurrentDbConnectionError);
    expect((err as Error).message).toContain('KURRENTDB_CONNECTION_STRING');
    expect((err as Error).message).not.toContain('s3cret');
    expect(() =>
      KurrentDbEventStore.fromConnectionString({ connectionString: 'kurrentdb://h:port' }),
    ).toThrow(KurrentDbConnectionError);
  });

  it('lists a bad or missing connection string among the start-up configuration problems', () => {
    expect(() =>
      loadConfig({ LEDGER_STORE: 'kurrentdb', KURRENTDB_CONNECTION_STRING: 'kurrentdb://h:port' }),
    ).toThrow(/KURRENTDB_CONNECTION_STRING .* expected port number/);
    expect(() => loadConfig({ LEDGER_STORE: 'kurrentdb' })).toThrow(
      /KURRENTDB_CONNECTION_STRING is required/,
    );
    expect(() => loadConfig({ LEDGER_STORE: 'postgres' })).toThrow(/"sqlite" or "kurrentdb"/);
  });

  it('selects the store from one setting', () => {
    const secret = { LEDGER_JWT_SECRET: 's'.repeat(32) };
    const k = loadConfig({
      ...secret,
      LEDGER_STORE: 'kurrentdb',
      KURRENTDB_CONNECTION_STRING: 'kurrentdb://u:p@db:2113?tls=false',
    });
    expect(k.store).toEqual({
      kind: 'kurrentdb',
      connectionString: 'kurrentdb://u:p@db:2113?tls=false',
      timeoutMs: 5000,
    });
    expect(k.storeDescription).toBe('KurrentDB kurrentdb://***@db:2113?tls=false');
    expect(loadConfig({ ...secret, LEDGER_DATA_DIR: '/d' }).store).toEqual({
      kind: 'sqlite',
      ledgerFile: '/d/ledger.sqlite',
      synchronous: 'FULL',
    });
  });
});
