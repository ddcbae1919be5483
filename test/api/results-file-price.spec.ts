import { resultsFilePrice, PRICE_CONTEXT, type WorkCounts } from '../../src/api/graphql/prices';

// A results file parses every match view it may include: aliases must multiply that, not 1.
describe('resultsFile price', () => {
  const counts = (views: number): WorkCounts => ({
    count: (sql) => (sql.includes('FROM match_views') ? views : 0),
  });
  const price = (views: number) =>
    (resultsFilePrice as (o: unknown) => number)({
      args: {},
      childComplexity: 0,
      context: { [PRICE_CONTEXT]: counts(views) },
    });

  it('is 10 plus one per match view', () => {
    expect(price(0)).toBe(10);
    expect(price(600)).toBe(610);
  });
});
