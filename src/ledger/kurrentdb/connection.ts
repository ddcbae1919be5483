import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { CodedError } from '../../domain/coded-error';
import { connectionStringProblem, redactConnectionString } from './connection-string';

// A connection string the client cannot use, worded as the setting the operator has to fix.
export class KurrentDbConnectionError extends CodedError<'INVALID_CONNECTION_STRING'> {
  readonly code = 'INVALID_CONNECTION_STRING';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

// The client, or a KurrentDbConnectionError that says what to fix (never a parser stack).
export function openKurrentDbClient(connectionString: string): KurrentDBClient {
  const problem = connectionStringProblem(connectionString);
  if (problem) throw new KurrentDbConnectionError([problem]);
  try {
    return KurrentDBClient.connectionString(connectionString);
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new KurrentDbConnectionError([
      `KURRENTDB_CONNECTION_STRING "${redactConnectionString(connectionString)}" was refused by the client: ${why}`,
    ]);
  }
}
