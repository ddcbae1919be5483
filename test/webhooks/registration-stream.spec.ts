import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { ANY, type StoredEvent } from '../../src/ledger/event-store';
import { WebhookOutbox, type Endpoint } from '../../src/webhooks/outbox';
import { LedgerRegistry, REGISTERED, WEBHOOK_STREAM } from '../../src/webhooks/registration-stream';
import { developmentKey, keyIdOf, SecretBox } from '../../src/webhooks/secret-box';
import { WebhookDispatcher } from '../../src/webhooks/dispatcher';
import { newSecret } from '../../src/webhooks/signature';
import { startReceiver, waitFor } from '../support/webhook-receiver';

// What an event holds besides its place in the ledger.
const content = (e: StoredEvent): string =>
  JSON.stringify({ type: e.type, data: e.data, metadata: e.metadata });

const endpoint = (id: string, secret = newSecret()): Endpoint => ({
  id,
  url: `https://hooks.example.org/${id}`,
  kinds: ['MatchScheduled'],
  secret,
  createdBy: 'admin-1',
  createdAt: '2026-12-01T10:00:00.000Z',
});

// The registration stream over the store port (SQLite here; the replica tests run it over the
// wire-level KurrentDB): two registries are two replicas sharing one ledger.
describe('webhook registrations kept in a ledger stream', () => {
  let store: SqliteEventStore;
  let outbox: WebhookOutbox;
  const key = randomBytes(32);
  const replica = (keys = [key], file = outbox) =>
    new LedgerRegistry(store, file, new SecretBox(keys));
  const stream = (): Promise<StoredEvent[]> => store.readStream(WEBHOOK_STREAM);
  beforeEach(() => {
    store = new SqliteEventStore({ filename: ':memory:' });
    outbox = new WebhookOutbox(':memory:');
  });
  afterEach(() => {
    outbox.close();
    store.close();
  });

  it('a registration and a removal made on one replica are seen by another at its next sync', async () => {
    const one = replica();
    const two = replica();
    await one.start();
    await two.start();
    const e = endpoint('e1');
    await one.add(e);
    expect(two.endpoints()).toEqual([]);
    await two.sync();
    const seen = two.endpoint('e1')!;
    expect(seen).toMatchObject({ id: 'e1', url: e.url, kinds: e.kinds, secret: e.secret });
    // Its events start after its registration's position.
    expect(seen.after).toBe((await stream())[0].position);

    expect(await two.remove('e1', '2026-12-01T11:00:00.000Z')).toBe(true);
    expect(await one.remove('e1', '2026-12-01T11:00:01.000Z')).toBe(false);
    expect(one.endpoints()).toEqual([]);
    expect((await stream()).map((x) => x.type)).toEqual([
      'WebhookEndpointRegistered',
      'WebhookEndpointRemoved',
    ]);
  });

  it('the stored event holds the secret sealed (AES-256-GCM, key id), never in clear', async () => {
    const e = endpoint('e1');
    await replica().add(e);
    const [event] = await stream();
    const raw = content(event);
    expect(raw).not.toContain(e.secret);
    expect(raw).not.toContain(e.secret.slice('whsec_'.length, 20));
    const sealed = (event.data as { secret: Record<string, string> }).secret;
    expect(Object.keys(sealed).sort()).toEqual(['ciphertext', 'iv', 'keyId', 'tag']);
    expect(sealed.keyId).toBe(keyIdOf(key));
    expect(raw).not.toContain(key.toString('hex'));
    expect(raw).not.toContain(key.toString('base64'));
  });

  it('a replica without the key lists the endpoint with an empty secret (its tries fail, none unsigned)', async () => {
    await replica().add(endpoint('e1'));
    const stranger = replica([randomBytes(32)]);
    await stranger.start();
    expect(stranger.endpoint('e1')?.secret).toBe('');
  });

  it('a delivery to an endpoint whose secret this replica cannot open fails with that reason, and nothing is sent', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      await replica().add({ ...endpoint('e1'), url: `${receiver.url}/hook` });
      const stranger = replica([randomBytes(32)]);
      await stranger.start();
      const event: StoredEvent = {
        streamId: 'match-m1',
        revision: 0,
        position: 99n,
        eventId: 'ev-1',
        type: 'MatchScheduled',
        data: {},
        metadata: {},
      };
      outbox.enqueue([event], Date.now(), { to: stranger.endpoints() });
      const settings = { maxAttempts: 1, timeoutMs: 1000, backoffBaseMs: 10, backoffMaxMs: 10 };
      const dispatcher = new WebhookDispatcher(outbox, stranger, {
        ...settings,
        allowPrivateTargets: true,
      });
      dispatcher.start();
      await waitFor(() => outbox.deliveries({}, 10)[0]?.status === 'FAILED');
      await dispatcher.stop();
      expect(outbox.deliveries({}, 10)[0].lastError).toMatch(/key this replica lacks/);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('a rotated key: the new key first, the old after it; secrets are sealed again under the new one', async () => {
    const e = endpoint('e1');
    await replica().add(e);
    const fresh = randomBytes(32);
    await replica([fresh, key]).start();
    const last = (await stream()).at(-1)!;
    expect(last.type).toBe('WebhookSecretResealed');
    expect(content(last)).not.toContain(e.secret);
    // The old key can now be dropped.
    const onlyNew = replica([fresh]);
    await onlyNew.start();
    expect(onlyNew.endpoint('e1')?.secret).toBe(e.secret);
  });

  it("carries the outbox file's endpoints into the stream once, and the file forgets their secrets", async () => {
    const kept = endpoint('kept');
    outbox.addEndpoint(kept);
    outbox.addEndpoint(endpoint('gone'));
    outbox.removeEndpoint('gone', '2026-12-01T12:00:00.000Z');
    await replica().start();
    await replica().start();
    expect((await stream()).map((x) => `${x.type}:${(x.data as { id: string }).id}`)).toEqual([
      'WebhookEndpointRegistered:gone',
      'WebhookEndpointRemoved:gone',
      'WebhookEndpointRegistered:kept',
    ]);
    expect(outbox.legacyEndpoints()).toEqual([]);
    const other = replica([key], new WebhookOutbox(':memory:'));
    await other.start();
    expect(other.endpoints().map((x) => [x.id, x.secret])).toEqual([['kept', kept.secret]]);
  });
  it("an endpoint carried over from the file gets the events after the file's position, not after its carrying", async () => {
    outbox.addEndpoint(endpoint('kept'));
    outbox.enqueue([], Date.now(), { startAt: 7n });
    await replica().start();
    const [carried] = await stream();
    expect(carried.position).not.toBe(7n);
    const other = replica([key], new WebhookOutbox(':memory:'));
    await other.start();
    expect(other.endpoint('kept')?.after).toBe(7n);
  });

  it('a replica not yet given the new key keeps the secret it holds when another seals it again', async () => {
    const e = endpoint('e1');
    await replica().add(e);
    const old = replica([key]);
    await old.start();
    await replica([randomBytes(32), key]).start();
    await old.sync();
    expect(old.endpoint('e1')?.secret).toBe(e.secret);
  });

  it('a failed read of the stream rejects the sync (nothing acts on an older registry); the next sync reads', async () => {
    const one = replica();
    const two = replica();
    await two.start();
    await one.add(endpoint('e1'));
    jest.spyOn(store, 'readStream').mockRejectedValueOnce(new Error('ledger unreachable'));
    await expect(two.sync()).rejects.toThrow('ledger unreachable');
    await two.sync();
    expect(two.endpoint('e1')?.url).toBe('https://hooks.example.org/e1');
  });

  it('a second registration under a known id does not take over its sealed secret', async () => {
    await replica().add(endpoint('e1'));
    const [first] = await stream();
    const data = { ...(first.data as object), url: 'https://elsewhere.example.net/' };
    await store.append(
      WEBHOOK_STREAM,
      [{ eventId: randomUUID(), type: REGISTERED, data, metadata: {} }],
      ANY,
    );
    const other = replica();
    await other.start();
    expect(other.endpoint('e1')?.url).toBe('https://hooks.example.org/e1');
  });
});

describe('the development key', () => {
  it('is made once beside the outbox, 0600, and read back the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-key-'));
    try {
      const file = join(dir, 'webhook-secret-key');
      const first = developmentKey(file);
      expect(first).toHaveLength(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(developmentKey(file).equals(first)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
