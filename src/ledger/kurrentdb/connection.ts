import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { ConfigurationError } from '../../config/configuration';
import { connectionStringProblem, redactConnectionString } from './connection-string';

// The client, or a ConfigurationError that says what to fix (never a parser stack).
export function openKurrentDbClient(connectionString: string): KurrentDBClient {
  const problem = connectionStringProblem(connectionString);
  if (problem) throw new ConfigurationError([problem]);
  try {
    return KurrentDBClient.connectionString(connectionString);
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new ConfigurationError([
      `KURRENTDB_CONNECTION_STRING "${redactConnectionString(connectionString)}" was refused by the client: ${why}`,
    ]);
  }
}
