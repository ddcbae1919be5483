import type { AppealOutcome } from './appeals';
import { liftPlaySnapshotV1, type PlaySnapshotV1 } from './play-snapshot';
import { isLedgerEventType, type LedgerEvent } from './catalogue';
import type { RulingV1 } from './ruling';

// Stored events are never rewritten: an event stored under an older schema version is upcast
// to the current one when it is read, so the domain only ever sees the current versions.

// Version 1 of AppealDecided said UPHELD (the record stands) and OVERTURNED (the appellant
// wins); version 2 says DISMISSED and ALLOWED. Its explanations stay as stored: they are data.
const V1_OUTCOMES: Record<string, AppealOutcome> = { UPHELD: 'DISMISSED', OVERTURNED: 'ALLOWED' };

type Data = Record<string, unknown>;

function appealOutcomeV1(data: Data): Data {
  const outcome = V1_OUTCOMES[String(data.outcome)];
  if (!outcome) throw new Error(`Unknown version-1 appeal outcome ${String(data.outcome)}`);
  return { ...data, outcome };
}

// Engine 1.4.0 (A14): a ruling (RulingV1) lists its warnings (warningsIssued) where it named one
// (warningIssued, a rule id or null; absent in rulings older than the field).
// Copied key by key (in their order, the new field last, as a spread would): an object rest or a
// spread of data read from the ledger takes V8's slow path, and every ruling of an older ledger is
// read through here. A "__proto__" key (only hand-edited data could hold one) takes the spread.
function liftRuling(stored: unknown): RulingV1 | null {
  if (stored === null || stored === undefined) return null;
  const from = stored as Data;
  const lifted = from.warningIssued ? [from.warningIssued] : [];
  if (Object.hasOwn(from, '__proto__')) {
    const { warningIssued: _, ...rest } = from;
    return { ...rest, warningsIssued: lifted } as unknown as RulingV1;
  }
  const out: Data = {};
  for (const k in from) if (k !== 'warningIssued') out[k] = from[k];
  out.warningsIssued = lifted;
  return out as unknown as RulingV1;
}

function withRuling(data: Data): Data {
  const ruling = liftRuling(data.ruling);
  if (Object.hasOwn(data, '__proto__')) return { ...data, ruling };
  const out: Data = {};
  for (const k in data) out[k] = data[k];
  out.ruling = ruling;
  return out;
}

// The play snapshots an event stored (PlaySnapshotV1 → V2, see play-snapshot.ts), where present.
function withSnapshots(data: Data, ...keys: string[]): Data {
  const out = { ...data };
  for (const k of keys)
    if (k in data) out[k] = liftPlaySnapshotV1(data[k] as PlaySnapshotV1 | null);
  return out;
}

const decidedV2 = (d: Data): Data =>
  withSnapshots(withRuling(d), 'recorded', 'amended', 'resulting');

// Each type with more than one version: its current version, and how each older one is lifted.
const UPCASTS: Partial<
  Record<LedgerEvent['type'], { current: number; lift: Record<number, (d: Data) => Data> }>
> = {
  ShotAdjudicated: { current: 2, lift: { 1: withRuling } },
  ShotCorrected: {
    current: 2,
    lift: {
      1: (d) =>
        withSnapshots(
          {
            ...d,
            original: withRuling(d.original as Data),
            corrected: withRuling(d.corrected as Data),
          },
          'resulting',
        ),
    },
  },
  AppealDecided: {
    current: 3,
    lift: {
      1: (d) => decidedV2(appealOutcomeV1(d)),
      2: (d) => decidedV2(d),
    },
  },
  AppealReviewed: { current: 2, lift: { 1: (d) => withSnapshots(withRuling(d), 'resulting') } },
};

export function upcast(type: string, version: number, data: unknown): LedgerEvent {
  if (!isLedgerEventType(type)) throw new Error(`Unknown event type ${type}`);
  const u = UPCASTS[type];
  const current = u?.current ?? 1;
  if (version === current) return { type, version, data } as LedgerEvent;
  const lift = u?.lift[version];
  if (!lift) throw new Error(`No upcast for ${type} version ${version} (current: ${current})`);
  return { type, version: current, data: lift(data as Data) } as LedgerEvent;
}
