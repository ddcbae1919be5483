import type { LedgerEvent, PlayerRef } from '../../src/domain/events/catalogue';
import { emptyFacts, type ShotCall, type ShotFacts } from '../../src/domain/events/shot-facts';
import type { MatchCommand } from '../../src/domain/match/commands';
import { decide } from '../../src/domain/match/decide';
import { replay } from '../../src/domain/match/evolve';
import type { MatchState } from '../../src/domain/match/state';
import type { BreakOrderRule, Discipline, RuleProfileId } from '../../src/domain/table/vocabulary';
import type { Ruling } from '../../src/domain/rules/ruling';
import { recordedHistory } from './decider-spec';

export const ANA: PlayerRef = { id: 'ana', name: 'Ana' };
export const BRUNO: PlayerRef = { id: 'bruno', name: 'Bruno' };

// A small driver that plays a match through the real decider and keeps its full history,
// so tests read like a scoresheet.
export class Table {
  readonly history: LedgerEvent[] = [];

  constructor(
    opts: {
      profile?: RuleProfileId;
      raceTo?: number;
      breakOrder?: BreakOrderRule;
      breaker?: string;
      discipline?: Discipline;
      refereePresent?: boolean;
      // A competition's window, frozen into the match when scheduled.
      appealWindow?: { minutes: number; start: 'SHOT' | 'GAME_END' | 'MATCH_END' };
    } = {},
  ) {
    this.run({
      type: 'ScheduleMatch',
      matchId: 'm1',
      discipline: opts.discipline ?? 'EIGHT_BALL',
      ruleProfile:
        opts.profile ?? (opts.discipline && opts.discipline !== 'EIGHT_BALL' ? 'WPA' : 'FPB'),
      raceTo: opts.raceTo ?? 2,
      players: [ANA, BRUNO],
      breakOrder: opts.breakOrder ?? 'WINNER',
      refereePresent: opts.refereePresent ?? true,
      competition: null,
      ...(opts.appealWindow
        ? {
            appealWindowMinutes: opts.appealWindow.minutes,
            appealWindowStart: opts.appealWindow.start,
          }
        : {}),
    });
    const breaker = opts.breaker ?? ANA.id;
    this.run({ type: 'DecideBreakOrder', method: 'COIN_TOSS', winner: breaker });
    this.run({ type: 'ChooseOption', player: breaker, option: 'BREAK' });
  }

  get state(): MatchState {
    return replay(this.history)!;
  }

  run(command: MatchCommand): LedgerEvent[] {
    const events = decide(command, replay(this.history), recordedHistory(this.history));
    this.history.push(...events);
    return events;
  }

  call(player: string, ball: number, pocket: ShotCall['pocket']): void {
    this.run({ type: 'CallShot', player, call: { ball, pocket, safety: false } });
  }

  shoot(shooter: string, facts: Partial<ShotFacts>): Ruling {
    const events = this.run({ type: 'PlayShot', shooter, facts: emptyFacts(facts) });
    const adjudicated = events.find((e) => e.type === 'ShotAdjudicated');
    if (!adjudicated || adjudicated.type !== 'ShotAdjudicated') throw new Error('no ruling');
    return adjudicated.data.ruling;
  }

  // A legal break that pockets the given balls and spreads the rest.
  break(
    shooter: string,
    pocketed: { ball: number; pocket: 'FL' | 'FR' | 'SL' | 'SR' | 'HL' | 'HR' }[] = [],
  ): Ruling {
    return this.shoot(shooter, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
  }
}

// The revision of the nth event of a type in a table's history.
export function revisionOf(t: Table, type: string, nth = 1): number {
  let seen = 0;
  const i = t.history.findIndex((e) => e.type === type && ++seen === nth);
  if (i < 0) throw new Error(`no ${type} #${nth}`);
  return i;
}

// The first event of a type among some events.
export function only<T extends LedgerEvent['type']>(
  events: LedgerEvent[],
  type: T,
): Extract<LedgerEvent, { type: T }> {
  return events.find((e) => e.type === type) as Extract<LedgerEvent, { type: T }>;
}
