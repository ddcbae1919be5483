import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';
import { startReceiver, waitFor } from '../support/webhook-receiver';

const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];
const ADMIN = bearer('ADMIN', 'admin-1');

// The verification recipe exactly as docs/live.md prints it.
type Verify = (secret: string, headers: object, rawBody: string, tolerance?: number) => boolean;
function documentedVerify(): Verify {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'live.md'), 'utf8');
  const code = /### Verifying a delivery\n\n```js\n([\s\S]*?)```/.exec(doc)![1];
  return new Function('require', `${code}\nreturn verify;`)(require) as Verify;
}

const REGISTER = `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) {
  secret endpoint { id url kinds createdBy } } }`;
const DELIVERIES = `query($id: String) { webhookDeliveries(endpointId: $id) {
  id kind position status attempts lastStatusCode lastError deliveredAt } }`;

const settings = (backoffMs: number) => ({
  LEDGER_WEBHOOK_ALLOW_PRIVATE: 'true',
  LEDGER_WEBHOOK_BACKOFF_MS: String(backoffMs),
  LEDGER_WEBHOOK_MAX_ATTEMPTS: '5',
  LEDGER_WEBHOOK_TIMEOUT_MS: '2000',
});

async function register(server: TestServer, url: string, kinds: string[]) {
  const res = await server.gql(REGISTER, { input: { url, kinds } }, ADMIN);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.registerWebhook as { secret: string; endpoint: { id: string } };
}

describe('webhooks: signed deliveries from a durable outbox', () => {
  it('signs with the documented recipe, retries with backoff, records it, and replays from a position', async () => {
    const receiver = await startReceiver((n, path) => (path === '/hook' && n <= 2 ? 500 : 200));
    const server = await startServer(undefined, settings(200));
    try {
      const { secret, endpoint } = await register(server, `${receiver.url}/hook`, [
        'MatchScheduled',
      ]);
      const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
      const { matchId } = await admin.scheduleMatch({ raceTo: 2, players: PLAYERS });
      await waitFor(() => receiver.received.some((r) => r.answered === 200));

      // Failed twice, delivered on the third try, each later than the backoff before it.
      const tries = receiver.received;
      expect(tries.map((r) => r.answered)).toEqual([500, 500, 200]);
      expect(new Set(tries.map((r) => r.headers['x-cueledger-delivery'])).size).toBe(1);
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(190);
      expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(390);
      const verify = documentedVerify();
      for (const t of tries) expect(verify(secret, t.headers, t.body)).toBe(true);
      expect(verify('whsec_wrong', tries[2].headers, tries[2].body)).toBe(false);
      expect(verify(secret, tries[2].headers, tries[2].body.replace('ana', 'eve'))).toBe(false);
      const body = JSON.parse(tries[2].body);
      expect(body).toMatchObject({ kind: 'MatchScheduled', matchId, endpointId: endpoint.id });
      expect(body.deliveryId).toBe(tries[2].headers['x-cueledger-delivery']);

      const listed = await server.gql(DELIVERIES, { id: endpoint.id }, ADMIN);
      expect(listed.data!.webhookDeliveries).toEqual([
        expect.objectContaining({
          id: body.deliveryId,
          status: 'DELIVERED',
          attempts: 3,
          lastStatusCode: 200,
        }),
      ]);

      // A replay from before the event sends it again under the same delivery id.
      const before = (BigInt(body.position) - 1n).toString();
      const replay = await server.gql(
        `mutation($i: ReplayWebhookInput!) { replayWebhook(input: $i) { queued } }`,
        { i: { endpointId: endpoint.id, after: before } },
        ADMIN,
      );
      expect(replay.data).toEqual({ replayWebhook: { queued: 1 } });
      await waitFor(() => receiver.received.length === 4);
      expect(receiver.received[3].headers['x-cueledger-delivery']).toBe(body.deliveryId);

      // Only an admin may read or change webhooks.
      const scorer = bearer('SCORER', 'scorer-1');
      const denied = await server.gql(DELIVERIES, { id: endpoint.id }, scorer);
      expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
      const refused = await server.gql(
        REGISTER,
        { input: { url: receiver.url, kinds: ['GameEnded'] } },
        scorer,
      );
      expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    } finally {
      await server.close();
      await receiver.close();
      removeDir(server.dataDir);
    }
  });

  it('does not follow a redirect: the attempt fails and is recorded', async () => {
    const receiver = await startReceiver((_n, path) => (path === '/moved' ? 302 : 200));
    const server = await startServer(undefined, {
      ...settings(60_000),
      LEDGER_WEBHOOK_MAX_ATTEMPTS: '1',
    });
    try {
      const { endpoint } = await register(server, `${receiver.url}/moved`, ['MatchScheduled']);
      await new LedgerClient(server, 'ADMIN', 'admin-1').scheduleMatch({
        raceTo: 2,
        players: PLAYERS,
      });
      let rows: any[] = [];
      for (let i = 0; i < 300 && rows[0]?.status !== 'FAILED'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        rows = (await server.gql(DELIVERIES, { id: endpoint.id }, ADMIN)).data!.webhookDeliveries;
      }
      expect(rows[0]).toMatchObject({
        attempts: 1,
        lastStatusCode: 302,
        lastError: 'redirect not followed',
      });
      expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    } finally {
      await server.close();
      await receiver.close();
      removeDir(server.dataDir);
    }
  });

  it('a restart mid-backoff (read model deleted too) still delivers, once per delivery id', async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 503));
    const first = await startServer(undefined, settings(1500));
    const dataDir = first.dataDir;
    try {
      const { endpoint } = await register(first, `${receiver.url}/hook`, ['MatchScheduled']);
      const admin = new LedgerClient(first, 'ADMIN', 'admin-1');
      await admin.scheduleMatch({ raceTo: 2, players: PLAYERS });
      await admin.scheduleMatch({ raceTo: 3, players: PLAYERS });
      await waitFor(() => receiver.received.length >= 2);
      await first.close();
      // The read model is disposable: rebuilding it must neither lose nor repeat a delivery.
      rmSync(join(dataDir, 'read-model.sqlite'), { force: true });
      up = true;
      const second = await startServer(dataDir, settings(1500));
      try {
        await waitFor(() => receiver.received.filter((r) => r.answered === 200).length >= 2);
        await new Promise((r) => setTimeout(r, 2000));
        const ok = receiver.received.filter((r) => r.answered === 200);
        const ids = ok.map((r) => r.headers['x-cueledger-delivery']);
        expect(ids).toHaveLength(2);
        expect(new Set(ids).size).toBe(2);
        // The same deliveries the first process had tried, under the same ids.
        const tried = receiver.received.filter((r) => r.answered === 503);
        expect(new Set(tried.map((r) => r.headers['x-cueledger-delivery']))).toEqual(new Set(ids));
        const rows = (await second.gql(DELIVERIES, { id: endpoint.id }, ADMIN)).data!
          .webhookDeliveries;
        expect(rows.map((r: any) => r.status)).toEqual(['DELIVERED', 'DELIVERED']);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      removeDir(dataDir);
    }
  });
});
