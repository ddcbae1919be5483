import { RegistryPlaces } from '../../src/registry/registry-places';
import { ReadModel } from '../../src/projections/read-model';
import { featureProjections } from '../../src/read-models';

// The public board and the match list are read many times a minute: each list is read through
// an index in its order (a page of rows), never by scanning and sorting every match.
describe('the board and the match list read through indexes', () => {
  const readModel = new ReadModel(':memory:', featureProjections());
  const db = readModel.database;
  afterAll(() => readModel.close());

  // The plans of every statement prepared while `read` runs.
  function plansOf(read: () => unknown): string[] {
    const spy = jest.spyOn(db, 'prepare');
    try {
      read();
      return spy.mock.calls.map(([sql]) =>
        (
          db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(
            ...sql
              .split('?')
              .slice(1)
              .map(() => 'x'),
          ) as { detail: string }[]
        )
          .map((r) => r.detail)
          .join(' | '),
      );
    } finally {
      spy.mockRestore();
    }
  }

  it.each([
    ['every match', {}, '(status=?)'],
    ['a venue’s', { venue: 'Clube Lisboa' }, '(venue=? AND status=?)'],
    ['a competition’s', { competitionId: 'taca-2026' }, '(competition_id=? AND status=?)'],
    ['a day’s', { day: '2026-12-02' }, '(status=?)'],
  ])(
    'the board, %s: three lists by index, none a scan of the match table',
    (_, filter, searched) => {
      const plans = plansOf(() => new RegistryPlaces(readModel).board(filter, 30));
      expect(plans).toHaveLength(3);
      for (const plan of plans) {
        expect(plan).toMatch(/^SEARCH registry_matches USING (COVERING )?INDEX \w+ /);
        expect(plan).toContain(searched);
        expect(plan).not.toMatch(/SCAN registry_matches/);
      }
    },
  );

  it('a page of the match list follows the views’ position index, with no sort', () => {
    const { source } = (readModel as unknown as { pageMatches: { source: string } }).pageMatches;
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN ${source}`).all('~', 20) as { detail: string }[]
    ).map((r) => r.detail);
    expect(plan).toEqual([
      'SEARCH match_views USING INDEX match_views_by_position (last_position<?)',
    ]);
  });
});
