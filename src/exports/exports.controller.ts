import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { longReads } from '../ledger/slices';
import { writeExport, type ExportScope } from './ndjson-export';

// Exported events per point of the client's budget, charged a thousand lines at a time.
export const EVENTS_PER_POINT = 10;
const LINES_PER_CHARGE = 1000;

// The client's cost budget (the API's CostBudget, bound in exports.module.ts).
export const EXPORT_BUDGET = Symbol('EXPORT_BUDGET');
export interface ExportBudget {
  spend(client: string, points: number): void;
}

function refuse(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }], data: null });
}

// Resolves when the socket takes more, or is gone (the next write then stops the export).
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

// Large exports as a download: `GET /exports/ledger.ndjson?matchId=…` or `?competitionId=…`
// streams the same NDJSON as the ledgerExport field, read from the ledger page by page in the
// long-read queue's slices, written only as fast as the client reads (a full socket buffer lets
// go of the slice until it drains), at most one running per client address, and charged to the
// client's cost budget as it goes.
@Controller('exports')
export class ExportsController {
  private readonly running = new Set<string>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(EXPORT_BUDGET) private readonly budget: ExportBudget,
  ) {}

  @Get('ledger.ndjson')
  async ledger(
    @Req() req: Request,
    @Res() res: Response,
    @Query('matchId') matchId?: string,
    @Query('competitionId') competitionId?: string,
  ): Promise<void> {
    const one = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
    if (one(matchId) === one(competitionId))
      return refuse(res, 400, 'BAD_USER_INPUT', 'give exactly one of matchId and competitionId');
    const scope: ExportScope = matchId
      ? { kind: 'match', matchId }
      : { kind: 'competition', competitionId: competitionId! };
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    if (this.running.has(address)) {
      res.setHeader('retry-after', '5');
      return refuse(
        res,
        429,
        'RATE_LIMITED',
        'An export is already running for this address: one at a time; retry when it ends',
      );
    }
    const client = `ip:${address}`;
    try {
      this.budget.spend(client, 1);
    } catch (err) {
      return refuse(res, 429, 'RATE_LIMITED', (err as Error).message);
    }
    this.running.add(address);
    let lines = 0;
    try {
      res.status(200).setHeader('content-type', 'application/x-ndjson; charset=utf-8');
      res.setHeader('content-disposition', 'attachment; filename="ledger-export.ndjson"');
      await longReads.run(
        (slice) =>
          writeExport(
            this.store,
            scope,
            async (line) => {
              if (res.destroyed) throw new Error('The client went away');
              if (lines++ % LINES_PER_CHARGE === 0)
                this.budget.spend(client, Math.ceil(LINES_PER_CHARGE / EVENTS_PER_POINT));
              if (!res.write(`${line}\n`)) await slice.away(drained(res));
            },
            slice,
          ),
        req,
      );
      res.end();
    } catch (err) {
      // Headers are sent: a cut-short body (no trailer line) is what the client can detect.
      if (!res.headersSent) refuse(res, 500, 'INTERNAL_SERVER_ERROR', 'The export failed');
      else res.destroy(err instanceof Error ? err : undefined);
    } finally {
      this.running.delete(address);
    }
  }
}
