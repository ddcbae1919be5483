import type { MatchCommand } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import type { Projection } from '../../src/projections/projection';
import { ReadModel } from '../../src/projections/read-model';
import { ANA, BRUNO, Table } from './match-fixtures';
import { appendRecorded, tickingClock } from './recorded-ledger';

export const result = (
  gameNumber: number,
  breaker: string,
  winner: string,
  more = {},
): MatchCommand => ({
  type: 'RecordGameResult',
  gameNumber,
  breaker,
  winner,
  ending: 'WON',
  rule: null,
  breakAndRun: false,
  winOnBreak: false,
  by: 'desk-1',
  attestation: 'PLAYERS_SIGN_OFF',
  ...more,
});

export function twoLevelMatch(): { table: Table; batches: number[] } {
  const t = new Table({ discipline: 'NINE_BALL', raceTo: 3, breakOrder: 'ALTERNATE' });
  const batches = [t.history.length];
  const step = (f: () => unknown) => {
    f();
    batches.push(t.history.length);
  };
  step(() => t.run(result(1, ANA.id, ANA.id, { breakAndRun: true })));
  step(() => t.run(result(2, BRUNO.id, BRUNO.id, { winOnBreak: true })));
  // N9.4 (9 on the break): games 3 and 4 won by the break shot, at the table.
  step(() => t.break(ANA.id, [{ ball: 9, pocket: 'FR' }]));
  step(() => t.break(BRUNO.id, [{ ball: 9, pocket: 'FL' }]));
  step(() => t.run(result(5, ANA.id, ANA.id)));
  return { table: t, batches };
}

// The match recorded command by command and projected after each write, as the server does.
export async function projectTwoLevelMatch(projections: Projection[]): Promise<ReadModel> {
  const { table, batches } = twoLevelMatch();
  if (table.state.status !== 'COMPLETED') throw new Error('the two-level match did not finish');
  const store = new SqliteEventStore({ filename: ':memory:' });
  const views = new ReadModel(':memory:', projections);
  const projector = new MatchProjector(store, views);
  const clock = tickingClock();
  let from = 0;
  const cuts = batches.map((to) => {
    const b = table.history.slice(from, to);
    from = to;
    return b;
  });
  for (const [i, batch] of cuts.filter((b) => b.length).entries()) {
    await appendRecorded(store, 'm1', [batch], clock, i);
    await projector.catchUp();
  }
  return views;
}
