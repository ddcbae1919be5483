import type { LedgerEvent } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { statsProjection } from '../../src/stats/stats.projection';
import { amendedMatch } from './amended-match';
import { appendRecorded, tickingClock } from './recorded-ledger';

const DISCIPLINES = ['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'] as const;
const COMPETITIONS = [undefined, 'league', 'cup'];
// Who plays: p1 against p2, p1 against p3 (p2 renamed), p3 against p2 (p1 renamed).
const RENAMES: [string, string][][] = [
  [],
  [
    ['p2', 'p3'],
    ['Player Two', 'Player Three'],
  ],
  [
    ['p1', 'p3'],
    ['Player One', 'Player Three'],
  ],
];

function renamed(batches: LedgerEvent[][], renames: [string, string][]): LedgerEvent[][] {
  let json = JSON.stringify(batches);
  for (const [from, to] of renames) json = json.split(`"${from}"`).join(`"${to}"`);
  return JSON.parse(json) as LedgerEvent[][];
}

export interface StatsSeason {
  store: SqliteEventStore;
  live: ReadModel;
  // How many matches were amended by a correction, by an allowed appeal.
  amendments: Record<string, number>;
}

// A season of amended matches (a correction or an allowed appeal in each, so rows go down as
// well as up), in three disciplines and three competitions (none among them), between three
// players, their commands recorded in turn and projected after each.
export async function statsSeason(matches: number): Promise<StatsSeason> {
  const recorded: { id: string; batches: LedgerEvent[][] }[] = [];
  const amendments: Record<string, number> = {};
  for (let seed = 1; recorded.length < matches && seed < 10 * matches; seed++) {
    const id = `t${seed}`;
    const n = recorded.length;
    const discipline = DISCIPLINES[n % 3];
    const m = amendedMatch({ seed, discipline, nth: 1 + (seed % 9), later: seed % 3, matchId: id });
    if (!m) continue;
    amendments[m.amendment] = (amendments[m.amendment] ?? 0) + 1;
    const batches = renamed(m.recorded, RENAMES[Math.floor(n / 9) % 3]);
    const scheduled = batches[0][0] as Extract<LedgerEvent, { type: 'MatchScheduled' }>;
    scheduled.data.competitionId = COMPETITIONS[Math.floor(n / 3) % 3];
    recorded.push({ id, batches });
  }
  const store = new SqliteEventStore({ filename: ':memory:' });
  const live = new ReadModel(':memory:', [statsProjection()]);
  const projector = new MatchProjector(store, live);
  const clock = tickingClock();
  const longest = Math.max(...recorded.map((r) => r.batches.length));
  for (let i = 0; i < longest; i++)
    for (const r of recorded)
      if (i < r.batches.length) {
        await appendRecorded(store, r.id, [r.batches[i]], clock, i);
        await projector.catchUp();
      }
  return { store, live, amendments };
}
