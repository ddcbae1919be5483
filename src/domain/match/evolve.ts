import type {
  GameEnded,
  GameStarted,
  LedgerEvent,
  MatchScheduled,
  OptionChosen,
} from '../events/catalogue';
import type { Ruling } from '../rules/ruling';
import { evolveAmendment } from './amendments/evolve';
import { DEFAULT_APPEAL_WINDOW_MINUTES } from './amendments/window';
import type { GameState, MatchState } from './state';

// evolve only applies what an event says; every rule was applied when the event was decided.
// Returns a new state object (the input is never mutated), built field by field for speed.

export function evolve(state: MatchState | null, event: LedgerEvent): MatchState {
  if (event.type === 'MatchScheduled') return scheduled(event.data);
  if (state === null) throw new Error(`${event.type} before MatchScheduled`);
  const next: MatchState = { ...state, version: state.version + 1 };
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
      next.currentGame = { ...requireGame(game, event.type), cueBallPlacement: event.data.zone };
      return next;
    case 'ShotCalled':
      next.currentGame = {
        ...requireGame(game, event.type),
        call: event.data.pushOut
          ? {
              ball: event.data.ball,
              pocket: event.data.pocket,
              safety: event.data.safety,
              pushOut: true,
            }
          : { ball: event.data.ball, pocket: event.data.pocket, safety: event.data.safety },
      };
      return next;
    case 'FrozenBallDeclared': {
      const g = requireGame(game, event.type);
      const d = event.data;
      next.currentGame = {
        ...g,
        frozenDeclared: [...g.frozenDeclared, { ball: d.ball, cushion: d.cushion }],
      };
      return next;
    }
    case 'ShotPlayed': {
      const g = requireGame(game, event.type);
      next.currentGame = { ...g, shotsPlayed: g.shotsPlayed + 1 };
      return next;
    }
    case 'ShotAdjudicated':
      next.currentGame = applyRuling(requireGame(game, event.type), event.data.ruling);
      next.pendingChoice = event.data.ruling.pendingChoice;
      if (event.data.ruling.warningIssued) {
        const { shooter, warningIssued } = event.data.ruling;
        next.warnings = {
          ...state.warnings,
          [shooter]: [...(state.warnings[shooter] ?? []), warningIssued],
        };
      }
      return next;
    case 'OptionChosen':
      next.pendingChoice = null;
      next.currentGame = optionApplied(game, event.data);
      return next;
    case 'RefereeRuled': {
      const d = event.data;
      if (d.kind === 'WARNING' && d.player !== null) {
        next.warnings = {
          ...state.warnings,
          [d.player]: [...(state.warnings[d.player] ?? []), d.rule],
        };
      }
      if (d.kind === 'TWO_FOUL_WARNING' && d.player !== null && game) {
        next.currentGame = { ...game, twoFoulWarned: { ...game.twoFoulWarned, [d.player]: true } };
      }
      return next;
    }
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
    case 'ShotCorrected':
    case 'AppealFiled':
    case 'AppealDecided':
    case 'AppealReviewed':
    case 'AppealEvidenceAttached':
    case 'AppealWithdrawn':
    case 'AppealMooted':
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
    appealWindowMinutes: d.appealWindowMinutes ?? DEFAULT_APPEAL_WINDOW_MINUTES,
    appeals: [],
    signatures: [],
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
    consecutiveFouls: { [players[0]]: 0, [players[1]]: 0 },
    fouls: { [players[0]]: 0, [players[1]]: 0 },
    pushOutAvailable: false,
    twoFoulWarned: { [players[0]]: false, [players[1]]: false },
    frozenDeclared: [],
    winner: null,
    endReason: null,
    endRule: null,
  };
}

// The chooser's decision resolved: who shoots next, with what ball in hand, balls spotted back.
function optionApplied(game: GameState | null, d: OptionChosen['data']): GameState | null {
  if (!game || game.status !== 'IN_PROGRESS' || d.nextShooter === null) return game;
  const claimed = d.foulClaimed;
  return {
    ...game,
    shooter: d.nextShooter,
    ballInHand: d.ballInHand,
    ballsOnTable: d.spotted.length
      ? sortBalls([...game.ballsOnTable, ...d.spotted])
      : game.ballsOnTable,
    pocketed: d.spotted.length
      ? game.pocketed.filter((b) => !d.spotted.includes(b))
      : game.pocketed,
    cueBallPlacement: null,
    call: null,
    consecutiveFouls: claimed
      ? { ...game.consecutiveFouls, [claimed.player]: claimed.consecutiveFoulsAfter }
      : game.consecutiveFouls,
    fouls: claimed
      ? { ...game.fouls, [claimed.player]: (game.fouls[claimed.player] ?? 0) + 1 }
      : game.fouls,
  };
}

function gameEnded(next: MatchState, g: GameState, d: GameEnded['data']): MatchState {
  next.score = { ...d.score };
  next.currentGame = {
    ...g,
    status: 'OVER',
    winner: d.winner,
    endReason: d.reason,
    endRule: d.rule,
    ballInHand: 'NONE',
    call: null,
  };
  next.games = [
    ...next.games,
    {
      number: d.gameNumber,
      breaker: g.breaker,
      winner: d.winner,
      loser: d.loser,
      reason: d.reason,
      rule: d.rule,
      shots: g.shotsPlayed,
    },
  ];
  return next;
}

function requireGame(game: GameState | null, type: string): GameState {
  if (!game) throw new Error(`${type} with no game in progress`);
  return game;
}

function sortBalls(balls: number[]): number[] {
  return balls.sort((a, b) => a - b);
}

function applyRuling(game: GameState, r: Ruling): GameState {
  const remaining = new Set(r.ballsOnTableAfter);
  const newlyDown = game.ballsOnTable.filter((b) => !remaining.has(b));
  const fouled = r.appliedFoul !== null;
  return {
    ...game,
    ballsOnTable: [...r.ballsOnTableAfter],
    pocketed: [...game.pocketed, ...newlyDown],
    groups: r.groupsAssigned ?? game.groups,
    shooter: r.nextShooter ?? game.shooter,
    isBreakShot: false,
    ballInHand: r.ballInHand,
    cueBallPlacement: null,
    call: null,
    consecutiveFouls: { ...game.consecutiveFouls, [r.shooter]: r.consecutiveFoulsAfter },
    fouls: fouled ? { ...game.fouls, [r.shooter]: (game.fouls[r.shooter] ?? 0) + 1 } : game.fouls,
    pushOutAvailable: r.pushOutAvailable,
    frozenDeclared: [],
    // The warning is about a run of fouls; a legal shot ends the run and the warning with it.
    twoFoulWarned:
      r.consecutiveFoulsAfter === 0
        ? { ...game.twoFoulWarned, [r.shooter]: false }
        : game.twoFoulWarned,
  };
}

export function replay(events: readonly LedgerEvent[]): MatchState | null {
  let state: MatchState | null = null;
  for (const e of events) state = evolve(state, e);
  return state;
}
