import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { GqlHttp } from './http';
import type { MatchScript, Write } from './scripts';
import { mutationQuery } from './scripts';

// The simulated clients: each one a scorer's tablet on its own match (writes), or a client asking
// only `{__typename}` with the same token (the ceiling of the HTTP + auth + GraphQL stack).

export interface Tokens {
  admin: string;
  // Per client: the subject the admin assigns to the match and the token it writes with.
  scorers: { subject: string; token: string }[];
  referees: { subject: string; token: string }[];
}

export interface PhaseResult {
  // Requests completed inside the measured window, and their latencies in ms.
  latencies: number[];
  seconds: number;
  errors: number;
  firstError?: string;
}

export class BenchWriteError extends Error {}

// Completions inside [start, end) count; the warm-up before start and the tail after end do not.
class Window {
  readonly start: number;
  readonly end: number;
  readonly latencies: number[] = [];
  errors = 0;
  firstError?: string;

  constructor(warmupMs: number, measureMs: number) {
    this.start = performance.now() + warmupMs;
    this.end = this.start + measureMs;
  }

  open(): boolean {
    return performance.now() < this.end;
  }

  record(began: number): void {
    const now = performance.now();
    if (now >= this.start && now < this.end) this.latencies.push(now - began);
  }

  fail(message: string): void {
    this.errors += 1;
    this.firstError ??= message;
    if (this.errors > 100) throw new BenchWriteError(`too many refused writes: ${this.firstError}`);
  }

  result(): PhaseResult {
    const { latencies, errors, firstError } = this;
    return { latencies, seconds: (this.end - this.start) / 1000, errors, firstError };
  }
}

interface Sent {
  revision: number;
  status: string;
}

// One mutation; the reply's revision and match status, or a BenchWriteError with the refusal.
async function send(
  http: GqlHttp,
  mutation: string,
  query: string,
  input: Record<string, unknown>,
  token: string,
  onDone: (began: number) => void,
): Promise<Sent> {
  const began = performance.now();
  const reply = await http.post(query, { input: { commandId: randomUUID(), ...input } }, token);
  const result = reply.data?.[mutation] as
    | { revision: number; match: { status: string } }
    | undefined;
  if (!result) {
    const why = reply.errors?.map((e) => `${e.extensions?.code ?? ''} ${e.message}`).join('; ');
    throw new BenchWriteError(`${mutation} → HTTP ${reply.status}: ${why ?? 'no result'}`);
  }
  onDone(began);
  return { revision: result.revision, status: result.match.status };
}

export interface MatchPlay {
  http: GqlHttp;
  tokens: Tokens;
  client: number;
  // Called with the revision the write was decided on and its latency.
  onWrite: (began: number, expectedRevision: number) => void;
  keepGoing: () => boolean;
}

// Schedules the match (admin), assigns this client's scorer and referee, then sends the script's
// writes in order while keepGoing(); throws BenchWriteError when the server refuses one.
export async function playMatch(p: MatchPlay, script: MatchScript): Promise<void> {
  const scorer = p.tokens.scorers[p.client];
  const referee = p.tokens.referees[p.client];
  const began = performance.now();
  const scheduled = await p.http.post(
    mutationQuery('scheduleMatch'),
    { input: { commandId: randomUUID(), ...script.schedule } },
    p.tokens.admin,
  );
  const matchId = (scheduled.data?.scheduleMatch as { matchId?: string } | undefined)?.matchId;
  if (!matchId) throw new BenchWriteError(`scheduleMatch: ${JSON.stringify(scheduled.errors)}`);
  p.onWrite(began, 0);
  let at = (scheduled.data!.scheduleMatch as { revision: number }).revision;
  const step = async (w: Write | null, mutation: string, input: Record<string, unknown>) => {
    const token = !w ? p.tokens.admin : w.role === 'REFEREE' ? referee.token : scorer.token;
    const expected = at;
    const out = await send(
      p.http,
      mutation,
      w?.query ?? mutationQuery(mutation),
      { matchId, expectedRevision: at, ...input },
      token,
      (began) => p.onWrite(began, expected),
    );
    at = out.revision;
    return out;
  };
  await step(null, 'assignOfficials', { scorers: [scorer.subject], referees: [referee.subject] });
  let last: Sent | null = null;
  for (const w of script.writes) {
    if (!p.keepGoing()) return;
    last = await step(w, w.mutation, w.input);
  }
  // The server ruled every shot as the simulator did, or the scripts do not fit this server.
  if (last?.status !== 'COMPLETED')
    throw new BenchWriteError(`${script.label} did not end COMPLETED (status ${last?.status})`);
}

// K clients, each playing match after match from the pool for warm-up + measure.
export async function writeLoad(
  http: GqlHttp,
  tokens: Tokens,
  pool: MatchScript[],
  k: number,
  warmupMs: number,
  measureMs: number,
): Promise<PhaseResult> {
  const window = new Window(warmupMs, measureMs);
  let next = 0;
  const client = async (c: number) => {
    const play: MatchPlay = {
      http,
      tokens,
      client: c,
      onWrite: (began) => window.record(began),
      keepGoing: () => window.open(),
    };
    while (window.open()) {
      try {
        await playMatch(play, pool[next++ % pool.length]);
      } catch (err) {
        if (!(err instanceof BenchWriteError) || err.message.startsWith('too many')) throw err;
        window.fail(err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: k }, (_, c) => client(c)));
  return window.result();
}

// The ceiling: `{__typename}` with each client's scorer token, same server, same K.
export async function ceilingLoad(
  http: GqlHttp,
  tokens: Tokens,
  k: number,
  warmupMs: number,
  measureMs: number,
): Promise<PhaseResult> {
  const window = new Window(warmupMs, measureMs);
  const client = async (c: number) => {
    const token = tokens.scorers[c].token;
    while (window.open()) {
      const began = performance.now();
      const reply = await http.post('{ __typename }', {}, token);
      if (reply.data?.__typename === 'Query') window.record(began);
      else window.fail(`{__typename} → HTTP ${reply.status}: ${JSON.stringify(reply.errors)}`);
    }
  };
  await Promise.all(Array.from({ length: k }, (_, c) => client(c)));
  return window.result();
}

export interface LongStream {
  // Latencies (ms) of the writes decided on revisions 0–499, and on revisions past `past`.
  early: number[];
  late: number[];
  finalRevision: number;
}

// One client plays one long match to its end.
export async function longStream(
  http: GqlHttp,
  tokens: Tokens,
  script: MatchScript,
  past: number,
): Promise<LongStream> {
  const out: LongStream = { early: [], late: [], finalRevision: script.finalRevision };
  await playMatch(
    {
      http,
      tokens,
      client: 0,
      onWrite: (began, revision) => {
        const ms = performance.now() - began;
        if (revision < 500) out.early.push(ms);
        else if (revision > past) out.late.push(ms);
      },
      keepGoing: () => true,
    },
    script,
  );
  return out;
}
