import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import type { LayoutRecorded } from '../events/layout';
import type { RecordedHistory } from './amendments/history';
import type { RecordLayout } from './commands';
import { evolve } from './evolve';
import {
  canonical,
  contextOf,
  gameOnTable,
  layoutRecorded,
  requireGeometry,
  requireValidLayout,
  withShotFacts,
} from './layout';
import { checkLayout } from './layout-checks';
import { isPlayerOf, type MatchState } from './state';

// A layout on its own: now (a referee or scorer, at any moment of a game), a cited correction of
// a recorded layout, or an appellant's proposal for the event their appeal disputes.
export function recordLayout(
  c: RecordLayout,
  state: MatchState,
  history?: RecordedHistory,
): LedgerEvent[] {
  if (state.final && !c.appealId)
    throw new DomainError('MATCH_SIGNED_OFF', 'The match is signed off and final');
  // Officials record layouts; a player proposes one for their own appeal, nothing else.
  if (isPlayerOf(state, c.by) && (!c.appealId || c.corrects))
    throw new DomainError(
      'INVALID_LAYOUT',
      'A player records a layout only as a proposal for their appeal',
    );
  if (c.corrects) return [correction(c, c.corrects, history)];
  if (c.appealId) return [proposal(c, c.appealId, state, history)];
  if (state.status === 'COMPLETED') throw new DomainError('MATCH_OVER', 'The match is over');
  const game = gameOnTable(state);
  requireValidLayout(c.layout, game, false);
  return [layoutRecorded(c.layout, 'NONE', game, contextOf(game))];
}

function recorded(history: RecordedHistory | undefined): RecordedHistory {
  if (!history)
    throw new Error('A layout correction or proposal is decided with the recorded history');
  return history;
}

// Same balls as the layout it corrects, checked against the same facts; it supersedes it.
function correction(
  c: RecordLayout,
  corrects: { revision: number; reason: string },
  history?: RecordedHistory,
): LayoutRecorded {
  const { events } = recorded(history);
  const target = events[corrects.revision]?.event;
  if (target?.type !== 'LayoutRecorded')
    throw new DomainError(
      'INVALID_CORRECTION',
      `Revision ${corrects.revision} is not a recorded layout`,
    );
  if (!corrects.reason.trim())
    throw new DomainError('REASON_REQUIRED', 'A layout correction states its reason');
  const later = events.find(
    (e) =>
      e.event.type === 'LayoutRecorded' && e.event.data.corrects?.revision === corrects.revision,
  );
  if (later)
    throw new DomainError(
      'INVALID_CORRECTION',
      `That layout is already corrected at revision ${later.revision}; correct that one`,
    );
  requireGeometry(c.layout);
  const was = target.data;
  const key = (l: { balls: { ball: number }[] }) =>
    l.balls
      .map((b) => b.ball)
      .sort((a, b) => a - b)
      .join(',');
  if (key(c.layout) !== key(was.layout))
    throw new DomainError(
      'INVALID_LAYOUT',
      `A correction places the same balls as the layout it corrects (${key(was.layout)})`,
    );
  return {
    type: 'LayoutRecorded',
    version: 1,
    data: {
      layout: canonical(c.layout),
      attachedTo: was.attachedTo,
      gameNumber: was.gameNumber,
      shotNumber: was.shotNumber,
      context: was.context,
      checks: checkLayout(c.layout, was.context),
      corrects: { revision: corrects.revision, reason: corrects.reason.trim() },
      ...(was.proposedFor ? { proposedFor: was.proposedFor } : {}),
    },
  };
}

// The table before the disputed event, as recorded: its balls and the facts then in force.
function proposal(
  c: RecordLayout,
  appealId: string,
  state: MatchState,
  history?: RecordedHistory,
): LayoutRecorded {
  const appeal = state.appeals.find((a) => a.id === appealId);
  if (!appeal)
    throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${appealId}`, undefined, appealId);
  if (appeal.status !== 'PENDING')
    throw new DomainError(
      'APPEAL_ALREADY_DECIDED',
      'The appeal is no longer pending',
      undefined,
      appealId,
    );
  if (appeal.by !== c.by)
    throw new DomainError(
      'NOT_THE_APPELLANT',
      'Only the appellant proposes a layout for their appeal',
      undefined,
      appealId,
    );
  const { events } = recorded(history);
  const before = events
    .slice(0, appeal.againstRevision)
    .reduce<MatchState | null>((s, e) => evolve(s, e.event), null);
  if (!before) throw new DomainError('INVALID_LAYOUT', 'The disputed event has no table');
  const game = gameOnTable(before);
  requireValidLayout(c.layout, game, false);
  const ctx = contextOf(game);
  const shot = [events[appeal.againstRevision], events[appeal.againstRevision - 1]]
    .map((e) => e?.event)
    .find((e) => e?.type === 'ShotPlayed');
  if (shot?.type === 'ShotPlayed') withShotFacts(ctx, shot.data.facts);
  return layoutRecorded(c.layout, 'NONE', game, ctx, {
    proposedFor: { appealId, againstRevision: appeal.againstRevision },
  });
}
