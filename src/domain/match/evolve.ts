import type { GameEnded, GameStarted, LedgerEvent, MatchScheduled } from '../events/catalogue';
import { evolveAmendment } from './amendments/evolve';
import { installPlaySnapshot } from './play-snapshot';
import { DEFAULT_APPEAL_WINDOW_MINUTES } from './amendments/window';
import { copyGame, copyMatch } from './copies';
import { evolveInPlay, requireGame } from './evolve-play';
import type { GameState, MatchState } from './state';

// evolve only applies what an event says; every rule was applied when the event was decided.
// Returns a new state object (the input is never mutated). Copies name every field (copyMatch,
// copyGame, withEntry) instead of spreading: spreads, with player ids as computed keys above all,
// take V8's slow path, and this fold runs for every event of every replay.

export function evolve(state: MatchState | null, event: LedgerEvent): MatchState {
  if (event.type === 'MatchScheduled') return scheduled(event.data);
  if (state === null) throw new Error(`${event.type} before MatchScheduled`);
  const next = copyMatch(state);
  next.version = state.version + 1;
  const game = state.currentGame;

  switch (event.type) {
    case 'BreakOrderDecided':
      // A re-lag (no winner) leaves the break order undecided.
      next.pendingChoice =
        event.data.winner === null
          ? null
          : {
              kind: 'BREAK_OR_CEDE',
              player: event.data.winner,
              options: ['BREAK', 'CEDE_BREAK'],
              rule: event.data.rule,
              ballInHandIfShooting: 'BEHIND_HEAD_STRING',
            };
      return next;
    case 'GameStarted':
      next.status = 'IN_PLAY';
      next.pendingChoice = null;
      next.currentGame = newGame(state, event.data);
      return next;
    case 'CueBallPlaced':
    case 'ShotCalled':
    case 'FrozenBallDeclared':
    case 'ShotPlayed':
    case 'ShotAdjudicated':
    case 'OptionChosen':
    case 'RefereeRuled':
      return evolveInPlay(state, next, event);
    case 'GameEnded':
      return gameEnded(next, requireGame(game, event.type), event.data);
    case 'OfficialsAssigned':
      next.officials = { scorers: [...event.data.scorers], referees: [...event.data.referees] };
      return next;
    case 'MatchEnded':
      next.status = 'COMPLETED';
      next.winner = event.data.winner;
      next.score = { ...event.data.score };
      return next;
    // The result's GameEnded (next) scores it; a correction installs the re-derived match.
    case 'GameResultRecorded':
      return next;
    // A layout records where the balls lay; it changes nothing in play.
    case 'LayoutRecorded':
      return next;
    case 'GameResultCorrected':
      installPlaySnapshot(next, event.data.resulting);
      return next;
    case 'ShotCorrected':
    case 'AppealFiled':
    case 'AppealDecided':
    case 'AppealReviewed':
    case 'AppealEvidenceAttached':
    case 'AppealReviewRequested':
    case 'AppealWithdrawn':
    case 'AppealMooted':
    case 'AppealFeeSettled':
    case 'MatchSigned':
    case 'MatchSignedOff':
      return evolveAmendment(next, event);
    case 'PlayerRegistered':
    case 'PlayerUpdated':
    case 'CompetitionCreated':
    case 'CompetitionUpdated':
    case 'CommitteeAssigned':
      throw new Error(`${event.type} belongs to a registry stream, not to a match`);
  }
}

function scheduled(d: MatchScheduled['data']): MatchState {
  return {
    id: d.matchId,
    discipline: d.discipline,
    ruleProfile: d.ruleProfile,
    raceTo: d.raceTo,
    players: [{ ...d.players[0] }, { ...d.players[1] }],
    breakOrder: d.breakOrder,
    refereePresent: d.refereePresent,
    competition: d.competition,
    status: 'AWAITING_BREAK_ORDER',
    score: { [d.players[0].id]: 0, [d.players[1].id]: 0 },
    pendingChoice: null,
    currentGame: null,
    games: [],
    warnings: { [d.players[0].id]: [], [d.players[1].id]: [] },
    winner: null,
    officials: { scorers: [], referees: [] },
    // Matches scheduled before appeals existed carry no window: they get the default.
    appealWindowMinutes:
      d.appealWindow?.minutes ?? d.appealWindowMinutes ?? DEFAULT_APPEAL_WINDOW_MINUTES,
    appealWindowStart: d.appealWindow?.start ?? 'SHOT',
    appealWindowFrozen: d.appealWindow !== undefined,
    appeals: [],
    signatures: [],
    signaturesAskedAgain: [],
    final: false,
    version: 1,
  };
}

function newGame(state: MatchState, d: GameStarted['data']): GameState {
  const players = state.players.map((p) => p.id);
  return {
    number: d.gameNumber,
    rack: d.rack,
    breaker: d.breaker,
    status: 'IN_PROGRESS',
    ballsOnTable: [...d.ballsOnTable],
    pocketed: [],
    groups: null,
    shooter: d.breaker,
    isBreakShot: true,
    // G1.8: the break is played from ball in hand behind the head string.
    ballInHand: 'BEHIND_HEAD_STRING',
    cueBallPlacement: null,
    call: null,
    shotsPlayed: 0,
    shotRecords: 0,
    consecutiveFouls: { [players[0]]: 0, [players[1]]: 0 },
    fouls: { [players[0]]: 0, [players[1]]: 0 },
    pushOutAvailable: false,
    twoFoulWarned: { [players[0]]: false, [players[1]]: false },
    frozenDeclared: [],
    claimedFouls: [],
    winner: null,
    endReason: null,
    endRule: null,
  };
}

function gameEnded(next: MatchState, game: GameState, d: GameEnded['data']): MatchState {
  next.score = { ...d.score };
  const g = copyGame(game);
  g.status = 'OVER';
  g.winner = d.winner;
  g.endReason = d.reason;
  g.endRule = d.rule;
  g.ballInHand = 'NONE';
  g.call = null;
  next.currentGame = g;
  next.games = [
    ...next.games,
    {
      number: d.gameNumber,
      breaker: game.breaker,
      winner: d.winner,
      loser: d.loser,
      reason: d.reason,
      rule: d.rule,
      shots: game.shotsPlayed,
    },
  ];
  return next;
}

export function replay(events: readonly LedgerEvent[]): MatchState | null {
  let state: MatchState | null = null;
  for (const e of events) state = evolve(state, e);
  return state;
}
