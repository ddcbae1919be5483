import { DomainError, type DomainErrorCode } from '../../errors';
import type { GameResultFacts, GameResultRecorded } from '../../events/results';
import type { LedgerEvent } from '../../events/catalogue';
import type { PlaySnapshot } from '../../events/play-snapshot';
import { fold, eventAt, stateBefore, type RecordedEvent } from '../amendments/history';
import { tableWords } from '../amendments/table-words';
import { toPlaySnapshot } from '../play-snapshot';
import { recordGameResult } from './record';

// A result amended (a correction, or an appeal's AMEND_RESULT remedy): the match is re-derived from
// the state before the result with the amended result decided again, by the same checks.

// The result a revision designates: the GameResultRecorded itself, or the GameEnded it ended with.
export function locateResult(
  events: readonly RecordedEvent[],
  revision: number,
  code: DomainErrorCode,
): { revision: number; result: GameResultRecorded['data'] } {
  const at = eventAt(events, revision, code);
  const r =
    at.event.type === 'GameEnded' ? (events.find((e) => e.revision === revision - 1) ?? at) : at;
  if (r.event.type !== 'GameResultRecorded')
    throw new DomainError(
      code,
      `Revision ${revision} is ${tableWords(at.event.type)}; only a game's result can be amended as a result`,
    );
  return { revision: r.revision, result: r.event.data };
}

const FIELDS = ['breaker', 'winner', 'ending', 'rule', 'breakAndRun', 'winOnBreak'] as const;

export function mergedResult(
  recorded: GameResultFacts,
  changed: Partial<GameResultFacts>,
): GameResultFacts {
  const out = {} as Record<string, unknown>;
  for (const f of FIELDS) out[f] = changed[f] !== undefined ? changed[f] : recorded[f];
  // A game no longer lost by a foul or forfeit loses the rule it was lost under.
  if (changed.ending === 'WON' && changed.rule === undefined) out.rule = null;
  return out as unknown as GameResultFacts;
}

export function sameResult(a: GameResultFacts, b: GameResultFacts): boolean {
  return FIELDS.every((f) => a[f] === b[f]);
}

export function amendResult(
  events: readonly RecordedEvent[],
  against: number,
  result: GameResultFacts,
  code: DomainErrorCode,
  live: (from: number, inclusive: boolean) => number[],
): {
  resulting: PlaySnapshot;
  ruling: null;
  supersedes: number[];
  events: LedgerEvent[];
} {
  const { revision, result: recorded } = locateResult(events, against, code);
  // A first game started by its own result: the game's start is re-decided with it (who broke
  // game 1 is the sheet's to say).
  const prior = events.find((e) => e.revision === revision - 1);
  const from =
    prior?.event.type === 'GameStarted' &&
    prior.event.data.reason === 'FIRST_GAME' &&
    !prior.endsCommand
      ? revision - 1
      : revision;
  const before = stateBefore(events, from);
  let decided: LedgerEvent[];
  try {
    decided = recordGameResult(
      {
        type: 'RecordGameResult',
        gameNumber: recorded.gameNumber,
        by: recorded.recordedBy,
        attestation: recorded.attestation,
        referee: recorded.referee,
        ...(recorded.imported ? { imported: recorded.imported } : {}),
        ...result,
      },
      before,
    );
  } catch (err) {
    // The amended result is refused for the reason the engine gives, under the amendment's code.
    if (err instanceof DomainError && err.code !== code)
      throw new DomainError(code, err.message, err.rule);
    throw err;
  }
  return {
    resulting: toPlaySnapshot(fold(before, decided)),
    ruling: null,
    supersedes: live(from, true),
    events: decided,
  };
}
