/// <reference lib="dom" />
import type { ConsoleCommand, ServedEvent } from './commands';
import { INPUT_TYPES } from './commands';

// GraphQL over HTTP to this server, with the device's bearer token. Errors keep the server's
// code (extensions.code) so the console can tell a conflict from a refusal.
export const EVENT_FIELDS = 'type schemaVersion revision position data';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

// No answer at all: the network is down (the command stays queued and is sent again).
export class NetworkError extends Error {}

export async function gql<T>(
  query: string,
  variables: Record<string, unknown>,
  token: string | null,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new NetworkError((err as Error).message);
  }
  if (res.status >= 500 && res.status !== 503) throw new NetworkError(`HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  } | null;
  if (!body) throw new NetworkError(`HTTP ${res.status}`);
  if (body.errors?.length) {
    const e = body.errors[0];
    throw new ApiError(
      e.message,
      e.extensions?.code ?? (res.status === 401 ? 'UNAUTHENTICATED' : 'ERROR'),
    );
  }
  return body.data as T;
}

export async function history(matchId: string): Promise<ServedEvent[]> {
  const d = await gql<{ matchHistory: ServedEvent[] }>(
    `query($m: String!) { matchHistory(matchId: $m) { ${EVENT_FIELDS} } }`,
    { m: matchId },
    null,
  );
  return d.matchHistory;
}

export interface Sent {
  revision: number;
  events: ServedEvent[];
}

export interface Envelope {
  commandId: string;
  matchId: string;
  expectedRevision: number;
  occurredAt: string;
}

// One queued command as its mutation; a retry sends the very same commandId and revision, so
// the ledger recognises a write that had landed instead of appending it twice.
export async function send(c: ConsoleCommand, env: Envelope, token: string): Promise<Sent> {
  const query = `mutation($input: ${INPUT_TYPES[c.mutation]}!) { ${c.mutation}(input: $input) {
    revision events { ${EVENT_FIELDS} } } }`;
  const d = await gql<Record<string, Sent>>(query, { input: { ...c.input, ...env } }, token);
  return d[c.mutation];
}
