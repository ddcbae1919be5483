import {
  DomainError,
  matchDecider,
  type ImportSource,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
} from '../domain';
import type { ImportRow } from './results-csv';

// A row of a past results file as the commands it stands for (the match scheduled, then each
// game recorded as its result), decided in memory by the match decider, so an impossible row is
// refused before anything is written.

export interface PlannedMatch {
  row: ImportRow;
  matchId: string;
  events: LedgerEvent[];
}

export function planMatch(
  row: ImportRow,
  matchId: string,
  fileSha256: string,
  names: ReadonlyMap<string, string>,
  competitionName: string | null,
  actor: string,
): PlannedMatch {
  const imported: ImportSource = {
    fileSha256,
    rowKey: row.rowKey,
    line: row.line,
    nominalOrder: row.winners === null,
  };
  const players = row.players.map((p) => ({ id: p.id, name: names.get(p.id) ?? p.name })) as [
    { id: string; name: string },
    { id: string; name: string },
  ];
  const events: LedgerEvent[] = [];
  let state: MatchState | null = null;
  const run = (c: MatchCommand) => {
    const decided = matchDecider.decide(c, state, { events: [], now: '' });
    for (const e of decided) state = matchDecider.evolve(state, e);
    events.push(...decided);
  };
  run({
    type: 'ScheduleMatch',
    matchId,
    discipline: row.discipline,
    ruleProfile: row.ruleProfile,
    raceTo: row.raceTo,
    players,
    breakOrder: row.breakOrder,
    refereePresent: false,
    competition: competitionName ?? row.competition,
    ...(row.competitionId ? { competitionId: row.competitionId } : {}),
    ...(row.venue ? { venue: row.venue } : {}),
    scheduledAt: `${row.date}T00:00:00.000Z`,
    imported,
  });
  const winners = row.winners ?? nominalOrder(row.games);
  winners.forEach((w, i) => {
    const s = state!;
    run({
      type: 'RecordGameResult',
      gameNumber: i + 1,
      // Game 1: the file's first breaker; then whoever the match's break order gives (G1.34).
      breaker: s.currentGame?.breaker ?? players[row.firstBreaker].id,
      winner: players[w].id,
      ending: 'WON',
      rule: null,
      breakAndRun: false,
      winOnBreak: false,
      by: actor,
      attestation: 'RECORD_KEEPER',
      imported,
    });
  });
  if (state!.status !== 'COMPLETED')
    throw new DomainError('INVALID_RESULT', 'the games do not finish the race');
  return { row, matchId, events };
}

// Without per-game winners the games go in a nominal order that always finishes the race on its
// last game: the loser's games first, then the winner's.
function nominalOrder([a, b]: [number, number]): (0 | 1)[] {
  const loser: 0 | 1 = a > b ? 1 : 0;
  const winner: 0 | 1 = loser === 0 ? 1 : 0;
  return [
    ...Array<0 | 1>(Math.min(a, b)).fill(loser),
    ...Array<0 | 1>(Math.max(a, b)).fill(winner),
  ];
}
