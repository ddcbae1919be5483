import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  InvalidArgumentError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  UnavailableError,
  UnknownError,
} from '@kurrent/kurrentdb-client';
import { EventStoreError } from '../../../src/ledger/event-store';
import { notWritten } from '../../../src/ledger/kurrentdb/failures';
import { mapError } from '../../../src/ledger/kurrentdb/mapping';

// The client's errors as the adapter meets them (BatchAppend's included), without a server.
describe('KurrentDB client errors', () => {
  it('maps every client error a write can meet to a ledger code, saying when the write may have landed', () => {
    const code = (err: unknown, reading = false) =>
      (mapError(err, 'match-1', 0, 'kdb', reading) as EventStoreError).code;
    // BatchAppend's answer from a node that did not handle the write: it never landed.
    const notReady = new UnknownError(undefined, 'Could not recognize Server Is Not Ready');
    expect(code(notReady)).toBe('UNAVAILABLE');
    expect((mapError(notReady, 'match-1', 0) as Error).message).not.toMatch(/may or may not/);
    // Anything else the client raises: the outcome is unknown, and the message says so.
    const unknown = new UnknownError(undefined, 'Could not recognize something new');
    expect((mapError(unknown, 'match-1', 0) as Error).message).toMatch(
      /may or may not have landed/,
    );
    expect(code(new DeadlineExceededError())).toBe('UNAVAILABLE');
    expect(code(new CancelledError())).toBe('UNAVAILABLE');
    expect(code(new AccessDeniedError())).toBe('ACCESS_DENIED');
    expect(code(StreamDeletedError.fromStreamName('match-1'))).toBe('STREAM_DELETED');
    expect(code(MaxAppendSizeExceededError.fromMaxAppendSize(1024))).toBe('INVALID_APPEND');
    expect(code(new InvalidArgumentError('bad'))).toBe('INVALID_APPEND');
    expect(code(new UnknownError(undefined, 'x'), true)).toBe('UNAVAILABLE');
  });

  it('retries only what no node can have written: NotLeader, not-handled answers, a channel that never connected', () => {
    const unavailable = (message: string) => new UnavailableError(undefined, message);
    expect(notWritten({ type: 'not-leader' })).toBe(true);
    expect(notWritten(new UnknownError(undefined, 'Could not recognize Server Is Busy'))).toBe(
      true,
    );
    expect(
      notWritten(
        new UnknownError(undefined, 'Could not recognize No leader info available in response'),
      ),
    ).toBe(true);
    expect(notWritten(unavailable('14 UNAVAILABLE: Server Is Not Ready'))).toBe(true);
    expect(notWritten(unavailable('14 UNAVAILABLE: No connection established'))).toBe(true);
    // Cut off in flight: it may have landed.
    expect(notWritten(unavailable('14 UNAVAILABLE: Connection dropped'))).toBe(false);
    expect(notWritten(new DeadlineExceededError())).toBe(false);
    expect(notWritten(new UnknownError(undefined, 'Could not recognize something new'))).toBe(
      false,
    );
  });
});
