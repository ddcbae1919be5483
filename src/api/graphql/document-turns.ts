import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LONG_DOCUMENT, longReads, type Lane, type SliceQueue } from '../../ledger/slices';

export { LONG_DOCUMENT };

// Parsing, counting the aliases of and validating a document of thousands of tokens is one piece of
// work that cannot be cut; several of them arriving together used to run in one turn of the event
// loop, ahead of a write. A document longer than LONG_DOCUMENT waits for a turn of the long-read
// queue in its client's lane first, so such documents take turns with every other long read (one
// per turn when they fill it), and one client sending many waits behind its own. Shorter
// documents (every operation the apps send) go straight on.

function documentOf(req: Request): unknown {
  const body: unknown = req.body;
  return body && typeof body === 'object' && 'query' in body ? body.query : req.query?.query;
}

// Wraps the middleware that parses the document (aliasLimit) and everything after it in the
// request's chain; `laneOf` names the client.
export function inTurnWhenLong(
  handler: RequestHandler,
  laneOf: (req: Request) => Lane,
  queue: SliceQueue = longReads,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const raw = documentOf(req);
    if (typeof raw !== 'string' || raw.length <= LONG_DOCUMENT) return handler(req, res, next);
    queue
      .run(() => {
        // A client gone while it waited is not parsed for nobody.
        if (req.socket?.destroyed) return Promise.resolve();
        void handler(req, res, next);
        return Promise.resolve();
      }, laneOf(req))
      .catch(next);
  };
}
