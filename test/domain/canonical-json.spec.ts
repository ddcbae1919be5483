import { canonicalJson } from '../../src/domain';

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
});
