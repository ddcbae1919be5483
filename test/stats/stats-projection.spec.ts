import fc from 'fast-check';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { statsProjection } from '../../src/stats/stats.projection';
import { STATS_TABLES } from '../../src/stats/stats-tables';
import { amendedMatch } from '../support/amended-match';
import { mixedMatch } from '../support/mixed-match';
import { appendRecorded, tickingClock } from '../support/recorded-ledger';

// Every row of the stats tables, in a stable order; appeals zeroed for the comparison with a
// ledger that has none.
function dump(rm: ReadModel, { withoutAppeals = false } = {}): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const t of STATS_TABLES) {
    const rows = rm.database.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all() as Record<
      string,
      unknown
    >[];
    out[t] = withoutAppeals
      ? rows.map((r) => ('appeals_filed' in r ? { ...r, appeals_filed: 0, appeals_allowed: 0 } : r))
      : rows;
  }
  return out;
}

const readModel = () => new ReadModel(':memory:', [statsProjection()]);

describe('stats read model', () => {
  it('live equals a rebuild from zero, and equals the ledger where the amended history was recorded directly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('EIGHT_BALL', 'NINE_BALL', 'TEN_BALL' as const),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 4 }),
        async (seed, discipline, nth, later) => {
          const m = amendedMatch({ seed, discipline, nth, later, matchId: `s${seed}` });
          fc.pre(m !== null);
          const id = `s${seed}`;
          // Live: the projector commits after every recorded command.
          const store = new SqliteEventStore({ filename: ':memory:' });
          const live = readModel();
          const projector = new MatchProjector(store, live);
          const clock = tickingClock();
          for (const [i, batch] of m!.recorded.entries()) {
            await appendRecorded(store, id, [batch], clock, i);
            await projector.catchUp();
          }
          const rebuilt = readModel();
          await new MatchProjector(store, rebuilt).catchUp();
          expect(dump(rebuilt)).toEqual(dump(live));

          const directStore = new SqliteEventStore({ filename: ':memory:' });
          await appendRecorded(directStore, id, m!.direct);
          const direct = readModel();
          await new MatchProjector(directStore, direct).catchUp();
          expect(dump(direct)).toEqual(dump(live, { withoutAppeals: true }));
          expect(dump(live).stat_player_matches.length).toBe(2);
          for (const rm of [live, rebuilt, direct]) rm.close();
        },
      ),
      { numRuns: 6, seed: 1130 },
    );
  });
});

describe('stats read model over a ledger mixing result-level and shot-level games', () => {
  it('live equals a rebuild from zero, results corrected or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('EIGHT_BALL', 'NINE_BALL' as const),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        async (seed, discipline, results, correct) => {
          const id = `x${seed}`;
          const batches = mixedMatch({ seed, discipline, results, correct, matchId: id });
          const types = new Set(batches.flat().map((e) => e.type));
          // The ledger really mixes the levels: results recorded (and corrected), shots after.
          expect(types.has('GameResultRecorded')).toBe(results > 0);
          expect(types.has('GameResultCorrected')).toBe(results > 0 && correct);
          expect(batches.flat().at(-1)?.type).toBe('MatchEnded');
          const store = new SqliteEventStore({ filename: ':memory:' });
          const live = readModel();
          const projector = new MatchProjector(store, live);
          const clock = tickingClock();
          for (const [i, batch] of batches.entries()) {
            await appendRecorded(store, id, [batch], clock, i);
            await projector.catchUp();
          }
          const rebuilt = readModel();
          await new MatchProjector(store, rebuilt).catchUp();
          expect(dump(rebuilt)).toEqual(dump(live));
          for (const rm of [live, rebuilt]) rm.close();
        },
      ),
      { numRuns: 6, seed: 2727 },
    );
  });
});
