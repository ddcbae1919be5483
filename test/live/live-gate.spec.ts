import { liveServerOptions } from '../../src/live/live-gate';
import { LiveSubscription } from '../../src/live/live-subscription';

function fakeSocket() {
  const closed: [number, string][] = [];
  return {
    closed,
    close: (code: number, reason: string) => void closed.push([code, reason]),
    terminate: () => undefined,
  };
}

const connect = (options: ReturnType<typeof liveServerOptions>, params?: object) => {
  const socket = fakeSocket();
  const ctx = { connectionParams: params, extra: { socket, request: {} }, subscriptions: {} };
  return { accepted: (options.onConnect as (c: unknown) => boolean)(ctx), socket, ctx };
};

describe('live: the connection gate', () => {
  const settings = {
    requireToken: true,
    maxConnections: 2,
    maxSubscriptionsPerConnection: 1,
    maxTokens: 4000,
    validationRules: [],
  };
  const verify = (token: string) => {
    if (token !== 'good') throw new Error('The bearer token is not valid');
    return { subject: 'board-1', role: 'SCORER' };
  };

  it('with LEDGER_LIVE_REQUIRE_TOKEN, a connection without a token is refused with 4401', () => {
    const { accepted, socket } = connect(liveServerOptions(settings, verify), {});
    expect(accepted).toBe(false);
    expect(socket.closed).toEqual([[4401, expect.stringMatching(/token is required/)]]);
  });

  it('public by default: no token is accepted, a bad one never is', () => {
    const options = liveServerOptions({ ...settings, requireToken: false }, verify);
    expect(connect(options, {}).accepted).toBe(true);
    const bad = connect(options, { authorization: 'Bearer bad' });
    expect(bad.accepted).toBe(false);
    expect(bad.socket.closed).toEqual([[4401, 'The bearer token is not valid']]);
  });

  it('counts connections until they close', () => {
    const options = liveServerOptions(settings, verify);
    const a = connect(options, { token: 'good' });
    connect(options, { token: 'good' });
    const third = connect(options, { token: 'good' });
    expect(third.accepted).toBe(false);
    expect(third.socket.closed[0][0]).toBe(4503);
    (options.onClose as (c: unknown) => void)(a.ctx);
    expect(connect(options, { token: 'good' }).accepted).toBe(true);
  });
});

describe('live: a subscriber queue', () => {
  it('replays first, then live items; at its limit it ends, empties and says why', async () => {
    const dropped: string[] = [];
    let closed = 0;
    const sub = new LiveSubscription<number>(
      [1, 2][Symbol.iterator](),
      3,
      (reason) => dropped.push(reason),
      () => (closed += 1),
    );
    sub.push(10);
    expect((await sub.next()).value).toBe(1);
    expect((await sub.next()).value).toBe(2);
    expect((await sub.next()).value).toBe(10);
    for (const n of [11, 12, 13]) sub.push(n);
    expect(sub.depth).toBe(3);
    sub.push(14);
    expect(dropped).toEqual(['Slow consumer: 3 updates were waiting to be sent']);
    expect(sub.depth).toBe(0);
    expect(closed).toBe(1);
    expect(await sub.next()).toEqual({ value: undefined, done: true });
  });
});
