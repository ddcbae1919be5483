import { DomainError } from '../../errors';
import type { LedgerEvent } from '../../events/catalogue';
import type { GameResultFacts, GameResultRecorded } from '../../events/results';
import type { GameEndReason } from '../../rules/ruling';
import type { RecordGameResult } from '../commands';
import { endGame, startGame } from '../game-flow';
import { evolve } from '../evolve';
import { requirePlayer } from '../guards';
import { opponentOf, playerName, type GameState, type MatchState } from '../state';

// A game recorded as its result. The engine checks what a result lets it check (the players, the
// game's number, who broke under the match's break-order rule G1.34, the race and the match's
// end) and refuses everything else whole: the events are the same a scorer's game would end with
// (GameEnded, then the next GameStarted or MatchEnded), preceded by the result itself.

const REASON: Record<GameResultFacts['ending'], GameEndReason> = {
  WON: 'RESULT_RECORDED',
  LOST_BY_FOUL: 'RESULT_LOST_BY_FOUL',
  GAME_FORFEITED: 'RESULT_GAME_FORFEITED',
  MATCH_FORFEITED: 'MATCH_FORFEITED',
};

const RULE_ID = /^[A-Z][A-Z0-9]{0,3}(\.[0-9]{1,3}){0,3}$/;

export function recordGameResult(c: RecordGameResult, state: MatchState): LedgerEvent[] {
  if (state.final)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off and final; only an appeal decision can change it',
    );
  if (state.status === 'COMPLETED')
    throw new DomainError(
      'RACE_ALREADY_WON',
      `The match is over: ${playerName(state, state.winner)} won the race to ${state.raceTo} ${scoreText(state)}; it has no game ${c.gameNumber}`,
    );
  const facts = resultFacts(c, state);
  const started: LedgerEvent[] = [];
  let at = state;
  if (state.status === 'AWAITING_BREAK_ORDER') {
    // The first game: who broke is the sheet's to say (the toss or lag was not recorded), unless
    // the lag winner's choice is already on record.
    requireGameNumber(c.gameNumber, 1);
    const choice = state.pendingChoice;
    if (choice && choice.kind !== 'BREAK_OR_CEDE')
      throw new DomainError('CHOICE_PENDING', `${playerName(state, choice.player)} must choose`);
    started.push(startGame(state, 1, 1, facts.breaker, 'FIRST_GAME', 'G1.6'));
    at = evolve(state, started[0]);
  }
  const game = unscoredGame(at);
  requireGameNumber(c.gameNumber, game.number);
  if (facts.breaker !== game.breaker)
    throw new DomainError(
      'WRONG_BREAKER',
      `${playerName(state, game.breaker)} breaks game ${game.number} under the match's ${state.breakOrder} break order, not ${playerName(state, facts.breaker)}`,
      'G1.34',
    );
  const recorded: GameResultRecorded = {
    type: 'GameResultRecorded',
    version: 1,
    data: {
      gameNumber: game.number,
      ...facts,
      recordedBy: c.by,
      attestation: c.attestation,
      referee: attestingReferee(c),
      ...(c.imported ? { imported: { ...c.imported } } : {}),
    },
  };
  const loser = opponentOf(state, facts.winner);
  const rule = facts.rule ?? 'RESULT';
  return [
    ...started,
    recorded,
    ...endGame(at, game, facts.winner, loser, REASON[facts.ending], rule),
  ];
}

// The facts as recorded: both players of the match, and only the combinations a game can have.
export function resultFacts(c: Partial<GameResultFacts>, state: MatchState): GameResultFacts {
  if (c.breaker === undefined || c.winner === undefined || c.ending === undefined)
    throw new DomainError(
      'INVALID_RESULT',
      'A result names the breaker, the winner and how it ended',
    );
  requirePlayer(state, c.breaker);
  requirePlayer(state, c.winner);
  const breakAndRun = c.breakAndRun === true;
  const winOnBreak = c.winOnBreak === true;
  const rule = c.rule ?? null;
  if (c.ending === 'WON' && rule !== null)
    throw new DomainError('INVALID_RESULT', 'A game won at the table takes no rule id');
  if (c.ending !== 'WON' && (rule === null || !RULE_ID.test(rule)))
    throw new DomainError(
      'INVALID_RESULT',
      `A game ${c.ending === 'LOST_BY_FOUL' ? 'lost by a foul' : 'or match forfeited'} needs the rule id it was lost under (e.g. E8.6, N9.8, A10)`,
    );
  if (breakAndRun && winOnBreak)
    throw new DomainError(
      'INVALID_RESULT',
      'A game won on the break was not a break-and-run: say one or the other',
    );
  if ((breakAndRun || winOnBreak) && (c.winner !== c.breaker || c.ending !== 'WON'))
    throw new DomainError(
      'INVALID_RESULT',
      `${breakAndRun ? 'A break-and-run' : 'A win on the break'} is won at the table by the breaker, ${playerName(state, c.breaker)}`,
    );
  return { breaker: c.breaker, winner: c.winner, ending: c.ending, rule, breakAndRun, winOnBreak };
}

function attestingReferee(c: RecordGameResult): string | null {
  const referee = c.referee?.trim() ?? '';
  if (c.attestation === 'REFEREE' && referee === '')
    throw new DomainError('INVALID_RESULT', 'A result attested by the referee names the referee');
  if (c.attestation !== 'REFEREE' && referee !== '')
    throw new DomainError('INVALID_RESULT', 'Only a result attested by the referee names one');
  return c.attestation === 'REFEREE' ? referee : null;
}

// The game on the table, as long as nothing of it was recorded at the table: a game is recorded
// at one level, never half of each.
function unscoredGame(state: MatchState): GameState {
  const g = state.currentGame;
  if (!g || g.status !== 'IN_PROGRESS')
    throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  const touched =
    g.shotsPlayed > 0 ||
    g.rack > 1 ||
    g.cueBallPlacement !== null ||
    g.call !== null ||
    g.frozenDeclared.length > 0 ||
    state.pendingChoice !== null;
  if (touched)
    throw new DomainError(
      'GAME_RECORDED_BY_SHOTS',
      `Game ${g.number} is being recorded shot by shot; finish it at the table (or correct it) instead of recording its result`,
    );
  return g;
}

function requireGameNumber(given: number, expected: number): void {
  if (given !== expected)
    throw new DomainError(
      'WRONG_GAME_NUMBER',
      `The next game to record is game ${expected}, not game ${given}`,
    );
}

function scoreText(state: MatchState): string {
  const [a, b] = state.players;
  return `${state.score[a.id] ?? 0}–${state.score[b.id] ?? 0}`;
}
