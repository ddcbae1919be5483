import type { LedgerEvent, RefereeRuled } from '../events/catalogue';
import { checkRefereeReport, needsGameInProgress, OFFENDER_KINDS } from '../rules/referee/input';
import { ruleReferee, type RefereeVerdict } from '../rules/referee/rulings';
import type { RecordRefereeRuling } from './commands';
import { endGame, startGame } from './game-flow';
import { activeGame, requirePlayer } from './guards';
import { opponentOf, playerName, type MatchState } from './state';

// A referee's ruling (G1.29, G1.31, G1.33, G1.39, stalemates, the two-foul warning): the rules
// engine says what it means; this records it and starts or ends games as it says.
export function refereeRuling(c: RecordRefereeRuling, state: MatchState): LedgerEvent[] {
  const game = needsGameInProgress(c.kind) ? activeGame(state) : null;
  checkRefereeReport(c, state.discipline);
  if (OFFENDER_KINDS.includes(c.kind)) requirePlayer(state, c.player!);
  const verdict = ruleReferee(c, {
    discipline: state.discipline,
    game,
    name: (id) => playerName(state, id),
    opponentOf: (id) => opponentOf(state, id),
  });
  const ruled = refereeRuled(c, verdict);
  const then = verdict.then;
  switch (then.kind) {
    case 'NONE':
      return [ruled];
    case 'GAME_LOST':
      return [ruled, ...endGame(state, game!, then.winner, then.loser, then.reason, verdict.rule)];
    case 'RERACK':
      return [
        ruled,
        startGame(state, game!.number, game!.rack + 1, game!.breaker, 'RERACK', verdict.rule),
      ];
  }
}

function refereeRuled(c: RecordRefereeRuling, verdict: RefereeVerdict): RefereeRuled {
  return {
    type: 'RefereeRuled',
    version: 1,
    data: {
      kind: c.kind,
      player: c.player,
      restored: c.restored,
      ...(verdict.movement !== undefined ? { movement: verdict.movement } : {}),
      ...(c.ball !== undefined ? { ball: c.ball } : {}),
      ...(c.seen !== undefined ? { seen: c.seen } : {}),
      ...(c.sanction !== undefined ? { sanction: c.sanction } : {}),
      note: c.note,
      rule: verdict.rule,
      explanation: verdict.why.en,
      explanationPt: verdict.why.pt,
    },
  };
}
