import { DomainError } from '../../src/domain/errors';
import type { LedgerEvent } from '../../src/domain/events/catalogue';
import type { ShotFacts } from '../../src/domain/events/shot-facts';
import type { MatchCommand } from '../../src/domain/match/commands';
import { decide } from '../../src/domain/match/decide';
import { evolve } from '../../src/domain/match/evolve';
import type { MatchState } from '../../src/domain/match/state';
import type { Discipline } from '../../src/domain/table/vocabulary';
import { minutesAfterT0, recordedHistory } from './decider-spec';
import { nextCommand, rng } from './simulator';

// A match recorded with one shot amended afterwards (a scorer's correction, or, once the frame is
// over, an allowed appeal), beside the same match recorded directly with the amended shot: play
// after the amendment is the same in both. Batches are the events of each command.
export interface AmendedMatch {
  recorded: LedgerEvent[][];
  direct: LedgerEvent[][];
  amendment: 'ShotCorrected' | 'AppealDecided';
}

export interface AmendedMatchOptions {
  seed: number;
  discipline: Discipline;
  // The amended shot is the nth shot of the match; `later` commands are recorded after it first.
  nth: number;
  later: number;
  matchId?: string;
}

export function amendedMatch(o: AmendedMatchOptions): AmendedMatch | null {
  const random = rng(o.seed);
  const alternative = rng(o.seed * 7 + 3);
  const recorded: LedgerEvent[][] = [];
  const direct: LedgerEvent[][] = [];
  const flat = (b: LedgerEvent[][]) => b.flat();
  // Each ledger's state, kept as it grows (only amendments need the recorded history).
  const states = new Map<LedgerEvent[][], MatchState | null>();
  const run = (into: LedgerEvent[][], c: MatchCommand, now?: string): LedgerEvent[] => {
    const amends = c.type === 'CorrectShot' || c.type === 'FileAppeal' || c.type === 'DecideAppeal';
    const before = states.get(into) ?? null;
    const events = decide(c, before, amends ? recordedHistory(flat(into), now) : undefined);
    into.push(events);
    states.set(into, events.reduce<MatchState | null>(evolve, before));
    return events;
  };
  const current = () => states.get(recorded)!;
  const both = (c: MatchCommand) => {
    run(recorded, c);
    run(direct, c);
  };
  both({
    type: 'ScheduleMatch',
    matchId: o.matchId ?? `amended-${o.seed}`,
    discipline: o.discipline,
    ruleProfile: o.discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA',
    raceTo: 2,
    players: [
      { id: 'p1', name: 'Player One' },
      { id: 'p2', name: 'Player Two' },
    ],
    breakOrder: 'WINNER',
    refereePresent: true,
    competition: null,
  });
  let shots = 0;
  for (;;) {
    const state = current();
    if (state.status === 'COMPLETED') return null;
    const c = nextCommand(state, random);
    if (c.type !== 'PlayShot' || ++shots < o.nth) {
      both(c);
      continue;
    }
    const alt = alternativeShot(state, c.facts, alternative);
    if (!alt) return null;
    const revision = flat(recorded).length;
    run(recorded, c);
    run(direct, alt);
    for (let i = 0; i < o.later && current().status !== 'COMPLETED'; i++)
      run(recorded, nextCommand(current(), random));
    const amendment = amend(recorded, run, current, revision, alt);
    if (!amendment) return null;
    break;
  }
  // Play resumes from the amended position, identically in both ledgers.
  for (let i = 0; i < 400; i++) {
    const state = current();
    if (state.status === 'COMPLETED') break;
    both(nextCommand(state, random));
  }
  const last = recorded.flat().find((e) => e.type === 'ShotCorrected')
    ? 'ShotCorrected'
    : 'AppealDecided';
  return { recorded, direct, amendment: last };
}

// Another shot the same shooter could have played from the same position.
function alternativeShot(
  state: MatchState,
  facts: ShotFacts,
  random: () => number,
): Extract<MatchCommand, { type: 'PlayShot' }> | null {
  for (let i = 0; i < 30; i++) {
    const c = nextCommand(state, random);
    if (c.type === 'PlayShot' && JSON.stringify(c.facts) !== JSON.stringify(facts)) return c;
  }
  return null;
}

// A correction while the frame is in play, else an appeal allowed by the committee.
function amend(
  recorded: LedgerEvent[][],
  run: (into: LedgerEvent[][], c: MatchCommand, now?: string) => LedgerEvent[],
  current: () => MatchState,
  revision: number,
  alt: Extract<MatchCommand, { type: 'PlayShot' }>,
): boolean {
  try {
    run(recorded, {
      type: 'CorrectShot',
      by: 'scorer',
      revision,
      facts: alt.facts,
      reason: 'seen again',
    });
    return true;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
  }
  const now = minutesAfterT0(revision + 1);
  try {
    run(
      recorded,
      {
        type: 'FileAppeal',
        by: alt.shooter,
        againstRevision: revision,
        grounds: 'the shot was recorded wrongly',
        proposal: { kind: 'AMEND_FACTS', facts: alt.facts },
      },
      now,
    );
    const appealId = `A${current().appeals.length}`;
    run(
      recorded,
      {
        type: 'DecideAppeal',
        appealId,
        decidedBy: 'committee',
        outcome: 'ALLOWED',
        reason: 'video',
      },
      now,
    );
    return true;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return false;
  }
}
