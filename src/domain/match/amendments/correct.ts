import { canonicalJson } from '../../canonical-json';
import { DomainError } from '../../errors';
import type { ShotCorrected } from '../../events/appeals';
import type { ShotCall } from '../../events/shot-facts';
import type { CorrectShot } from '../commands';
import { requireText } from '../guards';
import { playerName, type MatchState } from '../state';
import {
  locateShot,
  rulingAfter,
  stateBefore,
  supersededRevisions,
  type RecordedHistory,
} from './history';
import { requireNoAppealReached, requireNotOverruled } from './finality';
import { normaliseAmendment, rederive } from './rederive';

// A scorer's mistake is corrected while its frame (game and rack) is still in play; later shots
// of the frame are superseded and play resumes from the corrected shot. Once the frame is over,
// or the match signed off, the path is an appeal; a committee decision or a pending appeal is
// never reached (see finality.ts).
export function correctShot(c: CorrectShot, state: MatchState, h: RecordedHistory): ShotCorrected {
  const reason = requireText(c.reason, 'A reason for the correction');
  if (state.final)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off; only an appeal can change it',
    );
  const game = state.currentGame;
  if (state.status !== 'IN_PLAY' || !game || game.status !== 'IN_PROGRESS')
    throw new DomainError(
      'INVALID_CORRECTION',
      'Only a shot of the frame in play can be corrected; file an appeal instead',
    );
  const { revision, shot } = locateShot(h.events, c.revision, 'INVALID_CORRECTION');
  const superseded = supersededRevisions(h.events);
  requireNotOverruled(h.events, revision, superseded.get(revision));
  if (superseded.has(revision))
    throw new DomainError(
      'INVALID_CORRECTION',
      `The shot at revision ${revision} was already superseded at ${superseded.get(revision)}`,
    );
  const before = stateBefore(h.events, revision);
  if (shot.gameNumber !== game.number || before.currentGame?.rack !== game.rack)
    throw new DomainError(
      'INVALID_CORRECTION',
      `The shot at revision ${revision} belongs to a frame that is over; file an appeal instead`,
    );
  const amendment = normaliseAmendment(
    h.events,
    revision,
    { kind: 'AMEND_FACTS', facts: c.facts, call: c.call },
    'INVALID_CORRECTION',
  );
  const originalCall = before.currentGame?.isBreakShot ? null : (before.currentGame?.call ?? null);
  if (
    canonicalJson(amendment.facts) === canonicalJson(shot.facts) &&
    (amendment.call === undefined || sameCall(amendment.call, originalCall))
  )
    throw new DomainError('INVALID_CORRECTION', 'The correction changes nothing');
  const derived = rederive(h.events, revision, amendment, 'INVALID_CORRECTION');
  requireNoAppealReached(state, h.events, derived.supersedes);
  const originalRuling = rulingAfter(h.events, revision)!;
  const corrected = derived.ruling!;
  const who = playerName(state, shot.shooter);
  return {
    type: 'ShotCorrected',
    version: 2,
    data: {
      correctedRevision: revision,
      gameNumber: shot.gameNumber,
      shotNumber: shot.shotNumber,
      correctedBy: c.by,
      reason,
      original: { facts: shot.facts, call: originalCall, ruling: originalRuling },
      corrected: {
        facts: amendment.facts!,
        call: amendment.call ?? originalCall,
        ruling: corrected,
      },
      supersedes: derived.supersedes,
      resulting: derived.resulting,
      explanation: `Correction of ${who}'s shot ${shot.shotNumber} of game ${shot.gameNumber} by ${c.by} (${reason}): ${corrected.explanation}`,
      explanationPt: `Correção da tacada ${shot.shotNumber} de ${who} no jogo ${shot.gameNumber} por ${c.by} (${reason}): ${corrected.explanationPt}`,
    },
  };
}

function sameCall(a: ShotCall, b: ShotCall | null): boolean {
  return b !== null && a.ball === b.ball && a.pocket === b.pocket && a.safety === b.safety;
}
