import { writeOutcome } from '../../src/kernel/graphql/write-outcome';

const error = (code: string, path?: string[]) => ({ message: code, path, extensions: { code } });

describe('writeOutcome: what the client received for one root field', () => {
  it('is ok when no error concerns the field', () => {
    expect(writeOutcome([], { a: { revision: 1 } }, 'a')).toEqual({ outcome: 'ok', code: '' });
    // Another field's refusal leaves this one's result standing.
    expect(writeOutcome([error('FORBIDDEN', ['b'])], { a: {}, b: null }, 'a').outcome).toBe('ok');
  });

  it("takes the field's own error: a conflict, a refusal, a failure", () => {
    expect(writeOutcome([error('CONFLICT', ['a'])], { a: null }, 'a')).toEqual({
      outcome: 'conflict',
      code: 'CONFLICT',
    });
    expect(writeOutcome([error('GAME_OVER', ['a'])], null, 'a').outcome).toBe('refused');
    expect(writeOutcome([error('INTERNAL_SERVER_ERROR', ['a'])], null, 'a').outcome).toBe('failed');
    // The store did not answer this write.
    expect(writeOutcome([error('UNAVAILABLE', ['a'])], null, 'a').outcome).toBe('failed');
  });

  it('gives every field the error of a whole request refused (no path)', () => {
    for (const code of ['UNAVAILABLE', 'QUERY_TOO_COMPLEX', 'BAD_USER_INPUT'])
      for (const key of ['a', 'b'])
        expect(writeOutcome([error(code)], undefined, key)).toEqual({ outcome: 'refused', code });
    expect(writeOutcome([{ message: 'odd', path: [] }], undefined, 'a')).toEqual({
      outcome: 'failed',
      code: 'INTERNAL_SERVER_ERROR',
    });
  });

  it('does not count a field that never ran (an earlier error nulled the mutation) as ok', () => {
    expect(writeOutcome([error('CONFLICT', ['a'])], null, 'b')).toEqual({
      outcome: 'conflict',
      code: 'CONFLICT',
    });
  });
});
