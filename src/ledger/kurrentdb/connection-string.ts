// The client's own parser (pure: no client, no socket). A deep import, held by the ~1.3 pin.
import { parseConnectionString } from '@kurrent/kurrentdb-client/dist/Client/parseConnectionString';

// Credentials never appear in a log line or an error message.
export function redactConnectionString(connectionString: string): string {
  return connectionString.replace(/\/\/[^@/]*@/, '//***@');
}

// Null when the string is a valid KurrentDB connection string, else what is wrong with it.
export function connectionStringProblem(connectionString: string | undefined): string | null {
  if (!connectionString || !connectionString.trim())
    return 'KURRENTDB_CONNECTION_STRING is required when LEDGER_STORE is "kurrentdb" (e.g. kurrentdb://localhost:2113?tls=false)';
  try {
    parseConnectionString(connectionString);
    return null;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return `KURRENTDB_CONNECTION_STRING "${redactConnectionString(connectionString)}" is not a KurrentDB connection string: ${why}`;
  }
}
