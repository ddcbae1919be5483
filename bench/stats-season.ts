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
import { StatsService } from '../src/stats/stats.service';
import { nextCommand, rng } from '../test/support/simulator';
import { RUNS, verdict } from './common';
import { rebuildOnce } from './rebuild';

// The stats read model on a generated season: its rebuild rate against the plain match-projection
// rebuild over the same ledger, and the latency of the stats queries.

// Seasons (a comma list, smallest first): the standings, leaderboard, player's sheet and head to
// head latencies of the last against the first are a target.
const SEASONS = (process.env.BENCH_SEASON ?? '1000,10000').split(',').map(Number);
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

async function record(file: string, season: number): Promise<number> {
  const store = new SqliteEventStore({ filename: file });
  const random = rng(2026);
  let events = 0;
  for (let i = 0; i < season; i++) {
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
  const figures = SEASONS.map((season) => ({ season, ...emptyTimes() }));
  for (const f of figures) await oneSeason(f.season, f);
  if (figures.length < 2) return;
  const [first, last] = [figures[0], figures[figures.length - 1]];
  const ratios = (a: number[], b: number[]) => a.map((x, i) => x / b[i]);
  const at = `at ${last.season.toLocaleString('en-US')} matches ÷ at ${first.season.toLocaleString('en-US')} ≤ 1.5 (p50, run by run)`;
  console.log('  Targets');
  console.log(
    verdict(`leaderboard latency ${at}`, ratios(last.board, first.board), (x) => x <= 1.5),
  );
  console.log(verdict(`standings latency ${at}`, ratios(last.table, first.table), (x) => x <= 1.5));
  console.log(
    verdict(`player's sheet latency ${at}`, ratios(last.sheet, first.sheet), (x) => x <= 1.5),
  );
  console.log(verdict(`head-to-head latency ${at}`, ratios(last.h2h, first.h2h), (x) => x <= 1.5));
  console.log(
    verdict(`player's sheet over two days ${at}`, ratios(last.days, first.days), (x) => x <= 1.5),
  );
}

// Each target's p50 per run.
const emptyTimes = () => ({
  board: [] as number[],
  table: [] as number[],
  sheet: [] as number[],
  h2h: [] as number[],
  days: [] as number[],
});

async function oneSeason(season: number, out: ReturnType<typeof emptyTimes>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-stats-bench-'));
  try {
    const ledger = join(dir, 'ledger.sqlite');
    const t0 = Date.now();
    const events = await record(ledger, season);
    const recorded = (Date.now() - t0) / 1000;
    console.log(
      `\nStats on a generated season (${season.toLocaleString('en-US')} matches, ${PLAYERS} players, all three disciplines, ${events.toLocaleString('en-US')} events, generated in ${recorded.toFixed(0)} s; BENCH_SEASON)`,
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
    const leaderboard = (i: number) =>
      q.leaderboard(stats3[i % stats3.length], filters[i % filters.length], 10, {
        first: 20,
        after: null,
        ascending: false,
      });
    const board = latency(leaderboard);
    const service = new StatsService(rm);
    const sheets = (i: number) =>
      service.playerStats(`lic-${i % PLAYERS}`, filters[i % filters.length]);
    const sheet = latency(sheets);
    // Two different players (1 to PLAYERS - 1 apart), filtered as the sheets are.
    const pairs = (i: number) =>
      service.headToHead(
        `lic-${i % PLAYERS}`,
        `lic-${(i + 1 + ((i * 7) % (PLAYERS - 1))) % PLAYERS}`,
        filters[i % filters.length],
      );
    const h2h = latency(pairs);
    // A period of two days (48 matches, one an hour): read by player and date.
    const period = (i: number) =>
      service.playerStats(`lic-${i % PLAYERS}`, {
        from: '2026-01-02T00:00:00.000Z',
        to: '2026-01-03T23:59:59.999Z',
      });
    const days = latency(period);
    const match = latency((i) => q.match(`season-${(i * 7) % season}`));
    const registry = new RegistryQueryService(rm);
    const standings = (i: number) => registry.standings(i % 2 ? 'league' : 'cup');
    const table = latency(standings);
    console.log(`  leaderboard (top 20, minGames 10, filtered)    ${ms(board)}`);
    console.log(`  a player's stats sheet (totals + fouls)        ${ms(sheet)}`);
    console.log(`  head to head (two players' sheets, filtered)   ${ms(h2h)}`);
    console.log(`  a player's sheet over two days (by date)       ${ms(days)}`);
    console.log(`  a match's stats sheet                          ${ms(match)}`);
    const rows = registry.standings('league').length;
    // The p50s of RUNS rounds of each, for the targets.
    for (let run = 0; run < RUNS; run++) {
      out.board.push(run === 0 ? board.p50 : latency(leaderboard).p50);
      out.table.push(run === 0 ? table.p50 : latency(standings).p50);
      out.sheet.push(run === 0 ? sheet.p50 : latency(sheets).p50);
      out.h2h.push(run === 0 ? h2h.p50 : latency(pairs).p50);
      out.days.push(run === 0 ? days.p50 : latency(period).p50);
    }
    console.log(`  a competition's standings (${rows} players)        ${ms(table)}`);
    rm.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
