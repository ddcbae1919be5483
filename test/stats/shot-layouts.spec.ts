import type { LedgerEvent } from '../../src/domain/events/catalogue';
import { emptyFacts } from '../../src/domain/events/shot-facts';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { statsProjection } from '../../src/stats/stats.projection';
import { ANA, Table } from '../support/match-fixtures';
import { appendRecorded, tickingClock } from '../support/recorded-ledger';

// The analytic shots table joins each shot to the layout recorded for its moment (its revision),
// the latest correction included; live and a rebuild from zero agree.
describe('shots table: the layout reference', () => {
  it('references the layout recorded with a shot, then its correction, live as rebuilt', async () => {
    const t = new Table({ discipline: 'NINE_BALL' });
    const batches: LedgerEvent[][] = t.history.map((e) => [e]);
    const run = (c: Parameters<Table['run']>[0]) => batches.push(t.run(c));
    run({
      type: 'PlayShot',
      shooter: ANA.id,
      facts: emptyFacts({
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        pocketed: [{ ball: 3, pocket: 'FR' }],
        railContactsAfterFirstContact: [{ ball: 0 }],
      }),
    });
    const balls = t.state.currentGame!.ballsOnTable;
    const layout = (dx: number) => ({
      table: 'NINE_FOOT' as const,
      balls: [
        { ball: 0, x: 400, y: 600 },
        ...balls.map((ball, i) => ({
          ball,
          x: 1200 + dx + (i % 4) * 150,
          y: 200 + Math.floor(i / 4) * 250,
        })),
      ],
    });
    run({
      type: 'PlayShot',
      shooter: ANA.id,
      facts: emptyFacts({ firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] }),
      layout: layout(0),
    });
    const recorded = t.history.findIndex((e) => e.type === 'LayoutRecorded');

    const store = new SqliteEventStore({ filename: ':memory:' });
    const live = new ReadModel(':memory:', [statsProjection()]);
    const projector = new MatchProjector(store, live);
    const clock = tickingClock();
    const shots = (rm: ReadModel) =>
      rm.database
        .prepare('SELECT game, shot_number, layout_revision FROM shots ORDER BY seq')
        .all();
    for (const [i, batch] of batches.entries()) {
      await appendRecorded(store, 'm1', [batch], clock, i);
      await projector.catchUp();
    }
    expect(shots(live)).toEqual([
      { game: 1, shot_number: 1, layout_revision: null },
      { game: 1, shot_number: 2, layout_revision: recorded },
    ]);
    // A cited correction of the layout: the shot now references the correction.
    const fix = t.run({
      type: 'RecordLayout',
      by: 'referee-1',
      layout: layout(10),
      corrects: { revision: recorded, reason: 'measured again' },
    });
    await appendRecorded(store, 'm1', [fix], clock, batches.length);
    await projector.catchUp();
    expect(shots(live)).toContainEqual({
      game: 1,
      shot_number: 2,
      layout_revision: t.history.length - 1,
    });
    const rebuilt = new ReadModel(':memory:', [statsProjection()]);
    await new MatchProjector(store, rebuilt).catchUp();
    expect(shots(rebuilt)).toEqual(shots(live));
    // The match view and the audit index too: a layout is folded the same live and rebuilt.
    const views = (rm: ReadModel) => ({
      match: rm.database.prepare('SELECT * FROM match_views').all(),
      audit: rm.database
        .prepare('SELECT revision, type, game_number FROM audit_events ORDER BY revision')
        .all(),
    });
    expect(views(rebuilt)).toEqual(views(live));
    expect(views(live).audit).toContainEqual({
      revision: recorded,
      type: 'LayoutRecorded',
      game_number: 1,
    });
    live.close();
    rebuilt.close();
  });
});
