import type Database from 'better-sqlite3';
import { STAT_COUNTERS, STATS_VERSION, statsOfRecorded, totalOf } from '../domain/stats';
import type { MatchStats } from '../domain/stats';
import type { MatchScheduled } from '../domain';
import { recordOf, toDomain, type MatchRecord } from '../ledger/envelope';
import type { StoredEvent } from '../ledger/event-store';
import type { Projection, ProjectionBatch } from '../projections/projection';
import { COUNTER_COLUMNS, installStatsTables, STATS_TABLES } from './stats-tables';

// The stats read model. When a batch changes a match, that match's rows are computed again from
// its whole recorded history (the audit index already holds the batch's events), so a correction
// or an allowed appeal leaves exactly the rows the amended history would have produced.
export const statsProjection = (): Projection => ({
  name: 'stats',
  version: STATS_VERSION,
  install: installStatsTables,
  clear: (db) => {
    for (const t of STATS_TABLES) db.exec(`DELETE FROM ${t}`);
  },
  apply: (batch: ProjectionBatch, db) => {
    let writer = writers.get(db);
    if (!writer) writers.set(db, (writer = new StatsWriter(db)));
    for (const matchId of batch.matches.keys()) writer.recompute(matchId);
  },
});

// Statements prepared once per database.
const writers = new WeakMap<Database.Database, StatsWriter>();

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

class StatsWriter {
  private readonly read: Database.Statement<[string], { event: string }>;
  private readonly inserts: Record<string, Database.Statement>;
  private readonly deletes: Database.Statement[];

  constructor(private readonly db: Database.Database) {
    this.read = db.prepare('SELECT event FROM audit_events WHERE match_id = ? ORDER BY revision');
    const insert = (table: string, cols: string[]) =>
      db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${placeholders(cols.length)})`);
    const dims = [
      'player_name',
      'opponent',
      'discipline',
      'rule_profile',
      'competition_id',
      'played_on',
    ];
    this.inserts = {
      match: insert('stat_matches', [
        'match_id',
        'discipline',
        'rule_profile',
        'competition_id',
        'played_on',
        'status',
        'winner',
        'score',
      ]),
      player: insert('stat_player_matches', ['match_id', 'player', ...dims, ...COUNTER_COLUMNS]),
      game: insert('stat_player_games', ['match_id', 'game', 'player', ...COUNTER_COLUMNS]),
      foul: insert('stat_fouls', ['match_id', 'game', 'player', 'kind', 'rule', 'count']),
      shot: insert('shots', [
        'match_id',
        'seq',
        'game',
        'rack',
        'inning',
        'shot_number',
        'shooter',
        'is_break',
        'call_ball',
        'call_pocket',
        'safety',
        'push_out',
        'ball_in_hand',
        'pocketed',
        'turn',
        'penalty',
        'foul_kind',
        'foul_rule',
        'rule_ids',
        'game_winner',
        'facts',
      ]),
    };
    this.deletes = STATS_TABLES.map((t) => db.prepare(`DELETE FROM ${t} WHERE match_id = ?`));
  }

  recompute(matchId: string): void {
    const stored = this.read.all(matchId).map((r) => {
      const e = JSON.parse(r.event) as Omit<StoredEvent, 'position'> & { position: string };
      return { ...e, position: BigInt(e.position) };
    });
    const records: MatchRecord[] = stored.map((s, i) =>
      recordOf(s, toDomain(s), null, stored[i + 1]),
    );
    for (const d of this.deletes) d.run(matchId);
    const first = records[0];
    if (first?.event.type !== 'MatchScheduled') return;
    this.write(matchId, statsOfRecorded(records), first.event.data, playedOn(first));
  }

  private write(
    matchId: string,
    stats: MatchStats,
    scheduled: MatchScheduled['data'],
    playedOn: string,
  ): void {
    const state = stats.state!;
    const competition = scheduled.competitionId ?? null;
    const { discipline, ruleProfile } = state;
    this.inserts.match.run(
      matchId,
      discipline,
      ruleProfile,
      competition,
      playedOn,
      state.status,
      state.winner,
      JSON.stringify(state.score),
    );
    for (const p of state.players) {
      const mine = stats.rows.filter((r) => r.player === p.id);
      const opponent = state.players.find((o) => o.id !== p.id)!.id;
      const totals = totalOf(mine.map((r) => r.counters));
      this.inserts.player.run(
        matchId,
        p.id,
        p.name,
        opponent,
        discipline,
        ruleProfile,
        competition,
        playedOn,
        ...STAT_COUNTERS.map((c) => totals[c]),
      );
    }
    for (const r of stats.rows)
      if (r.game > 0)
        this.inserts.game.run(
          matchId,
          r.game,
          r.player,
          ...STAT_COUNTERS.map((c) => r.counters[c]),
        );
    for (const f of stats.fouls)
      this.inserts.foul.run(matchId, f.game, f.player, f.kind, f.rule, f.count);
    stats.shots.forEach((s, seq) =>
      this.inserts.shot.run(
        matchId,
        seq + 1,
        s.game,
        s.rack,
        s.inning,
        s.shotNumber,
        s.shooter,
        s.isBreak ? 1 : 0,
        s.callBall,
        s.callPocket,
        s.safety ? 1 : 0,
        s.pushOut ? 1 : 0,
        s.ballInHand,
        JSON.stringify(s.pocketed),
        s.turn,
        s.penalty,
        s.foulKind,
        s.foulRule,
        JSON.stringify(s.rules),
        s.gameWinner,
        JSON.stringify(s.facts),
      ),
    );
  }
}

// A match's date for the period filter: when it was scheduled to be played, else when recorded.
function playedOn(first: MatchRecord): string {
  const at = (first.event.data as { scheduledAt?: unknown }).scheduledAt;
  return typeof at === 'string' ? at : first.recordedAt;
}
