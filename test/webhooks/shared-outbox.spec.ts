import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '../../src/ledger/event-store';
import type { ProjectionBatch } from '../../src/projections/projection';
import type { MatchProjector } from '../../src/projections/match-projector';
import type { ReadModel } from '../../src/projections/read-model';
import type { EventStore } from '../../src/ledger/event-store';
import { WebhookOutbox } from '../../src/webhooks/outbox';
import { FileRegistry } from '../../src/webhooks/registry';
import { WebhookService } from '../../src/webhooks/webhook.service';
import { startReceiver, waitFor } from '../support/webhook-receiver';

const SETTINGS = {
  maxAttempts: 3,
  timeoutMs: 2000,
  backoffBaseMs: 100,
  backoffMaxMs: 1000,
  allowPrivateTargets: true,
};

const scheduled: StoredEvent = {
  streamId: 'match-m1',
  revision: 0,
  position: 10n,
  eventId: 'e-1',
  type: 'MatchScheduled',
  data: {},
  metadata: {},
};

// One replica's service over the shared outbox file, with a projector the test drives.
function replica(file: string, holdsLease: () => boolean) {
  let deliver: (batch: ProjectionBatch) => void = () => undefined;
  const projector = {
    onCommitted: (listener: (batch: ProjectionBatch) => void) => {
      deliver = listener;
      return () => undefined;
    },
  } as unknown as MatchProjector;
  const store = { readAll: () => Promise.resolve([]) } as unknown as EventStore;
  const readModel = { checkpoint: () => 0n } as unknown as ReadModel;
  const outbox = new WebhookOutbox(file);
  let looks = 0;
  const mayRun = () => {
    looks++;
    return holdsLease();
  };
  const service = new WebhookService(
    outbox,
    new FileRegistry(outbox),
    store,
    projector,
    readModel,
    SETTINGS,
    Date.now,
    mayRun,
  );
  const batch = () =>
    deliver({ events: [{ event: scheduled }], matches: new Map(), position: 10n } as never);
  return { service, outbox, batch, looks: () => looks };
}

const turn = () => new Promise((r) => setTimeout(r, 0));

// Replicas share the outbox (docs/kurrentdb.md); only the lease holder sends.
describe('webhook outbox shared by replicas', () => {
  it('the lease holder sends an event another replica enqueued first, at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-outbox-'));
    const receiver = await startReceiver(() => 200);
    const other = replica(join(dir, 'webhooks.sqlite'), () => false);
    const holder = replica(join(dir, 'webhooks.sqlite'), () => true);
    try {
      await other.service.register(`${receiver.url}/hook`, ['MatchScheduled'], 'admin-1');
      await other.service.start();
      await holder.service.start();
      await turn();
      // The other replica's projector commits the batch first and enqueues it...
      other.batch();
      const before = holder.looks();
      // ...so the holder's own batch finds nothing new to enqueue, and still looks now.
      holder.batch();
      await turn();
      expect(holder.looks()).toBeGreaterThan(before);
      await waitFor(() => receiver.received.length === 1);
      expect(JSON.parse(receiver.received[0].body).matchId).toBe('m1');
    } finally {
      await other.service.stop();
      await holder.service.stop();
      other.outbox.close();
      holder.outbox.close();
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
