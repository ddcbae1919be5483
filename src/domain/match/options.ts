import { DomainError } from '../errors';
import type { LedgerEvent, OptionChosen } from '../events/catalogue';
import { optionEffect, type Chooser, type OptionEffect } from '../rules/choices';
import type { ChooseOption } from './commands';
import { startGame } from './game-flow';
import { requirePlayer } from './guards';
import { opponentOf, playerName, type MatchState } from './state';

// A12: a choice owed to a player (who breaks, or what to do after a foul or a push out) is
// recorded with its resolved effect (rules/choices.ts), so that replay needs no rule logic.

export function chooseOption(c: ChooseOption, state: MatchState): LedgerEvent[] {
  const pending = state.pendingChoice;
  if (!pending) throw new DomainError('NO_CHOICE_PENDING', 'No choice is owed by anyone now');
  requirePlayer(state, c.player);
  if (pending.player !== c.player) {
    throw new DomainError(
      'WRONG_PLAYER',
      `The choice belongs to ${playerName(state, pending.player)}`,
      pending.rule,
    );
  }
  if (!pending.options.includes(c.option)) {
    throw new DomainError(
      'OPTION_NOT_OFFERED',
      `${c.option} is not one of the options: ${pending.options.join(', ')}`,
      pending.rule,
    );
  }
  const choice: Chooser = {
    option: c.option,
    pending,
    chooser: c.player,
    other: opponentOf(state, c.player),
    name: (id) => playerName(state, id),
  };
  const effect = optionEffect(choice);
  if (!effect)
    throw new DomainError('OPTION_NOT_OFFERED', `${c.option} does not apply to ${pending.kind}`);
  // G1.6: the lag or toss winner's choice starts the first game (G1.8).
  if (pending.kind === 'BREAK_OR_CEDE') {
    const opening = { ...effect, rerackBreaker: undefined };
    return [
      chosen(choice, opening, state),
      startGame(state, 1, 1, effect.rerackBreaker!, 'FIRST_GAME', 'G1.8'),
    ];
  }
  const game = state.currentGame;
  if (!game) throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  const events: LedgerEvent[] = [chosen(choice, effect, state)];
  if (effect.rerackBreaker !== undefined)
    events.push(
      startGame(state, game.number, game.rack + 1, effect.rerackBreaker, 'RERACK', pending.rule),
    );
  return events;
}

function chosen(
  { option, pending, chooser }: Chooser,
  e: OptionEffect,
  state: MatchState,
): OptionChosen {
  const data: OptionChosen['data'] = {
    player: chooser,
    choice: pending.kind,
    option,
    nextShooter: e.nextShooter,
    ballInHand: e.ballInHand,
    spotted: e.spotted,
    rule: pending.rule,
    explanation: e.why.en,
    explanationPt: e.why.pt,
  };
  if (e.foulClaimed) {
    const { player, foul } = e.foulClaimed;
    const run = state.currentGame?.consecutiveFouls[player] ?? 0;
    data.foulClaimed = { player, foul, consecutiveFoulsAfter: run + 1 };
  }
  return { type: 'OptionChosen', version: 1, data };
}
