import { DomainError } from '../../errors';
import type { GameResultCorrected } from '../../events/results';
import { supersededRevisions, type RecordedHistory } from '../amendments/history';
import { requireNoAppealReached, requireNotOverruled } from '../amendments/finality';
import { normaliseAmendment, rederive } from '../amendments/rederive';
import type { CorrectGameResult } from '../commands';
import { requireText } from '../guards';
import { playerName, type MatchState } from '../state';
import { locateResult, sameResult } from './amend';

// A result recorded by mistake is corrected by citing it, as a shot is, while it is the last thing
// recorded at the match (no later game recorded, not signed off); after that the path is an
// appeal, whose remedy AMEND_RESULT re-derives the match the same way.
export function correctGameResult(
  c: CorrectGameResult,
  state: MatchState,
  h: RecordedHistory,
): GameResultCorrected {
  const reason = requireText(c.reason, 'A reason for the correction');
  if (state.final)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off; only an appeal can change it',
    );
  const { revision, result } = locateResult(h.events, c.revision, 'INVALID_CORRECTION');
  const superseded = supersededRevisions(h.events);
  requireNotOverruled(h.events, revision, superseded.get(revision));
  if (superseded.has(revision))
    throw new DomainError(
      'INVALID_CORRECTION',
      `The result at revision ${revision} was already superseded at ${superseded.get(revision)}`,
    );
  const amendment = normaliseAmendment(
    h.events,
    revision,
    { kind: 'AMEND_RESULT', result: c.result },
    'INVALID_CORRECTION',
  );
  if (sameResult(amendment.result!, result))
    throw new DomainError('INVALID_CORRECTION', 'The correction changes nothing');
  const derived = rederive(h.events, revision, amendment, 'INVALID_CORRECTION');
  // Only the last game recorded: anything recorded at the match after the result's own command.
  const own = commandEnd(h, revision);
  const later = derived.supersedes.filter((r) => r > own);
  if (later.length > 0)
    throw new DomainError(
      'INVALID_CORRECTION',
      `Play was recorded after the result of game ${result.gameNumber} (revision ${later[0]}); file an appeal instead`,
    );
  requireNoAppealReached(state, h.events, derived.supersedes);
  const was = playerName(state, result.winner);
  const now = playerName(state, amendment.result!.winner);
  return {
    type: 'GameResultCorrected',
    version: 1,
    data: {
      correctedRevision: revision,
      gameNumber: result.gameNumber,
      correctedBy: c.by,
      reason,
      original: {
        breaker: result.breaker,
        winner: result.winner,
        ending: result.ending,
        rule: result.rule,
        breakAndRun: result.breakAndRun,
        winOnBreak: result.winOnBreak,
      },
      corrected: amendment.result!,
      supersedes: derived.supersedes,
      resulting: derived.resulting,
      explanation: `Correction of the result of game ${result.gameNumber} by ${c.by} (${reason}): recorded as won by ${was}, now won by ${now}.`,
      explanationPt: `Correção do resultado do jogo ${result.gameNumber} por ${c.by} (${reason}): registado como ganho por ${was}, agora ganho por ${now}.`,
    },
  };
}

// The last revision appended by the command that recorded `revision`.
function commandEnd(h: RecordedHistory, revision: number): number {
  let last = revision;
  for (const r of h.events) {
    if (r.revision < revision) continue;
    last = r.revision;
    if (r.endsCommand) break;
  }
  return last;
}
