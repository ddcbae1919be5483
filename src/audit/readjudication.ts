import {
  canonicalJson,
  ENGINE_VERSION,
  recheckRulings,
  type Ruling,
  type RulingRecheck,
  type RulingSource,
} from '../domain';
import { MATCH_STREAM_PREFIX, type MatchRecord } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import { scanForFold } from '../ledger/fold-scan';
import type { Slice } from '../ledger/slices';
import { loadMatch } from '../streams/match-stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

// Re-adjudication: every ruling the record holds is ruled again by the engine in this build, and
// the outcome is compared with the recorded one. A shot's ruling is re-ruled from the state the
// record had before it; a ruling inside a correction, a committee decision or a review is
// re-derived from its amended facts against the history it was decided on. Nothing is written:
// the recorded ruling stays the official one until an appeal or correction replaces it. Because
// each ruling starts from the recorded state (not from a re-ruled one), a difference never
// cascades. Rulings a later amendment superseded are reported apart: they are no longer official.

export interface RulingDifference {
  matchId: string;
  gameNumber: number;
  shotNumber: number;
  // Of the event holding the ruling (ShotAdjudicated, ShotCorrected, AppealDecided, AppealReviewed).
  revision: number;
  position: bigint;
  source: RulingSource;
  // The appeal of a decision's or a review's ruling.
  appealId: string | null;
  // Names of the compared fields that differ (see COMPARED).
  fields: string[];
  recorded: Ruling;
  // null when the current engine refuses the recorded facts altogether.
  current: Ruling | null;
  refusal: string | null;
}

export interface Readjudication {
  engineVersion: string;
  // Shots re-ruled (official or not), and every ruling re-derived, official or superseded.
  shotsChecked: number;
  rulingsChecked: number;
  supersededChecked: number;
  // Official rulings that differ, and superseded ones (no longer official) that differ.
  differences: RulingDifference[];
  superseded: RulingDifference[];
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

// One match stream, as recorded: every ruling it holds (shots, corrections, decisions, reviews)
// re-derived by this engine, the official ones apart from those a later amendment superseded.
export function readjudicateRecords(
  matchId: string,
  records: readonly MatchRecord[],
): Readjudication {
  const report = emptyReport();
  for (const c of recheckRulings(records)) {
    if (c.source === 'SHOT') report.shotsChecked += 1;
    if (c.official) report.rulingsChecked += 1;
    else report.supersededChecked += 1;
    const d = differenceOf(matchId, c, records);
    if (d) (c.official ? report.differences : report.superseded).push(d);
  }
  return report;
}

function differenceOf(
  matchId: string,
  c: RulingRecheck,
  records: readonly MatchRecord[],
): RulingDifference | null {
  const fields = c.current ? differingFields(c.recorded, c.current) : ['refused'];
  if (fields.length === 0) return null;
  const stored = records.find((r) => r.revision === c.revision)!.stored;
  return {
    matchId,
    gameNumber: c.gameNumber,
    shotNumber: c.shotNumber,
    revision: c.revision,
    position: stored.position,
    source: c.source,
    appealId: c.appealId,
    fields,
    recorded: c.recorded,
    current: c.current,
    refusal: c.refusal,
  };
}

function emptyReport(): Readjudication {
  return {
    engineVersion: ENGINE_VERSION,
    shotsChecked: 0,
    rulingsChecked: 0,
    supersededChecked: 0,
    differences: [],
    superseded: [],
  };
}

function merge(into: Readjudication, r: Readjudication): void {
  into.shotsChecked += r.shotsChecked;
  into.rulingsChecked += r.rulingsChecked;
  into.supersededChecked += r.supersededChecked;
  into.differences.push(...r.differences);
  into.superseded.push(...r.superseded);
}

// Events already converted (see loadMatch), re-derived in one slice of the long-read queue.
export async function readjudicateStream(
  matchId: string,
  records: readonly MatchRecord[],
  slice: Slice,
): Promise<Readjudication> {
  if (slice.due()) await slice.next();
  return readjudicateRecords(matchId, records);
}

// Small pages, and a turn of the event loop after each, so a scan never holds the server for long.
const PAGE = 250;

// The whole ledger: one pass over the global feed finds the match streams, then each is read and
// re-derived whole (an amendment is re-derived against its stream's history); memory: one stream.
// With a slice (the server), in slices of the long-read queue; without (the CLI), a turn a page.
export async function readjudicateLedger(
  store: EventStore,
  slice?: Slice,
): Promise<Readjudication> {
  const streams = new Set<string>();
  const see = (e: StoredEvent) => {
    if (e.streamId.startsWith(MATCH_STREAM_PREFIX)) streams.add(e.streamId);
  };
  // Only the stream ids are read here: a fold's read, without the rest of the metadata. The CLI
  // scans with no page of events held; the server reads pages in slices of the long-read queue.
  if (!slice) await scanForFold(store, see, { pageSize: PAGE });
  else
    for (let after: bigint | undefined; ; ) {
      const page = await store.readAll({ after, maxCount: PAGE, metadata: 'fold' });
      page.forEach(see);
      if (page.length < PAGE) break;
      after = page[page.length - 1].position;
      if (slice.due()) await slice.next();
    }
  const report = emptyReport();
  for (const streamId of streams) {
    if (slice?.due()) await slice.next();
    else if (!slice) await nextTurn();
    const matchId = streamId.slice(MATCH_STREAM_PREFIX.length);
    const { records } = await loadMatch(store, matchId);
    merge(report, readjudicateRecords(matchId, records));
  }
  return report;
}
