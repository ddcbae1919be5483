import { Tally } from '../../src/domain/stats';
import { TallyCache, type CachedTally } from '../../src/stats/tally-cache';

const cached = (): CachedTally => ({
  tally: new Tally(),
  filedBy: new Map(),
  revision: 0,
  written: 0,
  scheduled: {} as CachedTally['scheduled'],
  playedOn: '2026-12-02',
});

// What bounds a rebuild's memory: completed matches' tallies are few, matches in play many.
describe('stats tally cache', () => {
  it('keeps the 32 completed matches written last, and every match in play beside them', () => {
    const cache = new TallyCache();
    for (let i = 0; i < 100; i++) cache.put(`play-${i}`, cached(), 'IN_PLAY');
    for (let i = 0; i < 40; i++) cache.put(`done-${i}`, cached(), 'COMPLETED');
    const done = Array.from({ length: 40 }, (_, i) => cache.get(`done-${i}`) !== undefined);
    expect(done.filter(Boolean)).toHaveLength(32);
    expect(done.slice(8).every(Boolean)).toBe(true);
    expect(Array.from({ length: 100 }, (_, i) => cache.get(`play-${i}`)).every(Boolean)).toBe(true);
  });

  it('moves a match that completes out of the matches in play (taken, then put back)', () => {
    const cache = new TallyCache();
    const c = cached();
    cache.put('m', c, 'IN_PLAY');
    expect(cache.take('m')).toBe(c);
    expect(cache.get('m')).toBeUndefined();
    cache.put('m', c, 'COMPLETED');
    for (let i = 0; i < 500; i++) cache.put(`play-${i}`, cached(), 'IN_PLAY');
    expect(cache.get('m')).toBe(c);
    for (let i = 0; i < 32; i++) cache.put(`done-${i}`, cached(), 'COMPLETED');
    expect(cache.get('m')).toBeUndefined();
  });
});
