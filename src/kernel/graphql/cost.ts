import { GraphQLError } from 'graphql';
import type { Request } from 'express';

const COST = Symbol('cost');

interface RequestCost {
  client: string;
  spent: number;
  maximum: number;
}

// Points each client may spend per window, across all its operations: an operation spends its
// complexity when it is accepted, and each replayed event one more point while it runs.
export class CostBudget {
  private readonly windows = new Map<string, { start: number; spent: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  spend(client: string, points: number): void {
    const t = this.now();
    let w = this.windows.get(client);
    if (!w || t - w.start >= this.windowMs) {
      if (this.windows.size > 100_000) this.sweep(t);
      w = { start: t, spent: 0 };
      this.windows.set(client, w);
    }
    if (w.spent + points > this.limit)
      throw new GraphQLError(
        `Too much work asked for: ${w.spent + points} of ${this.limit} points in ${this.windowMs} ms; slow down and retry later`,
        {
          extensions: {
            code: 'RATE_LIMITED',
            spent: w.spent,
            points,
            limit: this.limit,
            http: { status: 429 },
          },
        },
      );
    w.spent += points;
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}

type Holder = Record<symbol, RequestCost | undefined>;

// Called once the operation's static complexity is known.
export function openCost(req: Request, client: string, complexity: number, maximum: number): void {
  (req as unknown as Holder)[COST] = { client, spent: complexity, maximum };
}

// Work a resolver is about to do beyond its static price (events it replays), charged to the
// operation's limit and to the client's budget before the work starts.
export function chargeWork(req: Request, budget: CostBudget, points: number): void {
  const cost = (req as unknown as Holder)[COST];
  if (!cost) return;
  if (cost.spent + points > cost.maximum)
    throw new GraphQLError(
      `The operation is too complex: replaying ${points} more events would take it to ${cost.spent + points} points, the limit is ${cost.maximum}`,
      {
        extensions: {
          code: 'QUERY_TOO_COMPLEX',
          complexity: cost.spent + points,
          maximum: cost.maximum,
        },
      },
    );
  budget.spend(cost.client, points);
  cost.spent += points;
}

// Work a long-lived operation (a subscription's replay) does as it goes, charged to its client's
// budget only: a resume after a long absence is not refused for its length, but a client cannot
// replay more than its budget allows in a window (past it, RATE_LIMITED ends the replay).
export function chargeBudget(req: Request, budget: CostBudget, points: number): void {
  const cost = (req as unknown as Holder)[COST];
  if (!cost) return;
  budget.spend(cost.client, points);
  cost.spent += points;
}

// The client an admitted operation is charged to (its token's subject or its address).
export function costClient(req: Request): string | undefined {
  return (req as unknown as Holder)[COST]?.client;
}
