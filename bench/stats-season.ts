import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decide,
  evolve,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
} from '../src/domain';
import { DISCIPLINES } from '../src/domain/table/vocabulary';
import { matchStream, toAppend } from '../src/ledger/envelope';
import { NO_STREAM } from '../src/ledger/event-store';
import { sealEvents } from '../src/ledger/hash-chain';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { ReadModel } from '../src/projections/read-model';
import { featureProjections } from '../src/read-models';
import { RegistryQueryService } from '../src/registry/registry-queries.service';
import { StatsQueries } from '../src/stats/stats-queries';
import { nextCommand, rng } from '../test/support/simulator';
import { rebuildOnce } from './rebuild';

// The stats read model on a generated season: its rebuild rate against the plain match-projection
// rebuild over the same ledger, and the latency of the stats queries.

const SEASON = Number(process.env.BENCH_SEASON ?? 600);
const PLAYERS = 64;
const QUERIES = 300;

function playMatch(i: number, random: () => number): LedgerEvent[][] {
  const a = Math.floor(random() * PLAYERS);
  const b = (a + 1 + Math.floor(random() * (PLAYERS - 1))) % PLAYERS;
  const discipline = DISCIPLINES[i % DISCIPLINES.length];
  const schedule: MatchCommand = {
    type: 'ScheduleMatch',
    matchId: `season-${i}`,
    discipline,
    ruleProfile: discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA',
    raceTo: 3,
    players: [
      { id: `lic-${a}`, name: `Player ${a}` },
      { id: `lic-${b}`, name: `Player ${b}` },
    ],
    breakOrder: 'WINNER',
    refereePresent: true,
    competition: null,
  };
  const batches: LedgerEvent[][] = [decide(schedule, null)];
  // Two competitions, for the filters.
  const scheduled = batches[0][0] as Extract<LedgerEvent, { type: 'MatchScheduled' }>;
  scheduled.data.competitionId = i % 2 ? 'league' : 'cup';
  let state: MatchState = evolve(null, scheduled);
  for (let step = 0; state.status !== 'COMPLETED' && step < 5000; step++) {
    const events = decide(nextCommand(state, random), state);
    batches.push(events);
    for (const e of events) state = evolve(state, e);
  }
  return batches;
}

async function record(file: string): Promise<number> {
  const store = new SqliteEventStore({ filename: file });
  const random = rng(2026);
  let events = 0;
  for (let i = 0; i < SEASON; i++) {
    const stream = matchStream(`season-${i}`);
    const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    // One append per match (each command keeps its own commandId), to record the season quickly.
    const batches = playMatch(i, random).map((batch, c) =>
      toAppend(batch, {
        recordedBy: 'bench',
        role: 'SCORER',
        recordedAt: at,
        occurredAt: at,
        origin: null,
        commandId: `season-${i}-${c}`,
        correlationId: 'bench',
        causationId: null,
        engineVersion: 'bench',
        ruleProfile: null,
      }),
    );
    const sealed = sealEvents(stream, null, batches.flat());
    await store.append(stream, sealed, NO_STREAM);
    events += sealed.length;
  }
  await store.close();
  return events;
}

function latency(fn: (i: number) => unknown): { p50: number; p99: number } {
  for (let i = 0; i < 20; i++) fn(i);
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const t0 = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((x, y) => x - y);
  return { p50: times[Math.floor(QUERIES / 2)], p99: times[Math.floor(QUERIES * 0.99)] };
}

const ms = (l: { p50: number; p99: number }) =>
  `p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms`;

export async function statsSeason(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-stats-bench-'));
  try {
    const ledger = join(dir, 'ledger.sqlite');
    const t0 = Date.now();
    const events = await record(ledger);
    const recorded = (Date.now() - t0) / 1000;
    console.log(
      `\nStats on a generated season (${SEASON.toLocaleString('en-US')} matches, ${PLAYERS} players, all three disciplines, ${events.toLocaleString('en-US')} events, generated in ${recorded.toFixed(0)} s; BENCH_SEASON)`,
    );
    // Each rebuild in a process of its own, as `ledger rebuild` runs it: match views and audit
    // index only, then every read model (stats, ratings, registry, appeal cases, live places).
    const plain = rebuildOnce(ledger, join(dir, 'plain.sqlite'), 'views');
    const full = rebuildOnce(ledger, join(dir, 'full.sqlite'), 'full');
    const rate = (r: { events: number; seconds: number }) =>
      `${Math.round(r.events / r.seconds).toLocaleString('en-US')}/s`;
    const rss = (r: { rss: number[]; peak: number }) =>
      `RSS at each quarter ${r.rss.map((m) => m.toFixed(0)).join('/')} MiB, peak ${r.peak.toFixed(0)} MiB`;
    console.log(`  rebuild, match views + audit index only        ${rate(plain)}   ${rss(plain)}`);
    console.log(
      `  rebuild, every read model                     ${rate(full)}   ${(plain.seconds / full.seconds).toFixed(2)}× of the plain rate; ${rss(full)}`,
    );
    const rm = new ReadModel(join(dir, 'full.sqlite'), featureProjections());
    const q = new StatsQueries(rm.database);
    const stats3 = ['gamesWon', 'breakAndRuns', 'ballsPerInning', 'safetySuccessRate'] as const;
    const filters = [{}, { discipline: 'NINE_BALL' }, { competitionId: 'league' }];
    const board = latency((i) =>
      q.leaderboard(stats3[i % stats3.length], filters[i % filters.length], 10, {
        first: 20,
        after: null,
        ascending: false,
      }),
    );
    const sheet = latency((i) => {
      const player = `lic-${i % PLAYERS}`;
      q.player(player, filters[i % filters.length]);
      q.fouls(player, filters[i % filters.length]);
    });
    const match = latency((i) => q.match(`season-${(i * 7) % SEASON}`));
    const registry = new RegistryQueryService(rm);
    const table = latency((i) => registry.standings(i % 2 ? 'league' : 'cup'));
    console.log(`  leaderboard (top 20, minGames 10, filtered)    ${ms(board)}`);
    console.log(`  a player's stats sheet (totals + fouls)        ${ms(sheet)}`);
    console.log(`  a match's stats sheet                          ${ms(match)}`);
    const rows = registry.standings('league').length;
    console.log(`  a competition's standings (${rows} players)        ${ms(table)}`);
    rm.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
