import { median, num, percentile, ratios, spread, triple } from '../../bench/load/stats';

describe('load bench figures', () => {
  it('takes nearest-rank percentiles of unsorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7, 3, 5], 50)).toBe(5);
    expect(percentile([4], 99)).toBe(4);
    expect(percentile([], 50)).toBeNaN();
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('spreads repeated figures into min/median/max, ignoring unmeasured ones', () => {
    expect(spread([269, 240, 253])).toEqual({ min: 240, median: 253, max: 269 });
    expect(spread([NaN, 2, 4])).toEqual({ min: 2, median: 3, max: 4 });
    expect(spread([NaN]).median).toBeNaN();
  });

  it('formats a figure as min/median/max, or the one value of a single run', () => {
    expect(triple([2687.2, 2913, 2798.4])).toBe('2,687/2,798/2,913');
    expect(triple([0.0912, 0.1], 2)).toBe('0.09/0.10/0.10');
    expect(triple([5.123], 1)).toBe('5.1');
    expect(triple([])).toBe('–');
    expect(num(NaN)).toBe('–');
    expect(num(1234.5, 1)).toBe('1,234.5');
  });

  it('pairs ratios run by run', () => {
    expect(ratios([10, 30], [20, 60])).toEqual([0.5, 0.5]);
  });
});
