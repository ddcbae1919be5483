// Which client failures leave a call safe to send once more. A node that refused a write before
// handling it (NotLeader from a demoted leader; "not ready", "busy" or "no leader" during an
// election, which BatchAppend delivers as an UnknownError carrying the server's message) or a
// channel that never connected cannot have written anything. A call cut off in flight (a dropped
// connection, a deadline) may have landed: that one is never resent (the caller gets UNAVAILABLE
// and may retry the same command, whose event ids make the server acknowledge it once).
// A NotLeader ends BatchAppend's shared call, failing the other writes in flight on it too; one of
// those may have been committed just before, and its resend (same ids, same expected revision) is
// then acknowledged by the server, not written twice.

const NOT_HANDLED = /Server Is Not Ready|Server Is (Too )?Busy|No leader info available/;
const NEVER_SENT = /No connection established|ECONNREFUSED|failed to connect/i;

function typeOf(err: unknown): unknown {
  return (err as { type?: unknown } | null)?.type;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : '';
}

// The write was refused before any node handled it.
export function notWritten(err: unknown): boolean {
  const type = typeOf(err);
  if (type === 'not-leader') return true;
  const message = messageOf(err);
  if ((type === 'unknown' || type === 'unavailable') && NOT_HANDLED.test(message)) return true;
  return type === 'unavailable' && NEVER_SENT.test(message);
}

// A read may always be sent again when the node could not serve it.
export function readAgain(err: unknown): boolean {
  const type = typeOf(err);
  return notWritten(err) || type === 'unavailable' || type === 'unknown';
}

// The leader is known after NotLeader (the client reconnects to it); otherwise an election or a
// busy node needs a moment.
export function pauseBeforeRetry(err: unknown, timeoutMs: number): number {
  return typeOf(err) === 'not-leader' ? 0 : Math.min(250, Math.floor(timeoutMs / 8));
}

// Runs `call`, and once more when the first failure says it is safe to.
export async function onceMore<T>(
  call: () => Promise<T>,
  safe: (err: unknown) => boolean,
  timeoutMs: number,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!safe(err)) throw err;
    const pause = pauseBeforeRetry(err, timeoutMs);
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    return call();
  }
}
