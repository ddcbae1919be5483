import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_VERSION } from '../domain/rules/profiles';
import type { Meter } from '../kernel/meter.port';

// The package's version, from the package.json beside src/ or dist/ (the image ships it).
function packageVersion(): string {
  try {
    const file = join(__dirname, '..', '..', 'package.json');
    return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version);
  } catch {
    return 'unknown';
  }
}

// Seconds: a write is a load, a decide and one append; a query reads the read model.
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

// Seconds: one append, from a few hundred microseconds (SQLite, no contention) to a network round
// trip (KurrentDB) or a wait behind other writers.
const APPEND_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface ProjectorSources {
  lagEvents: () => Promise<number>;
  lagSeconds: () => Promise<number>;
  rebuildProgress: () => Promise<number>;
}

// The server's Prometheus series, on a registry of its own (one per application, so test
// servers in one process do not share counts). Process metrics come from prom-client's defaults.
// The kernel's METER: the features that own a figure publish it here.
export class LedgerMetrics implements Meter {
  readonly registry = new Registry();
  private sources: ProjectorSources = {
    lagEvents: () => Promise.resolve(0),
    lagSeconds: () => Promise.resolve(0),
    rebuildProgress: () => Promise.resolve(1),
  };

  readonly writes = new Counter({
    name: 'cue_ledger_writes_total',
    help: 'Mutations by command and the outcome the client received (ok, conflict, refused, failed); code is the error code it was sent',
    labelNames: ['command', 'outcome', 'code'] as const,
    registers: [this.registry],
  });
  readonly writeSeconds = new Histogram({
    name: 'cue_ledger_write_duration_seconds',
    help: 'Time to answer a mutation request, by its first command',
    labelNames: ['command'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  readonly querySeconds = new Histogram({
    name: 'cue_ledger_query_duration_seconds',
    help: 'Time to answer a query request, by its first root field',
    labelNames: ['field'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  readonly appendSeconds = new Histogram({
    name: 'cue_ledger_append_duration_seconds',
    help: 'Time of one append to the event store (SQLite: its transaction and commit, fsync included; KurrentDB: the round trip), by outcome (ok, conflict, error)',
    labelNames: ['outcome'] as const,
    buckets: APPEND_BUCKETS,
    registers: [this.registry],
  });
  readonly projectedEvents = new Counter({
    name: 'cue_ledger_projected_events_total',
    help: 'Events applied to the read model by this process (start-up catch-up and rebuild included)',
    registers: [this.registry],
  });
  readonly rateLimitHits = new Counter({
    name: 'cue_ledger_rate_limit_hits_total',
    help: 'Requests refused by the rate limit or the cost budget (RATE_LIMITED)',
    registers: [this.registry],
  });
  readonly authFailures = new Counter({
    name: 'cue_ledger_auth_failures_total',
    help: 'Operations refused for a missing or invalid token (UNAUTHENTICATED) or a role (FORBIDDEN)',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly verifyRuns = new Counter({
    name: 'cue_ledger_verify_runs_total',
    help: 'Whole-ledger verifications run by the server, by result (ok, broken)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly httpResponses = new Counter({
    name: 'cue_ledger_http_responses_total',
    help: 'HTTP responses sent, by status code (GraphQL, pages, probes and scrapes alike)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  readonly liveConnections = new Gauge({
    name: 'cue_ledger_live_connections',
    help: 'WebSocket connections open on this instance (subscriptions over graphql-ws)',
    registers: [this.registry],
  });
  private liveSubscriptions: () => number = () => 0;
  private webhookDeliveries: () => Record<string, number> = () => ({});
  private appealsOverdue: () => number = () => 0;

  constructor(build: { version: string } = { version: packageVersion() }) {
    collectDefaultMetrics({ register: this.registry });
    const info = new Gauge({
      name: 'cue_ledger_build_info',
      help: 'Always 1: the running build (package version, rules engine version, Node version)',
      labelNames: ['version', 'engine', 'node'] as const,
      registers: [this.registry],
    });
    info.set({ version: build.version, engine: ENGINE_VERSION, node: process.version }, 1);
    const subscriptions = () => this.liveSubscriptions();
    new Gauge({
      name: 'cue_ledger_live_subscriptions',
      help: 'Live subscriptions open on this instance',
      registers: [this.registry],
      collect() {
        this.set(subscriptions());
      },
    });
    const deliveries = () => this.webhookDeliveries();
    new Gauge({
      name: 'cue_ledger_webhook_deliveries',
      help: "Webhook deliveries in this instance's outbox by status (pending: the backlog; delivered; failed after every attempt)",
      labelNames: ['status'] as const,
      registers: [this.registry],
      collect() {
        const counts = deliveries();
        for (const status of ['pending', 'delivered', 'failed'])
          this.set({ status }, counts[status.toUpperCase()] ?? 0);
      },
    });
    const overdue = () => this.appealsOverdue();
    new Gauge({
      name: 'cue_ledger_appeals_overdue',
      help: 'Appeals still pending past their decision deadline (from the appeals read model, at scrape time)',
      registers: [this.registry],
      collect() {
        this.set(overdue());
      },
    });
    // Both results exported from the start, so an alert on `broken` has a series to watch.
    for (const result of ['ok', 'broken']) this.verifyRuns.inc({ result }, 0);
    this.gauge(
      'cue_ledger_projector_lag_events',
      'Events of the ledger the read model has not applied yet (counted up to 10000)',
      'lagEvents',
    );
    this.gauge(
      'cue_ledger_projector_lag_seconds',
      'Age of the oldest event the read model has not applied yet (0 when caught up)',
      'lagSeconds',
    );
    this.gauge(
      'cue_ledger_rebuild_progress_ratio',
      'Share of the ledger the read model has applied, 0 to 1 (1 when caught up; a rebuild climbs from 0)',
      'rebuildProgress',
    );
  }

  // A gauge read at scrape time from one of the projector's sources.
  private gauge(name: string, help: string, key: keyof ProjectorSources): void {
    const read = (): Promise<number> => this.sources[key]();
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  // Where the projector gauges read from, wired once the projections exist.
  measureProjector(sources: ProjectorSources): void {
    this.sources = sources;
  }

  // The SQLite ledger's group commits: transactions and the appends they carried, so that
  // appends per fsync is one division away (rate(appends) / rate(commits)).
  measureGroupCommits(read: () => Readonly<{ commits: number; requests: number }>): void {
    const counter = (name: string, help: string, key: 'commits' | 'requests') =>
      new Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(read()[key]);
        },
      });
    counter('cue_ledger_commits_total', 'Transactions committed to the SQLite ledger', 'commits');
    counter(
      'cue_ledger_committed_appends_total',
      'Appends those transactions carried (group commit: several per fsync under load)',
      'requests',
    );
  }

  // Where the live, webhook and appeals gauges read from, wired by those features at start.
  measureLive(subscriptions: () => number): void {
    this.liveSubscriptions = subscriptions;
  }

  measureWebhooks(byStatus: () => Record<string, number>): void {
    this.webhookDeliveries = byStatus;
  }

  measureAppeals(overdue: () => number): void {
    this.appealsOverdue = overdue;
  }

  verified(ok: boolean): void {
    this.verifyRuns.inc({ result: ok ? 'ok' : 'broken' });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
