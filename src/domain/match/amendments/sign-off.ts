import { DomainError } from '../../errors';
import type { MatchSigned, MatchSignedOff } from '../../events/appeals';
import type { LedgerEvent } from '../../events/catalogue';
import type { SignOffMatch } from '../commands';
import { isPlayerOf, playerName, type MatchState } from '../state';

// Both players sign, or the referee signs for the table: then the match is final. Whoever had
// signed before a decision cleared the signatures is asked again (signaturesAskedAgain).
export function signOff(c: SignOffMatch, state: MatchState): LedgerEvent[] {
  if (state.final)
    throw new DomainError('MATCH_SIGNED_OFF', 'The match is already signed off and final');
  if (state.status !== 'COMPLETED')
    throw new DomainError('MATCH_NOT_COMPLETED', 'Only a completed match can be signed off');
  const signatures = state.signatures;
  if (c.capacity === 'PLAYER' && !isPlayerOf(state, c.by))
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${c.by} does not play in this match`);
  // The referee's signature makes the match final for the table: not while the committee still
  // has an appeal on it to decide (the players may still sign, accepting the result as it stands).
  const pending = state.appeals.find((a) => a.status === 'PENDING');
  if (c.capacity === 'REFEREE' && pending)
    throw new DomainError(
      'APPEAL_PENDING',
      `Appeal ${pending.id} on this match is pending; the referee signs the match final once the committee has decided it`,
      undefined,
      pending.id,
    );
  if (signatures.includes(c.by))
    throw new DomainError('ALREADY_SIGNED', `${c.by} has already signed this match`);
  const who = c.capacity === 'PLAYER' ? playerName(state, c.by) : `Referee ${c.by}`;
  const signed: MatchSigned = {
    type: 'MatchSigned',
    version: 1,
    data: {
      by: c.by,
      capacity: c.capacity,
      explanation: `${who} signs the scoresheet.`,
      explanationPt: `${who} assina a folha de jogo.`,
    },
  };
  const all = [...signatures, c.by];
  const final = c.capacity === 'REFEREE' || state.players.every((p) => all.includes(p.id));
  if (!final) return [signed];
  const done: MatchSignedOff = {
    type: 'MatchSignedOff',
    version: 1,
    data: {
      signedBy: all,
      score: { ...state.score },
      winner: state.winner,
      explanation: `The match is signed off and final: ${playerName(state, state.winner)} wins; only an appeal filed before now can change it.`,
      explanationPt: `A partida está assinada e é definitiva: vence ${playerName(state, state.winner)}; só um recurso apresentado antes pode alterá-la.`,
    },
  };
  return [signed, done];
}
