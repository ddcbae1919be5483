import type { GraphQLFormattedError } from 'graphql';

// What the client was told about one root field of a mutation (metrics count it, the write log
// prints it): ok, a conflict, a refusal (its
// code says why) or a failure of the server (an internal error, a store that did not answer).
export type WriteOutcome = 'ok' | 'conflict' | 'refused' | 'failed';

export interface FieldOutcome {
  outcome: WriteOutcome;
  // The extensions.code the client received; '' when ok.
  code: string;
}

const codeOf = (e: GraphQLFormattedError): string =>
  String(e.extensions?.code ?? 'INTERNAL_SERVER_ERROR');

function classify(code: string, wholeRequest: boolean): WriteOutcome {
  if (code === 'CONFLICT') return 'conflict';
  if (code === 'INTERNAL_SERVER_ERROR') return 'failed';
  // A whole request refused as unavailable is the shutdown turning writes away (retry later); a
  // field answered so is a store that did not answer the write.
  if (code === 'UNAVAILABLE' && !wholeRequest) return 'failed';
  return 'refused';
}

// The outcome of the root field `key` from the response actually sent: its own error when it has
// one; else an error without a path (the whole request was refused before any field ran: a
// shutdown's 503, a query too complex, invalid variables), which every field shares; else a field
// absent from the data (not run: an earlier field's error nulled the whole mutation).
export function writeOutcome(
  errors: readonly GraphQLFormattedError[],
  data: Record<string, unknown> | null | undefined,
  key: string,
): FieldOutcome {
  const own = errors.find((e) => e.path?.[0] === key);
  if (own) {
    const code = codeOf(own);
    return { outcome: classify(code, false), code };
  }
  const whole = errors.find((e) => !e.path || e.path.length === 0);
  if (whole) {
    const code = codeOf(whole);
    return { outcome: classify(code, true), code };
  }
  if (errors.length > 0 && (data === null || data === undefined || !(key in data))) {
    const code = codeOf(errors[0]);
    return { outcome: classify(code, true), code };
  }
  return { outcome: 'ok', code: '' };
}
