import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { ratingsProjection } from '../../src/ratings/ratings.projection';
import { recordSimulatedMatches } from '../support/recorded-ledger';

interface Row {
  match_id: string;
  game_number: number;
  winner: string;
  loser: string;
  event_ids: string;
}

// Simulated matches recorded through the real write path: every game won is rated once, with the
// GameEnded that recorded it, and a rebuild in 500-event batches equals the live projection.
describe('rated games of recorded matches', () => {
  it('rates every effective game with its GameEnded, the same live and rebuilt', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const ids = await recordSimulatedMatches(store, [5, 6, 7, 8]);
    const views = new ReadModel(':memory:', [ratingsProjection]);
    const projector = new MatchProjector(store, views);
    await projector.catchUp();
    const rows = () =>
      views.database
        .prepare<[], Row>('SELECT * FROM rating_games ORDER BY match_id, game_number')
        .all();
    const live = rows();
    const ended = new Map(
      (await store.readAll({ maxCount: 100_000 }))
        .filter((e) => e.type === 'GameEnded')
        .map((e) => [
          `${e.streamId.slice('match-'.length)}/${(e.data as { gameNumber: number }).gameNumber}`,
          e.eventId,
        ]),
    );
    const effective = ids.flatMap((id) => views.match(id)!.games.map((g) => ({ id, g })));
    expect(live).toHaveLength(effective.length);
    expect(live.length).toBeGreaterThan(0);
    for (const { id, g } of effective)
      expect(live).toContainEqual(
        expect.objectContaining({
          match_id: id,
          game_number: g.number,
          winner: g.winner,
          loser: g.loser,
          event_ids: JSON.stringify([ended.get(`${id}/${g.number}`)]),
        }),
      );
    await projector.rebuild();
    expect(rows()).toEqual(live);
  });
});
