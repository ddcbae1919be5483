import type { NextFunction, Request, Response } from 'express';
import { parse } from 'graphql';
import { aliasLimit } from '../../src/api/graphql/limits';

// parse, counted.
jest.mock('graphql', () => {
  const actual = jest.requireActual<typeof import('graphql')>('graphql');
  return { ...actual, parse: jest.fn(actual.parse) };
});
const parsed = parse as jest.MockedFunction<typeof parse>;

// The HTTP alias limit keeps each short document's count: the same text sent again is judged the
// same way (refused every time past the limit, let through every time under it), unparsed.
function send(limit: ReturnType<typeof aliasLimit>, query: string) {
  let status = 0;
  let body: unknown = null;
  let passed = false;
  const res = {
    status: (s: number) => ((status = s), res),
    json: (b: unknown) => ((body = b), res),
  } as unknown as Response;
  limit({ body: { query } } as Request, res, (() => (passed = true)) as NextFunction);
  return { status, body, passed };
}

const aliased = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;

describe('the HTTP alias limit', () => {
  it('refuses a document past the limit every time it is sent, and passes one at the limit', () => {
    const limit = aliasLimit(10_000, 3);
    for (let i = 0; i < 3; i++) {
      const refused = send(limit, aliased(4));
      expect(refused).toMatchObject({ status: 400, passed: false });
      expect(refused.body).toMatchObject({
        errors: [{ extensions: { code: 'QUERY_TOO_COMPLEX', aliases: 4, maximum: 3 } }],
      });
      expect(send(limit, aliased(3))).toMatchObject({ status: 0, passed: true });
    }
  });

  it('leaves a document that does not parse, or is past the token cap, to Apollo', () => {
    const limit = aliasLimit(20, 3);
    expect(send(limit, '{ broken ').passed).toBe(true);
    expect(send(limit, aliased(30)).passed).toBe(true);
  });

  it('parses a short document once however often it is sent, a long one (not kept) each time', () => {
    const limit = aliasLimit(100_000, 3);
    parsed.mockClear();
    for (let i = 0; i < 3; i++) expect(send(limit, aliased(2)).passed).toBe(true);
    expect(parsed).toHaveBeenCalledTimes(1);
    const long = `${aliased(4).slice(0, -1)}${' '.repeat(5000)}}`;
    parsed.mockClear();
    expect(send(limit, long).status).toBe(400);
    expect(send(limit, long).status).toBe(400);
    expect(parsed).toHaveBeenCalledTimes(2);
  });
});
