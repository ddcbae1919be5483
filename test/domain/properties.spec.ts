import fc from 'fast-check';
import {
  REFEREE_RULING_KINDS,
  type LedgerEvent,
  type RefereeRulingKind,
} from '../../src/domain/events/catalogue';
import { DOMAIN_ERROR_CODES, DomainError } from '../../src/domain/errors';
import {
  emptyFacts,
  type ShotFacts,
  type StrokeFoulReport,
} from '../../src/domain/events/shot-facts';
import type { MatchCommand } from '../../src/domain/match/commands';
import { decide } from '../../src/domain/match/decide';
import { evolve, replay } from '../../src/domain/match/evolve';
import { opponentOf, type MatchState } from '../../src/domain/match/state';
import { OPTIONS } from '../../src/domain/rules/ruling';
import {
  BREAK_ORDER_METHODS,
  BREAK_ORDER_RULES,
  CUSHIONS,
  DISCIPLINES,
  objectBallsFor,
  PLACEMENT_ZONES,
  POCKETS,
  RULE_PROFILES,
  STROKE_FOUL_KINDS,
  type BreakOrderRule,
  type Discipline,
  type RuleProfileId,
} from '../../src/domain/table/vocabulary';
import { nextCommand, rng, simulateMatch, type SimulatedMatch } from '../support/simulator';

// Properties over whole simulated matches (test/support/simulator.ts) and over random commands.
// Every fc.assert has a fixed seed and run count, so CI sees the same cases every time.

type Combo = [Discipline, RuleProfileId];
const COMBOS: Combo[] = [
  ['EIGHT_BALL', 'FPB'],
  ['EIGHT_BALL', 'BCA'],
  ['EIGHT_BALL', 'WPA'],
  ['NINE_BALL', 'WPA'],
  ['TEN_BALL', 'WPA'],
];
const SEED = 20261129;
// One fixed seed per discipline and profile, so the three 8-ball profiles see different cases.
const seedFor = (discipline: Discipline, profile: RuleProfileId): number =>
  SEED + COMBOS.findIndex(([d, p]) => d === discipline && p === profile);
// PROPERTY_RUNS raises the count for a longer local hunt; CI uses the default.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);

interface MatchCase {
  seed: number;
  raceTo: number;
  breakOrder: BreakOrderRule;
}

const matchCase: fc.Arbitrary<MatchCase> = fc.record({
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  raceTo: fc.integer({ min: 1, max: 3 }),
  breakOrder: fc.constantFrom(...BREAK_ORDER_RULES),
});

function simulate([discipline, profile]: Combo, c: MatchCase): SimulatedMatch {
  return simulateMatch(c.seed, {
    discipline,
    profile,
    raceTo: c.raceTo,
    breakOrder: c.breakOrder,
    matchId: `prop-${c.seed}`,
  });
}

const json = (x: unknown): string => JSON.stringify(x);

// Ball conservation: the rack's object balls are each on the table or down, never both, never twice.
function conservationProblem(state: MatchState | null): string | null {
  const g = state?.currentGame;
  if (!state || !g) return null;
  const rack = objectBallsFor(state.discipline);
  const on = g.ballsOnTable;
  const down = g.pocketed;
  const union = [...on, ...down].sort((a, b) => a - b);
  if (new Set(on).size !== on.length) return `duplicate on the table: ${json(on)}`;
  if (new Set(down).size !== down.length) return `duplicate among pocketed: ${json(down)}`;
  const both = on.filter((b) => down.includes(b));
  if (both.length) return `on the table and pocketed: ${json(both)}`;
  if (json(union) !== json(rack))
    return `on ${json(on)} + down ${json(down)} is not the rack ${json(rack)}`;
  return null;
}

function where(events: LedgerEvent[], i: number): string {
  return `event #${i} ${events[i].type} ${json(events[i].data)}`;
}

describe('properties of simulated matches (8-ball FPB/BCA/WPA; 9- and 10-ball WPA)', () => {
  it.each(COMBOS)(
    '%s %s: decide accepts every command the simulator plays (no throw) and every match completes',
    (discipline, profile) => {
      fc.assert(
        fc.property(matchCase, (c) => {
          // simulateMatch calls decide on every command it produces; a refusal or a crash throws.
          const sim = simulate([discipline, profile], c);
          expect(sim.state.status).toBe('COMPLETED');
          expect(sim.commands).toHaveLength(sim.batches.length);
          expect(sim.batches.every((b) => b.length > 0)).toBe(true);
        }),
        { seed: seedFor(discipline, profile), numRuns: RUNS },
      );
    },
  );

  it.each(COMBOS)(
    '%s %s: replay is deterministic: the same events fold to byte-identical states, the same commands decide byte-identical events',
    (discipline, profile) => {
      fc.assert(
        fc.property(matchCase, (c) => {
          const sim = simulate([discipline, profile], c);
          // Folding twice, and folding what the ledger stores (JSON), gives the same state.
          const once = json(replay(sim.events));
          expect(json(replay(sim.events))).toBe(once);
          expect(json(replay(JSON.parse(json(sim.events)) as LedgerEvent[]))).toBe(once);
          expect(once).toBe(json(sim.state));
          // Deciding the same commands again from nothing gives the same events, batch by batch;
          // neither decide nor evolve touches the state it is given.
          let state: MatchState | null = null;
          sim.commands.forEach((command, i) => {
            const before = json(state);
            const events = decide(command, state);
            expect(json(state)).toBe(before);
            expect(json(events)).toBe(json(sim.batches[i]));
            for (const e of events) {
              const prior = json(state);
              const next = evolve(state, e);
              expect(json(state)).toBe(prior);
              state = next;
            }
          });
          expect(json(state)).toBe(once);
        }),
        { seed: seedFor(discipline, profile), numRuns: RUNS },
      );
    },
  );

  it.each(COMBOS)(
    '%s %s: rule book "Ball conservation" / G1.28, N9.4, T10.8: after every event the rack is on the table or down, never both, never twice',
    (discipline, profile) => {
      fc.assert(
        fc.property(matchCase, (c) => {
          const sim = simulate([discipline, profile], c);
          let state: MatchState | null = null;
          sim.events.forEach((e, i) => {
            state = evolve(state, e);
            const problem = conservationProblem(state);
            if (problem) throw new Error(`${problem} after ${where(sim.events, i)}`);
          });
        }),
        { seed: seedFor(discipline, profile), numRuns: RUNS },
      );
    },
  );

  it.each(COMBOS)(
    '%s %s: every game ends with exactly one winner, the score counts the games, and MatchEnded comes once, last, at raceTo',
    (discipline, profile) => {
      fc.assert(
        fc.property(matchCase, (c) => {
          const sim = simulate([discipline, profile], c);
          const { events } = sim;
          const players = sim.state.players.map((p) => p.id);
          let score: Record<string, number> = { [players[0]]: 0, [players[1]]: 0 };
          let ended = 0;
          events.forEach((e, i) => {
            if (e.type !== 'GameEnded') return;
            const d = e.data;
            ended++;
            const ctx = where(events, i);
            expect([ctx, d.gameNumber]).toEqual([ctx, ended]);
            expect([ctx, d.winner !== d.loser]).toEqual([ctx, true]);
            expect([ctx, [d.winner, d.loser].sort()]).toEqual([ctx, [...players].sort()]);
            // The ruling that ended it names the same winner and loser.
            const adjudicated = events[i - 1];
            expect(adjudicated.type).toBe('ShotAdjudicated');
            if (adjudicated.type === 'ShotAdjudicated')
              expect(adjudicated.data.ruling.gameResult).toMatchObject({
                winner: d.winner,
                loser: d.loser,
              });
            score = { ...score, [d.winner]: score[d.winner] + 1 };
            expect([ctx, d.score]).toEqual([ctx, score]);
            const next = events[i + 1];
            if (next.type === 'GameStarted') expect(next.data.gameNumber).toBe(ended + 1);
            else expect([ctx, next.type, i + 2]).toEqual([ctx, 'MatchEnded', events.length]);
          });
          const matchEnds = events.filter((e) => e.type === 'MatchEnded');
          expect(matchEnds).toHaveLength(1);
          const last = events[events.length - 1];
          expect(last.type).toBe('MatchEnded');
          if (last.type !== 'MatchEnded') return;
          expect(last.data.winner).not.toBe(last.data.loser);
          expect(last.data.score).toEqual(score);
          expect(score[last.data.winner]).toBe(c.raceTo);
          expect(score[last.data.loser]).toBeLessThan(c.raceTo);
          const total = Object.values(score).reduce((a, b) => a + b, 0);
          expect(total).toBe(ended);
          expect(sim.state.games).toHaveLength(ended);
          expect(sim.state.winner).toBe(last.data.winner);
          expect(
            new Set(
              sim.events.filter((e) => e.type === 'GameStarted').map((e) => e.data.gameNumber),
            ).size,
          ).toBe(ended);
        }),
        { seed: seedFor(discipline, profile), numRuns: RUNS },
      );
    },
  );

  it.each(COMBOS)(
    '%s %s: N9.8, T10.10, E8.20: a rack is lost on three fouls only by a shooter warned on two, and never in 8-ball',
    (discipline, profile) => {
      fc.assert(
        fc.property(matchCase, (c) => {
          const sim = simulate([discipline, profile], c);
          let state: MatchState | null = null;
          sim.events.forEach((e, i) => {
            if (e.type === 'ShotAdjudicated') {
              const result = e.data.ruling.gameResult;
              if (result?.reason === 'THREE_CONSECUTIVE_FOULS') {
                const ctx = where(sim.events, i);
                const g = state!.currentGame!;
                expect([ctx, discipline === 'EIGHT_BALL']).toEqual([ctx, false]);
                expect([ctx, result.loser]).toEqual([ctx, e.data.ruling.shooter]);
                expect([ctx, g.consecutiveFouls[result.loser] >= 2]).toEqual([ctx, true]);
                expect([ctx, g.twoFoulWarned[result.loser]]).toEqual([ctx, true]);
              }
            }
            state = evolve(state, e);
          });
        }),
        { seed: seedFor(discipline, profile), numRuns: RUNS },
      );
    },
  );
});

// Random commands, mostly invalid, against states reached by simulated matches. A ball is either
// an index into the balls on the table (so many commands are plausible) or any number.
type BallRef = { onTable: number } | { raw: number };
type Who = 'turn' | 'other' | 'p1' | 'p2' | 'ghost';

const ball: fc.Arbitrary<BallRef> = fc.oneof(
  fc.nat({ max: 15 }).map((onTable) => ({ onTable })),
  fc.integer({ min: -1, max: 16 }).map((raw) => ({ raw })),
);
const who: fc.Arbitrary<Who> = fc.constantFrom('turn', 'turn', 'other', 'p1', 'p2', 'ghost');
const rarely = fc.integer({ min: 0, max: 7 }).map((n) => n === 0);

const rawFacts = fc.record({
  firstContact: fc.option(ball, { nil: null }),
  rails: fc.array(
    fc.record(
      {
        ball: fc.oneof(ball, fc.constant<BallRef>({ raw: 0 })),
        cushion: fc.constantFrom(...CUSHIONS),
      },
      { requiredKeys: ['ball'] },
    ),
    { maxLength: 3 },
  ),
  pocketed: fc.array(fc.record({ ball, pocket: fc.constantFrom(...POCKETS) }), { maxLength: 4 }),
  rebounded: fc.array(ball, { maxLength: 1 }),
  cueBallScratched: rarely,
  cueBallOffTable: rarely,
  cueBallTouchedPocketedBall: rarely,
  ballsOffTable: fc.oneof(fc.constant<BallRef[]>([]), fc.array(ball, { maxLength: 2 })),
  objectBallsDrivenToRail: fc.integer({ min: 0, max: 16 }),
  callObvious: fc.boolean(),
  strokeFouls: fc.oneof(
    fc.constant<StrokeFoulReport[]>([]),
    fc.array(
      fc.record(
        {
          kind: fc.constantFrom(...STROKE_FOUL_KINDS),
          intentional: fc.boolean(),
          reportedBy: fc.constantFrom('referee', 'opponent'),
        },
        { requiredKeys: ['kind', 'reportedBy'] },
      ),
      { maxLength: 2 },
    ),
  ),
});
type RawFacts = typeof rawFacts extends fc.Arbitrary<infer T> ? T : never;

type RawCommand =
  // What the simulator would play here, as it is or with extra facts added to a shot, so that
  // the walk goes deep into matches and records unusual but often acceptable shots.
  | { type: 'Simulated'; seed: number; extra: RawFacts | null }
  | {
      type: 'ScheduleMatch';
      discipline: Discipline;
      profile: RuleProfileId;
      raceTo: number;
      same: boolean;
    }
  | { type: 'DecideBreakOrder'; method: (typeof BREAK_ORDER_METHODS)[number]; who: Who }
  | { type: 'ChooseOption'; who: Who; option: (typeof OPTIONS)[number] }
  | { type: 'PlaceCueBall'; who: Who; zone: (typeof PLACEMENT_ZONES)[number] }
  | {
      type: 'CallShot';
      who: Who;
      ball: BallRef | null;
      pocket: (typeof POCKETS)[number] | null;
      safety: boolean;
      pushOut: boolean | undefined;
    }
  | { type: 'PlayShot'; who: Who; facts: RawFacts }
  | {
      type: 'RecordRefereeRuling';
      kind: RefereeRulingKind;
      who: Who | null;
      restored: boolean | null;
    };

const simulated: fc.Arbitrary<RawCommand> = fc.record({
  type: fc.constant('Simulated' as const),
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  extra: fc.option(rawFacts, { nil: null }),
});

const rawCommand: fc.Arbitrary<RawCommand> = fc.oneof(
  { arbitrary: simulated, weight: 8 },
  fc.record({
    type: fc.constant('ScheduleMatch' as const),
    discipline: fc.constantFrom(...DISCIPLINES),
    profile: fc.constantFrom(...RULE_PROFILES),
    raceTo: fc.integer({ min: -1, max: 3 }),
    same: rarely,
  }),
  fc.record({
    type: fc.constant('DecideBreakOrder' as const),
    method: fc.constantFrom(...BREAK_ORDER_METHODS),
    who,
  }),
  fc.record({
    type: fc.constant('ChooseOption' as const),
    who,
    option: fc.constantFrom(...OPTIONS),
  }),
  fc.record({
    type: fc.constant('PlaceCueBall' as const),
    who,
    zone: fc.constantFrom(...PLACEMENT_ZONES),
  }),
  fc.record({
    type: fc.constant('CallShot' as const),
    who,
    ball: fc.option(ball, { nil: null }),
    pocket: fc.option(fc.constantFrom(...POCKETS), { nil: null }),
    safety: rarely,
    pushOut: fc.option(rarely, { nil: undefined }),
  }),
  fc.record({ type: fc.constant('PlayShot' as const), who, facts: rawFacts }),
  fc.record({ type: fc.constant('PlayShot' as const), who, facts: rawFacts }),
  fc.record({
    type: fc.constant('RecordRefereeRuling' as const),
    kind: fc.constantFrom(...REFEREE_RULING_KINDS),
    who: fc.option(who, { nil: null }),
    restored: fc.option(fc.boolean(), { nil: null }),
  }),
);

function resolve(raw: RawCommand, state: MatchState | null): MatchCommand {
  const onTable = state?.currentGame?.ballsOnTable ?? [];
  const b = (r: BallRef): number =>
    'raw' in r ? r.raw : onTable.length ? onTable[r.onTable % onTable.length] : r.onTable;
  const player = (w: Who): string => {
    const turn = state?.pendingChoice?.player ?? state?.currentGame?.shooter ?? 'p1';
    if (w === 'turn') return turn;
    if (w === 'other') return state ? opponentOf(state, turn) : 'p2';
    return w;
  };
  switch (raw.type) {
    case 'Simulated': {
      if (state === null)
        return resolve(
          {
            type: 'ScheduleMatch',
            discipline: 'EIGHT_BALL',
            profile: 'FPB',
            raceTo: 1,
            same: false,
          },
          null,
        );
      const command = nextCommand(state, rng(raw.seed));
      if (command.type !== 'PlayShot' || raw.extra === null) return command;
      const extra = resolve({ type: 'PlayShot', who: 'turn', facts: raw.extra }, state);
      if (extra.type !== 'PlayShot') return command;
      const [f, x] = [command.facts, extra.facts];
      return {
        ...command,
        facts: {
          ...f,
          railContactsAfterFirstContact: [
            ...f.railContactsAfterFirstContact,
            ...x.railContactsAfterFirstContact,
          ],
          pocketed: [
            ...f.pocketed,
            ...x.pocketed.filter((p) => !f.pocketed.some((q) => q.ball === p.ball)),
          ],
          ballsReboundedFromPocket: x.ballsReboundedFromPocket,
          cueBallScratched: x.cueBallScratched,
          cueBallOffTable: x.cueBallOffTable && !x.cueBallScratched,
          cueBallTouchedPocketedBall: x.cueBallTouchedPocketedBall,
          ballsOffTable: x.ballsOffTable,
          callObvious: f.callObvious || x.callObvious,
          strokeFouls: x.strokeFouls,
        },
      };
    }
    case 'ScheduleMatch':
      return {
        type: 'ScheduleMatch',
        matchId: 'random',
        discipline: raw.discipline,
        ruleProfile: raw.profile,
        raceTo: raw.raceTo,
        players: [
          { id: 'p1', name: 'Player One' },
          { id: raw.same ? 'p1' : 'p2', name: 'Player Two' },
        ],
        breakOrder: 'WINNER',
        refereePresent: true,
        competition: null,
      };
    case 'DecideBreakOrder':
      return { type: 'DecideBreakOrder', method: raw.method, winner: player(raw.who) };
    case 'ChooseOption':
      return { type: 'ChooseOption', player: player(raw.who), option: raw.option };
    case 'PlaceCueBall':
      return { type: 'PlaceCueBall', player: player(raw.who), zone: raw.zone };
    case 'CallShot':
      return {
        type: 'CallShot',
        player: player(raw.who),
        call: {
          ball: raw.ball === null ? null : b(raw.ball),
          pocket: raw.pocket,
          safety: raw.safety,
          ...(raw.pushOut === undefined ? {} : { pushOut: raw.pushOut }),
        },
      };
    case 'PlayShot': {
      const f = raw.facts;
      const facts: ShotFacts = emptyFacts({
        firstContact: f.firstContact === null ? null : b(f.firstContact),
        railContactsAfterFirstContact: f.rails.map((r) =>
          r.cushion ? { ball: b(r.ball), cushion: r.cushion } : { ball: b(r.ball) },
        ),
        pocketed: f.pocketed.map((p) => ({ ball: b(p.ball), pocket: p.pocket })),
        ballsReboundedFromPocket: f.rebounded.map(b),
        cueBallScratched: f.cueBallScratched,
        cueBallOffTable: f.cueBallOffTable,
        cueBallTouchedPocketedBall: f.cueBallTouchedPocketedBall,
        ballsOffTable: f.ballsOffTable.map(b),
        objectBallsDrivenToRail: f.objectBallsDrivenToRail,
        callObvious: f.callObvious,
        strokeFouls: f.strokeFouls,
      });
      return { type: 'PlayShot', shooter: player(raw.who), facts };
    }
    case 'RecordRefereeRuling':
      return {
        type: 'RecordRefereeRuling',
        kind: raw.kind,
        player: raw.who === null ? null : player(raw.who),
        restored: raw.restored,
        note: '',
      };
  }
}

describe('refusals are typed: random commands either succeed or throw a DomainError', () => {
  it.each(COMBOS)(
    '%s %s: random commands from any point of a match are accepted (and keep the balls conserved) or refused with a DomainError that leaves the state untouched',
    (discipline, profile) => {
      const tally = {
        accepted: 0,
        refused: 0,
        codes: new Set<string>(),
        by: {} as Record<string, number>,
      };
      fc.assert(
        fc.property(
          matchCase,
          fc.nat(),
          fc.array(rawCommand, { minLength: 1, maxLength: 40, size: 'medium' }),
          (c, cut, raws) => {
            const sim = simulate([discipline, profile], c);
            // The state after some prefix of the match (nothing scheduled, in play, or over).
            const prefix = cut % (sim.batches.length + 1);
            let state: MatchState | null = replay(sim.batches.slice(0, prefix).flat());
            const played: MatchCommand[] = [];
            for (const raw of raws) {
              const command = resolve(raw, state);
              played.push(command);
              const before = json(state);
              let events: LedgerEvent[];
              try {
                events = decide(command, state);
              } catch (err) {
                if (
                  !(err instanceof DomainError) ||
                  !(DOMAIN_ERROR_CODES as readonly string[]).includes(err.code)
                ) {
                  throw new Error(
                    `untyped refusal ${String(err)} after prefix ${prefix} of seed ${c.seed}; commands ${json(played)}`,
                  );
                }
                tally.refused++;
                tally.codes.add(err.code);
                expect(json(state)).toBe(before);
                continue;
              }
              tally.accepted++;
              for (const e of events) state = evolve(state, e);
              const problem = conservationProblem(state);
              if (problem)
                throw new Error(
                  `${problem} after prefix ${prefix} of seed ${c.seed}; commands ${json(played)}`,
                );
            }
          },
        ),
        { seed: seedFor(discipline, profile), numRuns: RUNS },
      );
      // Not vacuous: plenty of commands went each way, refused for several reasons.
      expect(tally.accepted).toBeGreaterThan(40);
      expect(tally.refused).toBeGreaterThan(40);
      expect(tally.codes.size).toBeGreaterThan(4);
    },
  );
});
