import type { LayoutRecorded } from '../../../domain/events/layout';
import { toLayoutModel } from './layout.model';
import {
  choiceConsequences,
  opponentOf,
  type Group,
  type MatchState,
  type PendingChoice,
  type Ruling,
} from '../../../domain';
import type { StoredMetadata } from '../../../ledger/envelope';
import type { StoredEvent } from '../../../ledger/event-store';
import type { GameModel, MatchModel } from './match.model';
import type { LedgerEventModel } from './ledger-event.model';
import type { GroupAssignmentModel, PendingChoiceModel, RulingModel } from './ruling.model';

// Domain state → GraphQL shapes. Maps keyed by player become lists, which GraphQL can type.

function groups(g: Record<string, Group> | null): GroupAssignmentModel[] | null {
  return g ? Object.entries(g).map(([player, group]) => ({ player, group })) : null;
}

function counts(c: Record<string, number>) {
  return Object.entries(c).map(([player, count]) => ({ player, count }));
}

// A12: the choice with the consequence of each option; `other` is the chooser's opponent.
function pendingChoice(p: PendingChoice | null, other: string | null): PendingChoiceModel | null {
  return p ? { ...p, consequences: choiceConsequences(p, other) } : null;
}

export function toRulingModel(r: Ruling): RulingModel {
  const chooser = r.pendingChoice?.player;
  return {
    ...r,
    foul: r.appliedFoul !== null,
    warningIssued: r.warningsIssued[0] ?? null,
    groupsAssigned: groups(r.groupsAssigned),
    pendingChoice: pendingChoice(r.pendingChoice, chooser !== r.shooter ? r.shooter : null),
  };
}

export function toMatchModel(m: MatchState): MatchModel {
  const g = m.currentGame;
  const game: GameModel | null = g
    ? {
        ...g,
        groups: groups(g.groups),
        consecutiveFouls: counts(g.consecutiveFouls),
        fouls: counts(g.fouls),
        twoFoulWarned: Object.keys(g.twoFoulWarned).filter((p) => g.twoFoulWarned[p]),
      }
    : null;
  return {
    id: m.id,
    discipline: m.discipline,
    ruleProfile: m.ruleProfile,
    raceTo: m.raceTo,
    players: m.players.map((p) => ({
      id: p.id,
      name: p.name,
      score: m.score[p.id] ?? 0,
      warnings: m.warnings[p.id] ?? [],
    })),
    breakOrder: m.breakOrder,
    refereePresent: m.refereePresent,
    competition: m.competition,
    status: m.status,
    pendingChoice: pendingChoice(
      m.pendingChoice,
      m.pendingChoice && opponentOf(m, m.pendingChoice.player),
    ),
    currentGame: game,
    games: m.games,
    winner: m.winner,
    officials: m.officials,
    appealWindowMinutes: m.appealWindowMinutes,
    appeals: m.appeals,
    signatures: m.signatures,
    signaturesAskedAgain: m.signaturesAskedAgain,
    final: m.final,
    revision: m.version - 1,
  };
}

export function toEventModel(
  e: StoredEvent,
  gameNumber: number | null,
  supersededBy: number | null = null,
): LedgerEventModel {
  const meta = e.metadata as StoredMetadata;
  const data = e.data as { ruling?: Ruling; explanation?: string; explanationPt?: string };
  const ruling = e.type === 'ShotAdjudicated' && data.ruling ? toRulingModel(data.ruling) : null;
  return {
    eventId: e.eventId,
    streamId: e.streamId,
    revision: e.revision,
    position: e.position.toString(),
    type: e.type,
    schemaVersion: meta.schemaVersion ?? 1,
    gameNumber,
    data: e.data,
    metadata: {
      ...meta,
      origin: meta.origin ?? null,
      eventId: e.eventId,
      recordedAt: new Date(meta.recordedAt),
      occurredAt: new Date(meta.occurredAt),
    },
    ruling,
    explanation: ruling ? ruling.explanation : (data.explanation ?? null),
    explanationPt: ruling ? ruling.explanationPt : (data.explanationPt ?? null),
    supersededBy,
    layout: e.type === 'LayoutRecorded' ? toLayoutModel(e.data as LayoutRecorded['data']) : null,
  };
}
