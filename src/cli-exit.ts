import { CommanderError } from 'commander';
import { ConfigurationError } from './config/configuration';
import { KurrentDbConnectionError } from './ledger/kurrentdb/connection';
import { EventStoreError } from './ledger/event-store';
import { LedgerInUseError } from './ledger/sqlite/ledger-lock';

// The CLI's exit codes, the same for every command (docs/operations.md lists them).
export const EXIT = {
  // Done; a check passed.
  OK: 0,
  // A check ran and failed: a broken chain, a read model that differs, rulings that differ, a
  // checkpoint that does not hold.
  CHECK_FAILED: 1,
  // The command line is wrong: unknown command or option, missing or extra argument, bad value.
  USAGE: 2,
  // The command may not do that here and now: the ledger is in use by a server, the target
  // exists (without --force), nothing matches (no such match, token id), the wrong kind of store.
  REFUSED: 3,
  // A file cannot be read or written: missing, not permitted, not a ledger, disk full.
  FILE: 4,
  // The settings are refused or the store cannot be reached.
  ENVIRONMENT: 5,
  // A fault of the CLI itself (its stack trace is printed).
  INTERNAL: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

// A mistake or refusal the command reports in one line, with its exit code.
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(EXIT.USAGE, message);
export const refused = (message: string) => new CliError(EXIT.REFUSED, message);

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'does not exist',
  EACCES: 'is not readable or writable by this user',
  EPERM: 'may not be changed by this user',
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'lies under something that is not a directory',
  EEXIST: 'already exists',
  ENOSPC: 'cannot be written: the disk is full',
  EROFS: 'is on a read-only file system',
  EMFILE: 'cannot be opened: too many open files',
};

const SQLITE_PROBLEMS: Record<string, string> = {
  SQLITE_CANTOPEN: 'cannot be opened (missing directory or no permission)',
  SQLITE_NOTADB: 'is not a SQLite database',
  SQLITE_CORRUPT: 'is damaged (the database is malformed)',
  SQLITE_READONLY: 'is read-only',
  SQLITE_FULL: 'cannot be written: the disk is full',
  SQLITE_BUSY: 'is locked by another process',
};

// A file system or SQLite error in words: which file, what is wrong with it.
export function fileProblem(err: unknown): string | null {
  const e = err as { code?: unknown; path?: unknown; message?: unknown };
  if (typeof e?.code !== 'string') return null;
  const problem = FILE_PROBLEMS[e.code] ?? SQLITE_PROBLEMS[e.code];
  if (!problem) return null;
  const path = typeof e.path === 'string' ? e.path : null;
  return path ? `${path} ${problem}` : `a file ${problem} (${String(e.message)})`;
}

// What to print (one line) and the exit code, for anything a command threw.
export function exitFor(err: unknown): { code: ExitCode; message: string; stack?: string } {
  if (err instanceof CliError) return { code: err.exitCode, message: err.message };
  if (err instanceof CommanderError) return { code: EXIT.USAGE, message: err.message };
  if (err instanceof LedgerInUseError) return { code: EXIT.REFUSED, message: err.message };
  if (err instanceof ConfigurationError) return { code: EXIT.ENVIRONMENT, message: err.message };
  if (err instanceof KurrentDbConnectionError)
    return { code: EXIT.ENVIRONMENT, message: err.message };
  if (err instanceof EventStoreError && err.code === 'UNAVAILABLE')
    return { code: EXIT.ENVIRONMENT, message: `the store is unavailable: ${err.message}` };
  if (err instanceof EventStoreError)
    return { code: EXIT.REFUSED, message: `${err.code}: ${err.message}` };
  const file = fileProblem(err);
  if (file) return { code: EXIT.FILE, message: file };
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: EXIT.INTERNAL,
    message: `internal error: ${message}`,
    stack: err instanceof Error ? err.stack : undefined,
  };
}
