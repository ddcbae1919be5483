import type { Amendment, AppealState } from '../../events/appeals';
import type { LedgerEvent } from '../../events/catalogue';
import type { Ruling } from '../../rules/ruling';
import type { AmendmentProposal } from '../commands';
import { evolve } from '../evolve';
import type { MatchState } from '../state';
import { decideAppeal } from './appeals';
import { filedEvent, rulingAfter, stateBefore, type RecordedEvent } from './history';

export interface AppealPreview {
  appealId: string;
  againstRevision: number;
  status: AppealState['status'];
  // The revision of the event that closed the appeal (decision, withdrawal, moot), if closed.
  closedAt: number | null;
  remedy: Amendment;
  // The match before, and as it would stand after, the remedy (for a closed appeal: as it stood
  // before and after what closed it).
  recorded: MatchState;
  amended: MatchState;
  recordedRuling: Ruling | null;
  ruling: Ruling | null;
  supersedes: number[];
  // The other pending appeals the decision would close as moot (what it forecloses), with why.
  forecloses: { appealId: string; reason: string; explanation: string; explanationPt: string }[];
}

// The committee's what-if. For a pending appeal it runs the decision itself, allowing the appeal
// with the proposal (or `remedy`): the same refusals with the same codes, and the state exactly as
// the decision would install it (signatures and finality included). A closed appeal is not
// previewed again: its preview is what closed it. Reads only; nothing is appended.
export function previewAppeal(
  events: readonly RecordedEvent[],
  current: MatchState,
  appealId: string,
  remedy?: AmendmentProposal,
): AppealPreview {
  const filed = filedEvent(events, appealId);
  const appeal = current.appeals.find((a) => a.id === appealId)!;
  const base = {
    appealId,
    againstRevision: filed.againstRevision,
    status: appeal.status,
    recordedRuling: recordedRulingOf(events, filed.againstRevision),
  };
  if (appeal.status !== 'PENDING')
    return { ...base, ...closedBy(events, appealId, filed.proposal) };
  const decided = decideAppeal(
    {
      type: 'DecideAppeal',
      appealId,
      // Nobody: a preview is no one's decision, so no one is recused from it.
      decidedBy: '',
      outcome: 'ALLOWED',
      ...(remedy ? { remedy } : {}),
      reason: 'preview',
    },
    current,
    { events: [...events], now: '' },
  );
  const [decision, ...moots] = decided;
  return {
    ...base,
    closedAt: null,
    remedy: decision.data.remedy!,
    recorded: current,
    amended: fold(current, decided),
    ruling: decision.data.ruling,
    supersedes: decision.data.supersedes,
    forecloses: moots.flatMap((m) =>
      m.type === 'AppealMooted'
        ? [
            {
              appealId: m.data.appealId,
              reason: m.data.reason,
              explanation: m.data.explanation,
              explanationPt: m.data.explanationPt,
            },
          ]
        : [],
    ),
  };
}

function recordedRulingOf(events: readonly RecordedEvent[], against: number): Ruling | null {
  const target = events.find((r) => r.revision === against);
  if (target?.event.type === 'ShotPlayed') return rulingAfter(events, target.revision);
  if (target?.event.type === 'ShotAdjudicated') return target.event.data.ruling;
  return null;
}

// What closed an appeal: its decision, its withdrawal or the decision that made it moot.
function closedBy(
  events: readonly RecordedEvent[],
  appealId: string,
  proposal: Amendment,
): Pick<
  AppealPreview,
  'closedAt' | 'remedy' | 'recorded' | 'amended' | 'ruling' | 'supersedes' | 'forecloses'
> {
  const closing = events.find((r) => closes(r.event, appealId))!;
  const decision = closing.event.type === 'AppealDecided' ? closing.event.data : null;
  return {
    closedAt: closing.revision,
    remedy: decision?.remedy ?? proposal,
    recorded: stateBefore(events, closing.revision),
    amended: stateBefore(events, lastOfCommand(events, closing.revision) + 1),
    ruling: decision?.ruling ?? null,
    supersedes: decision?.supersedes ?? [],
    forecloses: [],
  };
}

function closes(e: LedgerEvent, appealId: string): boolean {
  return (
    (e.type === 'AppealDecided' || e.type === 'AppealWithdrawn' || e.type === 'AppealMooted') &&
    e.data.appealId === appealId
  );
}

// A decision and the appeals it made moot are one command: the state after all of them.
function lastOfCommand(events: readonly RecordedEvent[], revision: number): number {
  let last = revision;
  for (const r of events) if (r.revision === last && !r.endsCommand) last += 1;
  return last;
}

function fold(state: MatchState, events: readonly LedgerEvent[]): MatchState {
  return events.reduce<MatchState>((s, e) => evolve(s, e), state);
}
