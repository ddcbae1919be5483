import { CANONICAL_JSON_MAX_DEPTH, canonicalJson } from '../../src/domain';

// Every stored event's hash is taken over this text: a change of it would break every chain.
describe('canonicalJson', () => {
  it('sorts keys at every level by UTF-16 code unit and leaves undefined fields out', () => {
    const value = {
      b: undefined,
      a: [
        undefined,
        null,
        1,
        'x"y',
        { z: 1, Z: 2, é: 3, '10': 4, '9': 5, nested: { y: [], x: {} } },
      ],
      '': -0,
    };
    expect(canonicalJson(value)).toBe(
      '{"":0,"a":[null,null,1,"x\\"y",{"10":4,"9":5,"Z":2,"nested":{"x":{},"y":[]},"z":1,"é":3}]}',
    );
  });

  it('gives the same text whatever the key order', () => {
    expect(canonicalJson({ x: 1, y: { b: 2, a: 3 } })).toBe(
      canonicalJson({ y: { a: 3, b: 2 }, x: 1 }),
    );
  });

  it('writes primitives as JSON does, and null for what JSON cannot hold', () => {
    expect([true, 'é\u2028', 1.5e300, null].map(canonicalJson)).toEqual([
      'true',
      '"é\u2028"',
      '1.5e+300',
      'null',
    ]);
    expect(canonicalJson(undefined)).toBe('null');
  });

  // Only an edited file holds such a value (the write path could not have sealed it): whoever
  // hashes it gets an error to report, not a stack overflow.
  it('refuses a value nested past its depth with a RangeError', () => {
    const nested = (levels: number): unknown => (levels === 0 ? 0 : [nested(levels - 1)]);
    const depth = CANONICAL_JSON_MAX_DEPTH;
    expect(canonicalJson(nested(depth))).toBe(`${'['.repeat(depth)}0${']'.repeat(depth)}`);
    expect(() => canonicalJson(nested(depth + 1))).toThrow(RangeError);
    expect(() => canonicalJson({ a: nested(depth) })).toThrow(RangeError);
  });
});
