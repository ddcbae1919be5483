import type { LedgerEvent, MatchState } from '../domain';
import type { ProjectedEvent } from '../projections/projection';

// A game's effective result as the ratings read it, and the events behind it.
export interface GameResult {
  winner: string;
  loser: string;
  // The GameEnded that recorded it, or the correction or appeal decision that changed it.
  eventIds: string[];
  // Ledger position (sort key) and recordedAt of the last of those events.
  position: string;
  recordedAt: string | null;
}

// An amendment that changed (or voided) a game already rated: one entry of the changed-results feed.
export interface ResultChange {
  matchId: string;
  gameNumber: number;
  old: { winner: string; loser: string };
  // null when the amendment took the game back into play (or ordered it replayed).
  new: { winner: string; loser: string } | null;
  eventId: string;
  eventType: string;
  position: string;
  recordedAt: string | null;
}

type Games = Map<number, GameResult>;

// The snapshot an amendment installs, when it installs one (corrections; allowed appeals).
function installedGames(
  e: LedgerEvent,
): { number: number; winner: string; loser: string }[] | null {
  if (e.type === 'ShotCorrected' || e.type === 'GameResultCorrected') return e.data.resulting.games;
  if (e.type === 'AppealDecided' && e.data.outcome === 'ALLOWED' && e.data.resulting)
    return e.data.resulting.games;
  return null;
}

const recordedAtOf = (e: ProjectedEvent): string | null => {
  const at = (e.event.metadata as { recordedAt?: unknown } | null)?.recordedAt;
  return typeof at === 'string' ? at : null;
};

// Folds one match's events of a batch, in ledger order, over its rated games: a GameEnded rates
// its game; an amendment's snapshot is compared game by game with what is rated, and every game
// whose result it changes or voids is a ResultChange. Mutates `games`; returns the changes.
export function foldResults(
  matchId: string,
  games: Games,
  events: readonly ProjectedEvent[],
  positionOf: (e: ProjectedEvent) => string,
): ResultChange[] {
  const changes: ResultChange[] = [];
  for (const e of events) {
    const d = e.domainEvent;
    if (!d) continue;
    // Only a result or an amendment's snapshot needs its position and time (most events are play).
    if (d.type === 'GameEnded') {
      const { gameNumber, winner, loser } = d.data;
      const eventIds = [e.event.eventId];
      games.set(gameNumber, {
        winner,
        loser,
        eventIds,
        position: positionOf(e),
        recordedAt: recordedAtOf(e),
      });
      continue;
    }
    const installed = installedGames(d);
    if (!installed) continue;
    const when = { position: positionOf(e), recordedAt: recordedAtOf(e) };
    const now = new Map(installed.map((g) => [g.number, g]));
    for (const [number, old] of [...games]) {
      const next = now.get(number);
      if (next && next.winner === old.winner) continue;
      changes.push({
        matchId,
        gameNumber: number,
        old: { winner: old.winner, loser: old.loser },
        new: next ? { winner: next.winner, loser: next.loser } : null,
        eventId: e.event.eventId,
        eventType: d.type,
        ...when,
      });
      if (!next) games.delete(number);
    }
    for (const [number, g] of now) {
      const old = games.get(number);
      if (old && old.winner === g.winner) continue;
      // The game stands as the amendment left it, traced to both the original and the amendment.
      const eventIds = [...(old?.eventIds.slice(0, 1) ?? []), e.event.eventId];
      games.set(number, { winner: g.winner, loser: g.loser, eventIds, ...when });
    }
  }
  return changes;
}

// The effective game list is the truth: whatever the fold could not attribute (events recorded
// before a field existed) is taken from it as it stands, with no event behind it.
export function reconcile(games: Games, state: MatchState, position: string): void {
  const effective = new Map(state.games.map((g) => [g.number, g]));
  for (const number of [...games.keys()]) if (!effective.has(number)) games.delete(number);
  for (const [number, g] of effective) {
    const held = games.get(number);
    if (held && held.winner === g.winner && held.loser === g.loser) continue;
    games.set(number, {
      winner: g.winner,
      loser: g.loser,
      eventIds: [],
      position: held?.position ?? position,
      recordedAt: null,
    });
  }
}
