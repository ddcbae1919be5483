import type { AppealDecided, AppealOutcome } from './appeals';
import { isLedgerEventType, type LedgerEvent } from './catalogue';

// Stored events are never rewritten: an event stored under an older schema version is upcast
// to the current one when it is read, so the domain only ever sees the current versions.

// Version 1 of AppealDecided said UPHELD (the record stands) and OVERTURNED (the appellant
// wins); version 2 says DISMISSED and ALLOWED. Its explanations stay as stored: they are data.
const V1_OUTCOMES: Record<string, AppealOutcome> = { UPHELD: 'DISMISSED', OVERTURNED: 'ALLOWED' };

function appealDecidedV1(data: Record<string, unknown>): AppealDecided['data'] {
  const outcome = V1_OUTCOMES[String(data.outcome)];
  if (!outcome) throw new Error(`Unknown version-1 appeal outcome ${String(data.outcome)}`);
  return { ...(data as unknown as AppealDecided['data']), outcome };
}

// The current schema version of each event type that has more than one.
const CURRENT: Partial<Record<LedgerEvent['type'], number>> = { AppealDecided: 2 };

export function upcast(type: string, version: number, data: unknown): LedgerEvent {
  if (!isLedgerEventType(type)) throw new Error(`Unknown event type ${type}`);
  const current = CURRENT[type] ?? 1;
  if (version === current) return { type, version, data } as LedgerEvent;
  if (type === 'AppealDecided' && version === 1)
    return { type, version: 2, data: appealDecidedV1(data as Record<string, unknown>) };
  throw new Error(`No upcast for ${type} version ${version} (current: ${current})`);
}
