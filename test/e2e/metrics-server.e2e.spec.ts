import { collect, liveClient } from '../support/live-client';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';
import { startReceiver } from '../support/webhook-receiver';
import { ENGINE_VERSION } from '../../src/domain/rules/profiles';

const ADMIN = bearer('ADMIN', 'admin-1');
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

// One sample of the scrape: its value, or 0 when the series is absent.
async function sample(server: TestServer, series: string): Promise<number> {
  const text = await (await fetch(server.url.replace('/graphql', '/metrics'))).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The series an operator watches beside the writes: HTTP statuses, live connections and
// subscriptions, the webhook outbox, and the build.
describe('/metrics: HTTP, live, webhooks, build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(undefined, {
      LEDGER_WEBHOOK_ALLOW_PRIVATE: 'true',
      LEDGER_WEBHOOK_BACKOFF_MS: '50',
      LEDGER_WEBHOOK_MAX_ATTEMPTS: '2',
    });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('counts HTTP responses by status, whatever answered them', async () => {
    const origin = server.url.replace('/graphql', '');
    const before = await sample(server, 'cue_ledger_http_responses_total{status="404"}');
    expect((await fetch(`${origin}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${origin}/no-such-page`)).status).toBe(404);
    const bad = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(await sample(server, 'cue_ledger_http_responses_total{status="404"}')).toBe(before + 2);
    expect(await sample(server, 'cue_ledger_http_responses_total{status="400"}')).toBeGreaterThan(
      0,
    );
    expect(await sample(server, 'cue_ledger_http_responses_total{status="200"}')).toBeGreaterThan(
      0,
    );
  });

  it('shows the live connections and subscriptions open, and their closing', async () => {
    expect(await sample(server, 'cue_ledger_live_connections')).toBe(0);
    const live = liveClient(server.url, {
      connectionParams: { authorization: ADMIN.authorization },
    });
    await live.connected;
    const feed = collect(live.client, 'subscription { ledgerFeed { cursor } }');
    await until(async () => (await sample(server, 'cue_ledger_live_subscriptions')) === 1);
    expect(await sample(server, 'cue_ledger_live_connections')).toBe(1);
    feed.stop();
    await live.client.dispose();
    await until(async () => (await sample(server, 'cue_ledger_live_connections')) === 0);
    expect(await sample(server, 'cue_ledger_live_subscriptions')).toBe(0);
  });

  it('shows the webhook outbox by status: the backlog, then delivered and failed', async () => {
    const receiver = await startReceiver((_n, path) => (path === '/ok' ? 200 : 500));
    try {
      for (const path of ['/ok', '/broken']) {
        const res = await server.gql(
          `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { secret } }`,
          { input: { url: `${receiver.url}${path}`, kinds: ['MatchScheduled'] } },
          ADMIN,
        );
        expect(res.errors).toBeUndefined();
      }
      await new LedgerClient(server, 'ADMIN', 'admin-1').scheduleMatch({
        raceTo: 2,
        players: PLAYERS,
      });
      const series = (status: string) => `cue_ledger_webhook_deliveries{status="${status}"}`;
      await until(async () => (await sample(server, series('failed'))) === 1);
      expect(await sample(server, series('delivered'))).toBe(1);
      expect(await sample(server, series('pending'))).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('names the build: package version, engine version, Node version', async () => {
    const text = await (await fetch(server.url.replace('/graphql', '/metrics'))).text();
    const info = text.split('\n').find((l) => l.startsWith('cue_ledger_build_info{'));
    expect(info).toContain(`engine="${ENGINE_VERSION}"`);
    expect(info).toContain(`node="${process.version}"`);
    expect(info).toMatch(/version="\d+\.\d+\.\d+"/);
    expect(info).toMatch(/ 1$/);
  });
});
