import type {
  LedgerEvent,
  MatchCommand,
  MatchState,
  OptionKind,
  RefereeRulingKind,
  Ruling,
  ShotCall,
  ShotFacts,
} from '../../domain';
import { decide, evolve, upcast } from '../../domain';
import type { Layout } from '../../domain/table/layout';

// A write the console makes: the GraphQL mutation and its input (without the fields every write
// carries), as queued on the device and sent to the server.
export type ConsoleCommand =
  | { mutation: 'recordShot'; input: { shooter: string; call?: ShotCall } & ShotFacts }
  | { mutation: 'chooseOption'; input: { player: string; option: OptionKind } }
  | { mutation: 'decideBreakOrder'; input: { method: 'COIN_TOSS'; winner: string } }
  | {
      mutation: 'recordRefereeRuling';
      input: {
        kind: RefereeRulingKind;
        player: string | null;
        note: string;
        restored?: boolean;
      };
    }
  | {
      mutation: 'declareFrozenBall';
      input: { declaredBy: string; ball: number; cushion: string; layout?: Layout };
    }
  | { mutation: 'recordLayout'; input: { layout: Layout } }
  | {
      mutation: 'correctShot';
      input: { revision: number; facts: ShotFacts; call?: ShotCall; reason: string };
    };

export const INPUT_TYPES: Record<ConsoleCommand['mutation'], string> = {
  recordShot: 'RecordShotInput',
  chooseOption: 'ChooseOptionInput',
  decideBreakOrder: 'DecideBreakOrderInput',
  recordRefereeRuling: 'RecordRefereeRulingInput',
  declareFrozenBall: 'DeclareFrozenBallInput',
  recordLayout: 'RecordLayoutInput',
  correctShot: 'CorrectShotInput',
};

// The domain command the server will decide, so the device can rule it the same way while
// offline. A correction is decided against the recorded history, which the device does not
// keep: it waits for the server (null).
export function toDomainCommand(c: ConsoleCommand): MatchCommand | null {
  switch (c.mutation) {
    case 'recordShot': {
      const { shooter, call, ...facts } = c.input;
      return call
        ? { type: 'PlayShot', shooter, facts, call }
        : { type: 'PlayShot', shooter, facts };
    }
    case 'chooseOption':
      return { type: 'ChooseOption', ...c.input };
    case 'decideBreakOrder':
      return { type: 'DecideBreakOrder', ...c.input };
    case 'recordRefereeRuling':
      return { type: 'RecordRefereeRuling', ...c.input, restored: c.input.restored ?? null };
    case 'declareFrozenBall':
      return {
        type: 'DeclareFrozenBall',
        ...c.input,
        cushion: c.input.cushion as Extract<MatchCommand, { type: 'DeclareFrozenBall' }>['cushion'],
      };
    // Decided by the server, which knows who records it.
    case 'correctShot':
    case 'recordLayout':
      return null;
  }
}

// One event as the GraphQL API serves it (matchHistory, a write's result, matchUpdated).
export interface ServedEvent {
  type: string;
  schemaVersion: number;
  revision: number;
  position?: string;
  data: unknown;
}

export function toLedgerEvent(e: ServedEvent): LedgerEvent {
  return upcast(e.type, e.schemaVersion, e.data);
}

export function fold(state: MatchState | null, events: readonly LedgerEvent[]): MatchState | null {
  return events.reduce<MatchState | null>(evolve, state);
}

// The engine's ruling of a command on this device: the events it would append, or the refusal.
export function provisional(
  state: MatchState,
  c: ConsoleCommand,
): { events: LedgerEvent[] } | { error: string } | null {
  const command = toDomainCommand(c);
  if (!command) return null;
  try {
    return { events: decide(command, state) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

export function rulingOf(events: readonly LedgerEvent[]): Ruling | null {
  const e = events.find((x) => x.type === 'ShotAdjudicated');
  return e && e.type === 'ShotAdjudicated' ? e.data.ruling : null;
}
