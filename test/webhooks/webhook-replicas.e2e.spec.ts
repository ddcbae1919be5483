import { randomBytes } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '../../src/ledger/event-store';
import { BACKGROUND_LEASE, type BackgroundLease } from '../../src/ledger/lease';
import { WEBHOOK_STREAM } from '../../src/webhooks/registration-stream';
import { signature } from '../../src/webhooks/signature';
import { LedgerClient } from '../support/ledger-client';
import { bearer, type TestServer } from '../support/server';
import { twoReplicas } from '../support/two-replicas';
import { startReceiver, waitFor } from '../support/webhook-receiver';

const ADMIN = bearer('ADMIN', 'admin-1');
const REGISTER = `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) {
  secret endpoint { id url kinds } } }`;
const LIST = `{ webhooks { id url kinds } }`;
const REMOVE = `mutation($id: String!) { removeWebhook(id: $id) { id } }`;
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

// Two API instances over one wire-level KurrentDB, each with its own data directory and outbox
// file: only the ledger carries a registration from one to the other.
describe('webhook registrations shared by replicas through the ledger', () => {
  const replicas = twoReplicas({
    LEDGER_WEBHOOK_ALLOW_PRIVATE: 'true',
    LEDGER_WEBHOOK_BACKOFF_MS: '100',
    LEDGER_WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
  });

  it('registered on one, delivered (signed, once) by the lease holder, listed and removed on the other', async () => {
    const { one, two } = replicas;
    const receiver = await startReceiver(() => 200);
    const holds = (s: TestServer) => s.app.get<BackgroundLease>(BACKGROUND_LEASE).held;
    await waitFor(() => holds(one) || holds(two));
    // Registered where deliveries are not sent, and a match scheduled there at once: the holder
    // reads the registration before it enqueues the match's event.
    const [holder, other] = holds(one) ? [one, two] : [two, one];
    try {
      const input = { url: `${receiver.url}/hook`, kinds: ['MatchScheduled'] };
      const reg = await other.gql(REGISTER, { input }, ADMIN);
      expect(reg.errors).toBeUndefined();
      const { secret, endpoint } = reg.data!.registerWebhook as {
        secret: string;
        endpoint: { id: string; url: string; kinds: string[] };
      };
      const admin = new LedgerClient(other, 'ADMIN', 'admin-1');
      const { matchId } = await admin.scheduleMatch({ raceTo: 2, players: PLAYERS });
      await waitFor(() => receiver.received.length > 0);
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received).toHaveLength(1);
      const [got] = receiver.received;
      expect(JSON.parse(got.body).matchId).toBe(matchId);
      const ts = Number(got.headers['x-cueledger-timestamp']);
      expect(got.headers['x-cueledger-signature']).toBe(`v1=${signature(secret, ts, got.body)}`);
      expect((await holder.gql(LIST, {}, ADMIN)).data!.webhooks).toEqual([endpoint]);

      // The ledger's event: the secret sealed, nowhere in clear.
      const events = await one.app.get<EventStore>(EVENT_STORE).readStream(WEBHOOK_STREAM);
      expect(events.map((e) => e.type)).toEqual(['WebhookEndpointRegistered']);
      expect(JSON.stringify(events[0].data)).not.toContain(secret);

      expect((await holder.gql(REMOVE, { id: endpoint.id }, ADMIN)).errors).toBeUndefined();
      expect((await other.gql(LIST, {}, ADMIN)).data!.webhooks).toEqual([]);
      const again = await other.gql(REMOVE, { id: endpoint.id }, ADMIN);
      expect(again.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
