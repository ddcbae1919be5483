import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../../src/ledger/event-store';

// A ledger recorded by engine 1.1.0 before the decider was re-cut (appeals, corrections, sign-off
// and simulated 8-, 9- and 10-ball matches under every profile), one stored event per line, in
// commit order. Later code must still read it, verify its chains and re-rule it identically.
export const LEGACY_LEDGER = join(__dirname, '..', 'fixtures', 'ledger-v1.jsonl');
export const LEGACY_SUMMARY = join(__dirname, '..', 'fixtures', 'ledger-v1.summary.json');

interface Line {
  streamId: string;
  revision: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export function legacyLines(): Line[] {
  return readFileSync(LEGACY_LEDGER, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Line);
}

// Appends the fixture as it was stored (ids, metadata and hashes untouched), stream by stream at
// the recorded revisions; `streams`: only those streams.
export async function loadLegacyLedger(
  store: EventStore,
  streams?: (streamId: string) => boolean,
): Promise<number> {
  const lines = streams ? legacyLines().filter((l) => streams(l.streamId)) : legacyLines();
  for (const l of lines) {
    const { streamId, revision, ...event } = l;
    await store.append(streamId, [event], revision === 0 ? 'no_stream' : revision - 1);
  }
  return lines.length;
}
