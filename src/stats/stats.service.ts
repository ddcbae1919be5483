import {
  ratios,
  STAT_COUNTERS,
  STAT_RATIOS,
  STATS_VERSION,
  type Counters,
  type StatRatio,
} from '../domain/stats';
import type { Slice } from '../ledger/slices';
import type { ReadModel } from '../projections/read-model';
import { StatsError } from './stats-errors';
import {
  StatsQueries,
  type FoulTally,
  type LeaderRow,
  type PlayerTotals,
  type StatName,
  type StatsFilter,
} from './stats-queries';

export type Figures = Counters & Record<StatRatio, number | null> & { statsVersion: number };

export interface PlayerStats {
  playerId: string;
  name: string;
  stats: Figures;
  foulsByKind: FoulTally[];
}

export const figuresOf = (c: Counters): Figures => ({
  statsVersion: STATS_VERSION,
  ...c,
  ...ratios(c),
});

// The stats read side: figures per player, head to head, a match's sheet, leaderboards and CSV,
// every one from the stats read model and carrying the stats version.
export class StatsService {
  private readonly queries: StatsQueries;

  constructor(readModel: ReadModel) {
    this.queries = new StatsQueries(readModel.database);
  }

  playerStats(playerId: string, filter: StatsFilter): PlayerStats {
    return this.withFouls(this.queries.player(playerId, filter), filter);
  }

  // Each player's figures in the matches between the two (the filter's opponent is theirs).
  headToHead(a: string, b: string, filter: StatsFilter): { a: PlayerStats; b: PlayerStats } {
    if (a === b) throw new StatsError('BAD_USER_INPUT', 'Head to head needs two different players');
    return {
      a: this.playerStats(a, { ...filter, opponent: b }),
      b: this.playerStats(b, { ...filter, opponent: a }),
    };
  }

  matchStats(matchId: string) {
    const m = this.queries.match(matchId);
    // Both players play every game: either one's count is the match's.
    const played = m.players[0]?.counters.gamesPlayed ?? 0;
    const withShots = m.players[0]?.counters.gamesWithShots ?? 0;
    return {
      gamesPlayed: played,
      gamesWithShots: withShots,
      shotCoverage: played === 0 ? null : withShots / played,
      matchId,
      statsVersion: STATS_VERSION,
      discipline: m.discipline,
      ruleProfile: m.rule_profile,
      competitionId: m.competition_id,
      status: m.status,
      winner: m.winner,
      players: m.players.map((p) => this.withFouls(p, {}, matchId)),
      games: m.games.map((g) => ({
        game: g.game,
        playerId: g.player,
        stats: figuresOf(g.counters),
      })),
    };
  }

  leaderboard(
    stat: StatName,
    filter: StatsFilter,
    minGames: number,
    page: { first: number; after: { value: number; player: string } | null; ascending: boolean },
  ): { rows: LeaderRow[]; hasNextPage: boolean; totalCount: number } {
    if (!Number.isInteger(minGames) || minGames < 0)
      throw new StatsError('BAD_USER_INPUT', 'minGames must be a whole number, 0 or more');
    return this.queries.leaderboard(stat, filter, minGames, page);
  }

  appeals(filter: StatsFilter): {
    statsVersion: number;
    appealsFiled: number;
    appealsAllowed: number;
  } {
    const a = this.queries.appeals(filter);
    return { statsVersion: STATS_VERSION, appealsFiled: a.filed, appealsAllowed: a.allowed };
  }

  // One line per player with every counter and ratio, headed by the column names. Read a page of
  // players at a time, a page per slice at most (the read model between two pages is read as it
  // stands then).
  async csv(filter: StatsFilter, minGames: number, slice?: Slice): Promise<string> {
    const head = ['statsVersion', 'playerId', 'name', ...STAT_COUNTERS, ...STAT_RATIOS];
    const lines = [head.join(',')];
    let after: string | null = null;
    for (;;) {
      if (slice?.due()) await slice.next();
      const page = this.queries.allPlayers(filter, minGames, after, csvPaging.players);
      for (const p of page) lines.push(csvLine(p));
      if (page.length < csvPaging.players) break;
      after = page[page.length - 1].player;
    }
    return lines.join('\n') + '\n';
  }

  private withFouls(t: PlayerTotals, filter: StatsFilter, matchId?: string): PlayerStats {
    return {
      playerId: t.player,
      name: t.name,
      stats: figuresOf(t.counters),
      foulsByKind: this.queries.fouls(t.player, filter, matchId),
    };
  }
}

// Players read per page of the CSV: a page's query and lines take well under a slice. Tests
// lower it.
export const csvPaging = { players: 100 };

function csvLine(p: PlayerTotals): string {
  const f = figuresOf(p.counters);
  return [
    STATS_VERSION,
    p.player,
    p.name,
    ...STAT_COUNTERS.map((c) => f[c]),
    ...STAT_RATIOS.map((r) => f[r] ?? ''),
  ]
    .map(csvField)
    .join(',');
}

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
function csvField(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
