import { boardComplexity } from '../../src/board/board.resolver';
import { resultsFilePrice, PRICE_CONTEXT, type WorkCounts } from '../../src/kernel/graphql/prices';

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

// The board reads three lists of at most `first` rows; its fields are priced once, not per row,
// so the phones of a venue behind one address are not refused after a few dozen loads.
describe('board price', () => {
  const price = (first: unknown, childComplexity: number) =>
    boardComplexity({ args: { first }, childComplexity } as unknown as Parameters<
      typeof boardComplexity
    >[0]);

  it('is 1 + 3 × first + the selection once', () => {
    expect(price(25, 57)).toBe(1 + 75 + 57);
    expect(price(100, 57)).toBe(1 + 300 + 57);
  });

  it('prices an out-of-range first as one row (the field refuses it anyway)', () => {
    expect(price(0, 10)).toBe(1 + 3 + 10);
    expect(price(1000, 10)).toBe(1 + 3 + 10);
  });
});
