import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LONG_DOCUMENT, inTurnWhenLong } from '../../src/api/graphql/document-turns';
import { SliceQueue } from '../../src/ledger/slices';
import { countLoopTurns } from '../support/loop-turns';

// A request of `client` whose document is `length` characters long.
const request = (client: string, length: number, id: string) =>
  ({ client, id, body: { query: `{ __typename }`.padEnd(length, ' ') } }) as unknown as Request & {
    client: string;
    id: string;
  };

const settle = async (turns: number) => {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
};

describe('long GraphQL documents wait for their turn in their client lane', () => {
  // The parse (here a log of who was parsed in which turn of the event loop) and whatever follows it.
  function setup() {
    // A zero-length slice: every document is a slice boundary, whatever the machine's speed.
    const queue = new SliceQueue(0);
    const turns = countLoopTurns();
    const parsed: { id: string; turn: number }[] = [];
    const handler: RequestHandler = (req, _res, next) => {
      parsed.push({ id: (req as ReturnType<typeof request>).id, turn: turns.count() });
      next();
    };
    const wrapped = inTurnWhenLong(
      handler,
      (req) => (req as ReturnType<typeof request>).client,
      queue,
    );
    const send = (req: Request, next: NextFunction = () => undefined) =>
      wrapped(req, {} as Response, next);
    return { queue, turns, parsed, send };
  }

  it('a short document is handled at once, without a turn of the queue', () => {
    const { queue, turns, parsed, send } = setup();
    send(request('ip:a', LONG_DOCUMENT, 'short'));
    turns.stop();
    expect(parsed.map((p) => p.id)).toEqual(['short']);
    expect(queue.slices).toBe(0);
  });

  it('long documents sent together are parsed one per turn of the event loop, not all in one', async () => {
    const { queue, turns, parsed, send } = setup();
    for (let i = 0; i < 5; i++) send(request(`ip:${i}`, LONG_DOCUMENT + 1, `d${i}`));
    // None is parsed in the turn it arrived in.
    expect(parsed).toEqual([]);
    await settle(12);
    turns.stop();
    expect(parsed.map((p) => p.id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
    expect(new Set(parsed.map((p) => p.turn)).size).toBe(5);
    expect(queue.slices).toBeGreaterThanOrEqual(5);
  });

  it('a long document whose client left while it waited is not parsed', async () => {
    const { turns, parsed, send } = setup();
    const gone = Object.assign(request('ip:a', LONG_DOCUMENT + 1, 'gone'), {
      socket: { destroyed: false },
    });
    send(gone);
    send(request('ip:b', LONG_DOCUMENT + 1, 'stays'));
    gone.socket.destroyed = true;
    await settle(8);
    turns.stop();
    expect(parsed.map((p) => p.id)).toEqual(['stays']);
  });

  it('a client sending many long documents waits behind its own: another client goes second', async () => {
    const { turns, parsed, send } = setup();
    for (let i = 0; i < 4; i++) send(request('ip:attacker', LONG_DOCUMENT * 2, `x${i}`));
    send(request('sub:desk', LONG_DOCUMENT * 2, 'desk'));
    await settle(12);
    turns.stop();
    expect(parsed.map((p) => p.id)).toEqual(['x0', 'desk', 'x1', 'x2', 'x3']);
  });

  it('a handler that throws passes its error on, and the queue goes on to the next document', async () => {
    const queue = new SliceQueue(0);
    const failing = inTurnWhenLong(
      () => {
        throw new Error('broken');
      },
      () => 'ip:a',
      queue,
    );
    const errors: unknown[] = [];
    failing(request('ip:a', LONG_DOCUMENT + 1, 'a'), {} as Response, (err?: unknown) =>
      errors.push(err),
    );
    failing(request('ip:a', LONG_DOCUMENT + 1, 'b'), {} as Response, (err?: unknown) =>
      errors.push(err),
    );
    await settle(8);
    expect(errors.map((e) => (e as Error).message)).toEqual(['broken', 'broken']);
  });
});
