import type Database from 'better-sqlite3';
import {
  countAppeal,
  STAT_COUNTERS,
  STATS_VERSION,
  Tally,
  tallyOfRecorded,
  zeroCounters,
  type MatchStats,
} from '../domain/stats';
import { isLedgerEventType, type MatchScheduled } from '../domain';
import { isPlay } from '../domain/match/amendments/history';
import { recordOf, toDomain, type MatchRecord } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import {
  eventsByMatch,
  type ProjectedEvent,
  type Projection,
  type ProjectionBatch,
} from '../projections/projection';
import {
  COUNTER_COLUMNS,
  installStatsTables,
  SHOT_COLUMNS,
  shotValues,
  STATS_TABLES,
} from './stats-tables';
import * as totals from './stats-totals';
import { TallyCache, type CachedTally } from './tally-cache';

// The stats read model. When a batch changes a match, its rows are written again: folded on from
// the match's tally kept in memory when the batch only adds play, else computed again from its
// whole recorded history (read from the ledger before the commit, plus the batch), so a
// correction or an allowed appeal leaves exactly the rows the amended history would have produced.
export const statsProjection = (): Projection => ({
  name: 'stats',
  version: STATS_VERSION * 100 + totals.STATS_LAYOUT,
  install: (db) => (installStatsTables(db), totals.installStatTotals(db)),
  beginBulkLoad: totals.suspendStatTotals,
  endBulkLoad: totals.installStatTotals,
  clear: (db) => {
    totals.clearStatTotals(db, () => {
      for (const t of STATS_TABLES) db.exec(`DELETE FROM ${t}`);
    });
    writers.delete(db);
  },
  // A match computed again needs its history before the batch: read from the ledger up front.
  prepare: async (batch, db, ledger) => {
    const writer = writerOf(db);
    writer.histories.clear();
    for (const [matchId, events] of eventsByMatch(batch))
      if (writer.recomputes(matchId, events)) await writer.loadHistory(matchId, events, ledger);
  },
  apply: (batch: ProjectionBatch, db) => {
    const writer = writerOf(db);
    const byMatch = eventsByMatch(batch);
    // Every tally the batch folds onto is taken out first: a match put back may evict another
    // match of the same batch, whose history `prepare` did not read since it was cached then.
    const ids = [...batch.matches.keys()];
    const taken = new Map(ids.map((id) => [id, writer.take(id)]));
    for (const id of ids) writer.update(id, byMatch.get(id) ?? [], taken.get(id));
  },
});

// Statements prepared once per database.
const writers = new WeakMap<Database.Database, StatsWriter>();

function writerOf(db: Database.Database): StatsWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new StatsWriter(db)));
  return writer;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

class StatsWriter {
  // Each match to compute again in the next apply: its stored events before the batch's.
  readonly histories = new Map<string, StoredEvent[]>();
  private readonly inserts: Record<string, Database.Statement>;
  private readonly deletes: Database.Statement[];
  // Tallies of the matches written last, to fold a batch onto.
  private readonly cache = new TallyCache();

  constructor(private readonly db: Database.Database) {
    const insert = (table: string, cols: string[]) =>
      // An upsert that keeps the row in place (the sheet lists a game's players in rowid order).
      db.prepare(
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${placeholders(cols.length)})
         ON CONFLICT DO UPDATE SET ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      );
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
      shot: insert('shots', SHOT_COLUMNS),
    };
    this.deletes = STATS_TABLES.map((t) => db.prepare(`DELETE FROM ${t} WHERE match_id = ?`));
  }

  // Goes on from the cached tally (or a new one, for a batch that starts the match) when the
  // batch's events follow it and only add to the record (no correction, no allowed appeal), with
  // the state after each event as the batch carries it; otherwise computes the match again.
  update(matchId: string, events: readonly ProjectedEvent[], cached?: CachedTally): void {
    const recompute = this.recomputes(matchId, events, cached);
    const c = cached ?? (recompute ? undefined : this.started(matchId, events));
    if (!c || recompute) return this.recompute(matchId, events);
    for (const e of events) {
      const d = e.domainEvent!;
      if (d.type === 'LayoutRecorded') c.tally.noteLayout(e.event.revision, d.data);
      if (isPlay(d) || d.type === 'MatchScheduled') c.tally.see(d, e.state);
      else {
        countAppeal(c.tally, d, c.filedBy);
        if (e.state) c.tally.pass(e.state);
      }
    }
    c.revision = events[events.length - 1].event.revision;
    // Only what the batch changed is stored again (rows are keyed, and play only adds to them).
    const changed = c.tally.changes();
    const stats = c.tally.result();
    c.written = this.write(matchId, stats, c.scheduled, c.playedOn, c.written, changed);
    this.cache.put(matchId, c, stats.state!.status);
  }

  // Takes the match's tally out of the cache (update puts it back once its rows are written).
  take(matchId: string): CachedTally | undefined {
    return this.cache.take(matchId);
  }

  recomputes(
    matchId: string,
    events: readonly ProjectedEvent[],
    c = this.cache.get(matchId),
  ): boolean {
    if (events.length === 0 || events.some((e) => amends(e))) return true;
    // A batch that starts the match (a rebuild, a new match) needs no history.
    if (!c) return !startsMatch(events[0]);
    return events[0].event.revision !== c.revision + 1;
  }

  // A match the batch starts: nothing is written for it yet, its tally is new.
  private started(matchId: string, events: readonly ProjectedEvent[]): CachedTally {
    for (const d of this.deletes) d.run(matchId);
    const first = events[0].domainEvent as MatchScheduled;
    const at = playedOn(recordOf(events[0].event, first, null, events[1]?.event));
    const tally = new Tally();
    return {
      tally,
      filedBy: new Map(),
      revision: -1,
      written: 0,
      scheduled: first.data,
      playedOn: at,
    };
  }

  // The match's events before the batch's first, unless the batch starts the stream.
  async loadHistory(
    matchId: string,
    events: readonly ProjectedEvent[],
    ledger: EventStore,
  ): Promise<void> {
    const first = events[0]?.event;
    const before =
      first && first.revision > 0
        ? await ledger.readStream(first.streamId, { maxCount: first.revision })
        : [];
    this.histories.set(matchId, before);
  }

  private recompute(matchId: string, events: readonly ProjectedEvent[]): void {
    const before = this.histories.get(matchId);
    this.histories.delete(matchId);
    if (before === undefined && (events[0]?.event.revision ?? 0) > 0)
      throw new Error(`Stats of match ${matchId}: its history was not read before the commit`);
    const stored = [...(before ?? []), ...events.map((e) => e.event)];
    // Events of a type this code does not know are not play: they are left out.
    const known = stored.filter((s) => isLedgerEventType(s.type));
    const records: MatchRecord[] = known.map((s, i) =>
      recordOf(s, toDomain(s), null, known[i + 1]),
    );
    for (const d of this.deletes) d.run(matchId);
    const first = records[0];
    if (first?.event.type !== 'MatchScheduled') return;
    const { tally, filedBy } = tallyOfRecorded(records);
    const scheduled = first.event.data;
    const at = playedOn(first);
    const stats = tally.result();
    const written = this.write(matchId, stats, scheduled, at, 0);
    tally.changes();
    const revision = records[records.length - 1].revision;
    const c = { tally, filedBy, revision, written, scheduled, playedOn: at };
    this.cache.put(matchId, c, stats.state!.status);
  }

  // Writes the match's rows (the shot rows from `from` on; the game and foul rows given, else all)
  // and returns how many shot rows it has.
  private write(
    matchId: string,
    stats: MatchStats,
    scheduled: MatchScheduled['data'],
    playedOn: string,
    from: number,
    changed: Pick<MatchStats, 'rows' | 'fouls'> = stats,
  ): number {
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
      const opponent = state.players.find((o) => o.id !== p.id)!.id;
      const totals = stats.totals.get(p.id) ?? zeroCounters();
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
    for (const r of changed.rows)
      if (r.game > 0)
        this.inserts.game.run(
          matchId,
          r.game,
          r.player,
          ...STAT_COUNTERS.map((c) => r.counters[c]),
        );
    for (const f of changed.fouls)
      this.inserts.foul.run(matchId, f.game, f.player, f.kind, f.rule, f.count);
    stats.shots
      .slice(from)
      .forEach((s, i) =>
        this.inserts.shot.run(
          ...shotValues(
            matchId,
            from + i + 1,
            s,
            stats.layouts.get(`${s.game}:${s.shotNumber}`) ?? null,
          ),
        ),
      );
    return stats.shots.length;
  }
}

const startsMatch = (e: ProjectedEvent): boolean =>
  e.event.revision === 0 && e.domainEvent?.type === 'MatchScheduled';

// A correction, an allowed appeal or any event superseding others (or one this code cannot read)
// changes the past: the match is computed again.
function amends(e: ProjectedEvent): boolean {
  const d = e.domainEvent;
  return (
    d === null ||
    e.supersedes.length > 0 ||
    d.type === 'ShotCorrected' ||
    d.type === 'GameResultCorrected' ||
    (d.type === 'LayoutRecorded' && d.data.corrects !== undefined) ||
    (d.type === 'AppealDecided' && d.data.outcome === 'ALLOWED')
  );
}

// A match's date for the period filter: when it was scheduled to be played, else when recorded.
function playedOn(first: MatchRecord): string {
  const at = (first.event.data as { scheduledAt?: unknown }).scheduledAt;
  return typeof at === 'string' ? at : first.recordedAt;
}
