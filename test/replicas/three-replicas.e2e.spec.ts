import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReceiver, waitFor } from '../support/webhook-receiver';
import { gql, newCommandId, ReplicaFleet } from '../support/replica-fleet';
import { testTokens } from '../support/server';
import { WireKurrentDb } from '../support/wire-kurrentdb/server';

const SCHEDULE = `mutation($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId revision position } }`;
const MATCH = `query($id: String!) { match(id: $id) { id revision } }`;
const WHO = `{ matches(first: 1) { totalCount } }`;
const REVOKE = `mutation($input: RevokeTokenInput!) { revokeToken(input: $input) { jti position } }`;
const REGISTER = `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { endpoint { id } } }`;
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

// Three API replicas, each its own OS process, over one wire-level KurrentDB (two nodes, so the
// leadership can move) on loopback: what one replica does holds on all of them.
describe('three API replicas over one KurrentDB, as separate processes', () => {
  let wire: WireKurrentDb;
  let fleet: ReplicaFleet;
  let root: string;
  // The replica the checkpoint case stopped; the webhook case starts it again.
  let stopped = 0;
  // The running replica that has signed the most checkpoints: the lease holder.
  const holderNow = (): number => {
    const running = [0, 1, 2].filter((i) => fleet.servers[i]);
    return running.reduce((a, b) => (fleet.signed(b) > fleet.signed(a) ? b : a));
  };

  beforeAll(async () => {
    wire = await WireKurrentDb.start({ nodes: 2 });
    root = mkdtempSync(join(tmpdir(), 'cue-ledger-replicas-'));
    fleet = new ReplicaFleet(root, wire.connectionString());
    await Promise.all([0, 1, 2].map((i) => fleet.start(i)));
  }, 150_000);
  afterAll(async () => {
    await fleet?.stopAll();
    await wire?.stop();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  async function schedule(url: string, commandId = newCommandId()) {
    const res = await gql(url, SCHEDULE, { input: { commandId, raceTo: 2, players: PLAYERS } });
    return { res, result: res.body.data?.scheduleMatch as Record<string, any> | undefined };
  }

  it('a write acknowledged by replica 1 is read on replica 2 with "at least its position"', async () => {
    const { result } = await schedule(fleet.url(0));
    const read = await gql(
      fleet.url(1),
      MATCH,
      { id: result!.matchId },
      { 'x-ledger-min-position': result!.position },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.match).toEqual({ id: result!.matchId, revision: 0 });
  });

  it('a token revoked through one replica is refused by all three once the ledger carried it', async () => {
    const { token, jti } = testTokens.issueWithId('SCORER', 'lost-tablet', 3600);
    const as = { authorization: `Bearer ${token}` };
    for (const i of [0, 1, 2])
      expect((await gql(fleet.url(i), WHO, {}, as)).body.errors).toBeUndefined();
    const revoked = await gql(fleet.url(2), REVOKE, { input: { jti } });
    expect(revoked.body.errors).toBeUndefined();
    expect(revoked.body.data.revokeToken.position).toMatch(/^\d+$/);
    const refusedEverywhere = async () => {
      const codes = await Promise.all(
        [0, 1, 2].map(
          async (i) => (await gql(fleet.url(i), WHO, {}, as)).body.errors?.[0]?.extensions?.code,
        ),
      );
      return codes.every((c) => c === 'UNAUTHENTICATED');
    };
    const end = Date.now() + 10_000;
    while (!(await refusedEverywhere())) {
      if (Date.now() > end) throw new Error('a replica still accepts the revoked token');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('checkpoint signing runs on one replica at a time, and moves when that replica stops', async () => {
    // Writes move the ledger, so the lease holder has something new to sign.
    for (let n = 0; n < 3; n++) {
      await schedule(fleet.url(0));
      await new Promise((r) => setTimeout(r, 500));
    }
    await waitFor(() => [0, 1, 2].some((i) => fleet.signed(i) > 0), 10_000);
    const signers = [0, 1, 2].filter((i) => fleet.signed(i) > 0);
    expect(signers).toHaveLength(1);
    const [holder] = signers;
    await fleet.stop(holder);
    const stoppedAt = fleet.signed(holder);
    const others = [0, 1, 2].filter((i) => i !== holder);
    for (let n = 0; n < 4; n++) {
      await schedule(fleet.url(others[0]));
      await new Promise((r) => setTimeout(r, 500));
    }
    await waitFor(() => others.some((i) => fleet.signed(i) > 0), 10_000);
    expect(others.filter((i) => fleet.signed(i) > 0)).toHaveLength(1);
    expect(fleet.signed(holder)).toBe(stoppedAt);
    stopped = holder;
  }, 90_000);

  it('a webhook registered on one replica is delivered once per delivery id while replicas stop and start', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      // On a replica that is running: the previous case stopped whichever held the lease.
      const first = [0, 1, 2].find((i) => fleet.servers[i])!;
      const reg = await gql(fleet.url(first), REGISTER, {
        input: { url: `${receiver.url}/hook`, kinds: ['MatchScheduled'] },
      });
      expect(reg.body.errors).toBeUndefined();
      const matches: string[] = [];
      const up = () => [0, 1, 2].filter((i) => fleet.servers[i]);
      for (let n = 0; n < 9; n++) {
        const live = up();
        const { result } = await schedule(fleet.url(live[n % live.length]));
        matches.push(result!.matchId);
        // While deliveries are due, the stopped replica starts again and the lease holder stops.
        if (n === 2) await fleet.start(stopped);
        if (n === 5) await fleet.stop(holderNow());
      }
      const ids = () => receiver.received.map((r) => String(r.headers['x-cueledger-delivery']));
      await waitFor(() => new Set(ids()).size >= matches.length, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(ids()).toHaveLength(new Set(ids()).size);
      const delivered = receiver.received.map((r) => JSON.parse(r.body).matchId as string);
      expect(new Set(delivered)).toEqual(new Set(matches));
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('a leader change during 16 concurrent writers loses no acknowledged write, duplicates none, surfaces no raw error', async () => {
    const acked: { matchId: string; position: string }[] = [];
    const codes: string[] = [];
    const writer = async (w: number) => {
      for (let n = 0; n < 4; n++) {
        const commandId = newCommandId();
        // A write cut off may or may not have landed: the same command again is safe.
        for (let attempt = 0; attempt < 5; attempt++) {
          const live = [0, 1, 2].filter((i) => fleet.servers[i]);
          const { res, result } = await schedule(fleet.url(live[(w + n) % live.length]), commandId);
          if (result) {
            acked.push({ matchId: result.matchId, position: result.position });
            break;
          }
          codes.push(String(res.body.errors?.[0]?.extensions?.code ?? res.status));
          await new Promise((r) => setTimeout(r, 100));
        }
        if (w === 0 && n === 1) wire.elect(1);
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
    expect(codes.filter((c) => !['UNAVAILABLE', 'CONFLICT'].includes(c))).toEqual([]);
    expect(acked).toHaveLength(64);
    const last = acked.map((a) => BigInt(a.position)).reduce((a, b) => (a > b ? a : b));
    const reader = [2, 1, 0].find((i) => fleet.servers[i])!;
    for (const { matchId } of acked) {
      const read = await gql(
        fleet.url(reader),
        MATCH,
        { id: matchId },
        { 'x-ledger-min-position': last.toString() },
      );
      // Revision 0: scheduled once, never twice.
      expect(read.body.data?.match).toEqual({ id: matchId, revision: 0 });
    }
  }, 90_000);
});
