import type { LedgerEvent, ShotPlayed } from '../events/catalogue';
import type { LayoutRecorded } from '../events/layout';
import type { RecordedEvent } from '../match/amendments/history';
import { evolve } from '../match/evolve';
import type { MatchState } from '../match/state';
import type { Ruling } from '../rules/ruling';
import {
  zeroCounters,
  type Counters,
  type FoulCount,
  type PlayerGameStats,
  type ShotRow,
} from './definitions';
import { effectiveHistory } from './effective-history';
import { Innings, type Inning } from './innings';
import { countResult } from './result-level';

export interface MatchStats {
  state: MatchState | null;
  rows: PlayerGameStats[];
  fouls: FoulCount[];
  shots: ShotRow[];
  // `game:shotNumber` → the revision of the layout recorded for that shot's moment.
  layouts: ReadonlyMap<string, number>;
  // Per player, the sum of their rows (maxima for MAX_COUNTERS); absent players have no rows.
  totals: ReadonlyMap<string, Counters>;
}

// The stats of a recorded match: play from its effective history, appeals from the record.
export function statsOfRecorded(recorded: readonly RecordedEvent[]): MatchStats {
  return tallyOfRecorded(recorded).tally.result();
}

// The same, as a tally a caller may go on feeding (see countAppeal for the appeals).
export function tallyOfRecorded(recorded: readonly RecordedEvent[]): {
  tally: Tally;
  filedBy: Map<string, string>;
} {
  const tally = statsOfHistory(effectiveHistory(recorded));
  const filedBy = new Map<string, string>();
  for (const { event, revision } of recorded) {
    countAppeal(tally, event, filedBy);
    if (event.type === 'LayoutRecorded') tally.noteLayout(revision, event.data);
  }
  return { tally, filedBy };
}

// Appeals are counted from the record (they are not play): filed by, and allowed for, a player.
export function countAppeal(t: Tally, e: LedgerEvent, filedBy: Map<string, string>): void {
  if (e.type === 'AppealFiled') {
    filedBy.set(e.data.appealId, e.data.by);
    t.bump(0, e.data.by, 'appealsFiled');
  } else if (e.type === 'AppealDecided' && e.data.outcome === 'ALLOWED') {
    const by = filedBy.get(e.data.appealId);
    if (by) t.bump(0, by, 'appealsAllowed');
  }
}

// The stats of a play history (schedule and play events, nothing amended).
export function statsOfHistory(events: readonly LedgerEvent[]): Tally {
  const t = new Tally();
  for (const e of events) t.see(e);
  return t;
}

// Folds the events through the match's own evolve, reading the table before each shot.
export class Tally {
  private state: MatchState | null = null;
  private readonly rows = new Map<string, PlayerGameStats>();
  private readonly fouls = new Map<string, FoulCount>();
  private readonly shots: ShotRow[] = [];
  private readonly layouts = new Map<string, number>();
  // Rows and foul counts changed since changes() was last asked (what a writer must store again).
  private readonly changedRows = new Set<string>();
  private readonly totals = new Map<string, Counters>();
  private readonly changedFouls = new Set<string>();
  private readonly innings = new Innings((i) => this.closed(i));
  private shot: { played: ShotPlayed['data']; before: MatchState } | null = null;
  // Games with at least one shot recorded (the shot statistics' coverage).
  private readonly shotGames = new Set<number>();

  // `after`: the match's state after the event, when the caller has it (the stream's own fold,
  // handed with a committed batch): the event is then not folded a second time.
  see(e: LedgerEvent, after?: MatchState): void {
    const before = this.state;
    this.state = after ?? evolve(before, e);
    switch (e.type) {
      case 'MatchScheduled':
        for (const p of e.data.players) this.row(0, p.id);
        return;
      case 'GameStarted':
        this.innings.rack();
        for (const p of this.state.players) this.row(e.data.gameNumber, p.id);
        return;
      case 'ShotPlayed':
        this.shot = { played: e.data, before: before! };
        return;
      case 'ShotAdjudicated':
        if (this.shot) this.adjudicated(this.shot, e.data.ruling);
        this.shot = null;
        return;
      case 'GameEnded':
        this.gameEnded(e.data);
        return;
      case 'GameResultRecorded':
        countResult(this, e);
        return;
      case 'MatchEnded':
        for (const p of this.state.players) this.bump(0, p.id, 'matchesPlayed');
        this.bump(0, e.data.winner, 'matchesWon');
        return;
      default:
        return;
    }
  }

  // An event that is not play, with the state after it: the next shot is read on that state.
  pass(after: MatchState): void {
    this.state = after;
  }

  bump(game: number, player: string, counter: keyof Counters, by = 1): void {
    this.row(game, player).counters[counter] += by;
    this.total(player)[counter] += by;
  }

  // Each player's counters over the match, kept as rows change (what totalOf of the rows gives).
  private total(player: string): Counters {
    let t = this.totals.get(player);
    if (!t) this.totals.set(player, (t = zeroCounters()));
    return t;
  }

  // The latest layout for a shot's moment (a correction supersedes; a proposal is not the record).
  noteLayout(revision: number, d: LayoutRecorded['data']): void {
    if (d.gameNumber === null || d.shotNumber === null || d.proposedFor) return;
    this.layouts.set(`${d.gameNumber}:${d.shotNumber}`, revision);
  }

  result(): MatchStats {
    return {
      state: this.state,
      rows: [...this.rows.values()],
      fouls: [...this.fouls.values()],
      shots: this.shots,
      layouts: this.layouts,
      totals: this.totals,
    };
  }

  // What changed since the last call: the rows and foul counts to store again.
  changes(): { rows: PlayerGameStats[]; fouls: FoulCount[] } {
    const rows = [...this.changedRows].map((k) => this.rows.get(k)!);
    const fouls = [...this.changedFouls].map((k) => this.fouls.get(k)!);
    this.changedRows.clear();
    this.changedFouls.clear();
    return { rows, fouls };
  }

  private row(game: number, player: string): PlayerGameStats {
    const key = `${game}\u0000${player}`;
    this.changedRows.add(key);
    let r = this.rows.get(key);
    if (!r) this.rows.set(key, (r = { game, player, counters: zeroCounters() }));
    return r;
  }

  private adjudicated(s: { played: ShotPlayed['data']; before: MatchState }, ruling: Ruling): void {
    const game = s.before.currentGame!;
    const { shooter, facts } = s.played;
    const g = game.number;
    this.shotGames.add(g);
    const call = ruling.isBreak ? null : game.call;
    const legal = ruling.legallyPocketed.length;
    const foul = ruling.appliedFoul;
    const inning = this.innings.shot(shooter, {
      isBreak: ruling.isBreak,
      ballInHand: game.ballInHand !== 'NONE' && !ruling.isBreak,
      game: g,
    });
    inning.balls += legal;
    // A foul recorded without a stroke is no shot; it counts as a foul (G1.17).
    const stroke = facts.noStroke !== true;
    if (stroke) inning.shots += 1;
    if (foul) inning.fouled = true;
    if (stroke) this.bump(g, shooter, 'shots');
    this.bump(g, shooter, 'ballsPocketed', legal);
    if (ruling.isBreak) {
      this.bump(g, shooter, 'breaks');
      this.bump(g, shooter, 'breakBalls', facts.pocketed.length);
      if (facts.pocketed.length === 0) this.bump(g, shooter, 'dryBreaks');
      if (foul) this.bump(g, shooter, 'breakFouls');
      if (facts.cueBallScratched || facts.cueBallOffTable) this.bump(g, shooter, 'breakScratches');
    }
    if (call && call.ball !== null && !call.safety && call.pushOut !== true) {
      this.bump(g, shooter, 'calledAttempted');
      const made = facts.pocketed.some((p) => p.ball === call.ball && p.pocket === call.pocket);
      if (made && !foul && ruling.legallyPocketed.includes(call.ball))
        this.bump(g, shooter, 'calledMade');
    }
    if (call?.safety) this.bump(g, shooter, 'safeties');
    // Only a legal safety that ends the inning can leave the opponent in trouble.
    inning.safety = call?.safety === true && !foul;
    if (foul) {
      this.bump(g, shooter, 'fouls');
      const key = `${g}\u0000${shooter}\u0000${foul.kind}\u0000${foul.rule}`;
      const f = this.fouls.get(key);
      this.changedFouls.add(key);
      if (f) f.count += 1;
      else
        this.fouls.set(key, {
          game: g,
          player: shooter,
          kind: foul.kind,
          rule: foul.rule,
          count: 1,
        });
    }
    const won = ruling.gameResult?.winner ?? null;
    this.shots.push({
      game: g,
      rack: game.rack,
      inning: inning.number,
      shotNumber: s.played.shotNumber,
      shooter,
      isBreak: ruling.isBreak,
      callBall: call?.ball ?? null,
      callPocket: call?.pocket ?? null,
      safety: call?.safety === true,
      pushOut: call?.pushOut === true,
      ballInHand: game.ballInHand,
      facts,
      pocketed: ruling.legallyPocketed,
      turn: ruling.turn,
      penalty: ruling.penalty,
      foulKind: foul?.kind ?? null,
      foulRule: foul?.rule ?? null,
      rules: ruling.rules,
      gameWinner: won,
    });
    if (!keepsTurn(ruling)) this.innings.end(won);
  }

  private gameEnded(d: {
    gameNumber: number;
    winner: string;
    loser: string;
    reason: string;
  }): void {
    // A game ended away from the table (award, conduct, forfeit) ends the inning unwon.
    this.innings.end(null);
    const g = d.gameNumber;
    // A10: a forfeited frame is not scored, so it is not a game played either.
    if (d.reason === 'MATCH_FORFEITED') return;
    for (const p of [d.winner, d.loser]) this.bump(g, p, 'gamesPlayed');
    this.bump(g, d.winner, 'gamesWon');
    if (this.shotGames.has(g)) {
      for (const p of [d.winner, d.loser]) this.bump(g, p, 'gamesWithShots');
      this.bump(g, d.winner, 'gamesWonWithShots');
    }
    this.bump(g, d.winner, 'inningsInWonGames', this.innings.countInGame(g, d.winner));
    if (d.reason === 'THREE_CONSECUTIVE_FOULS') this.bump(g, d.loser, 'threeFoulLosses');
  }

  // An inning is over: its run, whether a safety before it succeeded, and how a won one was won.
  private closed(i: Inning): void {
    const g = i.game;
    this.bump(g, i.player, 'innings');
    if (i.ballInHand) this.bump(g, i.player, 'ballInHandInnings');
    const r = this.row(g, i.player).counters;
    r.longestRun = Math.max(r.longestRun, i.balls);
    const t = this.total(i.player);
    t.longestRun = Math.max(t.longestRun, i.balls);
    if (i.answersSafetyOf)
      if (i.fouled || i.balls === 0)
        this.bump(i.answersSafetyOf.game, i.answersSafetyOf.player, 'safetiesSucceeded');
    if (!i.won) return;
    if (i.shots === 1 && i.beganWithBreak) {
      this.bump(g, i.player, 'winsOnBreak');
      return;
    }
    this.bump(g, i.player, 'runouts');
    if (i.beganWithBreak) this.bump(g, i.player, 'breakAndRuns');
    else if (i.firstOfRack) this.bump(g, i.player, 'tableRuns');
    if (i.ballInHand) this.bump(g, i.player, 'ballInHandWins');
  }
}

// The shooter stays at the table, or owes a choice to themself (E8.7: spot the 8 and continue,
// or re-rack); only a choice owed to the opponent ends the inning (docs/stats.md).
function keepsTurn(r: Ruling): boolean {
  if (r.turn === 'CONTINUES') return true;
  return r.turn === 'CHOICE_PENDING' && r.pendingChoice?.player === r.shooter;
}
