import type { LedgerEvent } from '../../src/domain/events/catalogue';
import type { MatchCommand } from '../../src/domain/match/commands';
import { decide } from '../../src/domain/match/decide';
import { evolve } from '../../src/domain/match/evolve';
import type { MatchState } from '../../src/domain/match/state';
import type { Discipline } from '../../src/domain/table/vocabulary';
import { recordedHistory } from './decider-spec';
import { nextCommand, rng } from './simulator';

// A match whose first `results` games are recorded as results (a scorer arrives afterwards) and
// whose other games are simulated shot by shot; `correct`: the last result is corrected once.
// Batches are the events of each command.
export function mixedMatch(o: {
  seed: number;
  discipline: Discipline;
  results: number;
  raceTo?: number;
  correct?: boolean;
  matchId?: string;
}): LedgerEvent[][] {
  const random = rng(o.seed);
  const batches: LedgerEvent[][] = [];
  let state: MatchState | null = null;
  const run = (c: MatchCommand): LedgerEvent[] => {
    const events = decide(c, state, recordedHistory(batches.flat()));
    batches.push(events);
    state = events.reduce<MatchState | null>(evolve, state);
    return events;
  };
  run({
    type: 'ScheduleMatch',
    matchId: o.matchId ?? `mixed-${o.seed}`,
    discipline: o.discipline,
    ruleProfile: o.discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA',
    raceTo: o.raceTo ?? 3,
    players: [
      { id: 'p1', name: 'Player One' },
      { id: 'p2', name: 'Player Two' },
    ],
    breakOrder: 'ALTERNATE',
    refereePresent: true,
    competition: null,
  });
  for (let g = 1; g <= o.results; g++) {
    const s: MatchState = state!;
    if (s.status === 'COMPLETED') break;
    const breaker = s.currentGame?.breaker ?? (random() < 0.5 ? 'p1' : 'p2');
    const winner = random() < 0.5 ? 'p1' : 'p2';
    const run_ = winner === breaker && random() < 0.4;
    const at = batches.flat().length;
    const events = run({
      type: 'RecordGameResult',
      gameNumber: s.currentGame?.number ?? 1,
      breaker,
      winner,
      ending: 'WON',
      rule: null,
      breakAndRun: run_,
      winOnBreak: false,
      by: 'desk-1',
      attestation: 'PLAYERS_SIGN_OFF',
    });
    if (o.correct && g === o.results) {
      const revision = at + events.findIndex((e) => e.type === 'GameResultRecorded');
      run({
        type: 'CorrectGameResult',
        by: 'desk-1',
        revision,
        result: { winner: winner === 'p1' ? 'p2' : 'p1', breakAndRun: false },
        reason: 'sheet misread',
      });
    }
  }
  for (let i = 0; i < 600; i++) {
    const s: MatchState = state!;
    if (s.status === 'COMPLETED') break;
    if (s.status === 'AWAITING_BREAK_ORDER' && s.pendingChoice === null) {
      run({ type: 'DecideBreakOrder', method: 'COIN_TOSS', winner: 'p1' });
      continue;
    }
    run(nextCommand(s, random));
  }
  return batches;
}
