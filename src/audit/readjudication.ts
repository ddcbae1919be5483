import {
  decide,
  DomainError,
  ENGINE_VERSION,
  evolve,
  type LedgerEvent,
  type MatchState,
  type Ruling,
  type ShotFacts,
  canonicalJson,
} from '../domain';
import { MATCH_STREAM_PREFIX, toDomain } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { Slice } from '../ledger/slices';
import { setImmediate as nextTurn } from 'node:timers/promises';

// Re-adjudication: every recorded shot is ruled again by the engine in this build, from the
// state the official record had before it, and the outcome is compared with the recorded one.
// Nothing is written: the recorded ruling stays the official one until an appeal or correction
// replaces it. Because each shot starts from the recorded state (not from the re-ruled one), a
// difference never cascades: each reported shot differs on its own.

export interface RulingDifference {
  matchId: string;
  gameNumber: number;
  shotNumber: number;
  // Of the recorded ShotAdjudicated event.
  revision: number;
  position: bigint;
  // Names of the compared fields that differ (see COMPARED).
  fields: string[];
  recorded: Ruling;
  // null when the current engine refuses the recorded facts altogether.
  current: Ruling | null;
  refusal: string | null;
}

export interface Readjudication {
  engineVersion: string;
  shotsChecked: number;
  differences: RulingDifference[];
}

// What counts as the ruling: everything that changes the game. Left out on purpose: the engine
// version (it is expected to change), the explanations and foul details (wording, in two
// languages, that a new release may improve without changing any outcome) and `rules`, the
// citation list behind the explanation; the rule id of every foul found and applied IS compared.
const COMPARED: Record<string, (r: Ruling) => unknown> = {
  shooter: (r) => r.shooter,
  isBreak: (r) => r.isBreak,
  fouls: (r) => r.fouls.map((f) => `${f.kind} ${f.rule} ${f.penalty}`).sort(),
  appliedFoul: (r) =>
    r.appliedFoul && {
      kind: r.appliedFoul.kind,
      rule: r.appliedFoul.rule,
      penalty: r.appliedFoul.penalty,
    },
  penalty: (r) => r.penalty,
  turn: (r) => r.turn,
  nextShooter: (r) => r.nextShooter,
  ballInHand: (r) => r.ballInHand,
  legallyPocketed: (r) => [...r.legallyPocketed].sort((a, b) => a - b),
  ballsOnTableAfter: (r) => [...r.ballsOnTableAfter].sort((a, b) => a - b),
  spotted: (r) => [...r.spotted].sort((a, b) => a - b),
  groupsAssigned: (r) => r.groupsAssigned,
  pendingChoice: (r) => r.pendingChoice,
  gameResult: (r) => r.gameResult,
  consecutiveFoulsAfter: (r) => r.consecutiveFoulsAfter,
  pushOutAvailable: (r) => r.pushOutAvailable,
  warningsIssued: (r) => r.warningsIssued,
};

export function differingFields(recorded: Ruling, current: Ruling): string[] {
  return Object.entries(COMPARED)
    .filter(([, pick]) => canonicalJson(pick(recorded)) !== canonicalJson(pick(current)))
    .map(([name]) => name);
}

interface PendingShot {
  before: MatchState | null;
  shooter: string;
  facts: ShotFacts;
  gameNumber: number;
  shotNumber: number;
}

// Folds one match stream event by event (in revision order) and re-rules each shot on the way.
export class StreamReadjudicator {
  private state: MatchState | null = null;
  private pending: PendingShot | null = null;
  shots = 0;

  constructor(readonly matchId: string) {}

  feed(stored: StoredEvent, event: LedgerEvent = toDomain(stored)): RulingDifference | null {
    let difference: RulingDifference | null = null;
    if (event.type === 'ShotPlayed') {
      this.pending = { before: this.state, ...event.data };
    } else if (
      event.type === 'ShotAdjudicated' &&
      this.pending &&
      this.pending.gameNumber === event.data.gameNumber &&
      this.pending.shotNumber === event.data.shotNumber
    ) {
      this.shots += 1;
      difference = this.rerule(this.pending, stored, event.data.ruling);
      this.pending = null;
    }
    this.state = evolve(this.state, event);
    return difference;
  }

  private rerule(
    shot: PendingShot,
    stored: StoredEvent,
    recorded: Ruling,
  ): RulingDifference | null {
    let current: Ruling | null = null;
    let refusal: string | null = null;
    try {
      const events = decide(
        { type: 'PlayShot', shooter: shot.shooter, facts: shot.facts },
        shot.before,
      );
      const adjudicated = events.find((e) => e.type === 'ShotAdjudicated');
      if (adjudicated?.type === 'ShotAdjudicated') current = adjudicated.data.ruling;
      else refusal = 'the engine produced no ruling';
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      refusal = `${err.code}: ${err.message}`;
    }
    const fields = current ? differingFields(recorded, current) : ['refused'];
    if (fields.length === 0) return null;
    return {
      matchId: this.matchId,
      gameNumber: shot.gameNumber,
      shotNumber: shot.shotNumber,
      revision: stored.revision,
      position: stored.position,
      fields,
      recorded,
      current,
      refusal,
    };
  }
}

// Events already converted (see loadMatch); each is folded again here, from the recorded state,
// in slices of the server's long-read queue.
export async function readjudicateStream(
  matchId: string,
  events: readonly { stored: StoredEvent; event: LedgerEvent }[],
  slice: Slice,
): Promise<Readjudication> {
  const r = new StreamReadjudicator(matchId);
  const differences: RulingDifference[] = [];
  for (const e of events) {
    if (slice.due()) await slice.next();
    const d = r.feed(e.stored, e.event);
    if (d) differences.push(d);
  }
  return { engineVersion: ENGINE_VERSION, shotsChecked: r.shots, differences };
}

// Small pages, and a turn of the event loop after each, so a scan never holds the server for long.
const PAGE = 250;

// The whole ledger in one pass over the global feed; memory: one match state per stream.
// With a slice (the server), in slices of the long-read queue; without (the CLI), a turn a page.
export async function readjudicateLedger(
  store: EventStore,
  slice?: Slice,
): Promise<Readjudication> {
  const streams = new Map<string, StreamReadjudicator>();
  const differences: RulingDifference[] = [];
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) {
      if (slice?.due()) await slice.next();
      if (!e.streamId.startsWith(MATCH_STREAM_PREFIX)) continue;
      let r = streams.get(e.streamId);
      if (!r) {
        r = new StreamReadjudicator(e.streamId.slice(MATCH_STREAM_PREFIX.length));
        streams.set(e.streamId, r);
      }
      const d = r.feed(e);
      if (d) differences.push(d);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
    if (!slice) await nextTurn();
  }
  let shots = 0;
  for (const r of streams.values()) shots += r.shots;
  return { engineVersion: ENGINE_VERSION, shotsChecked: shots, differences };
}
