import type { Command } from 'commander';
import { loadConfig, type LedgerConfig } from './config/configuration';
import { ensureDevelopmentSecret } from './config/development-secret';
import { CliError, EXIT } from './cli-exit';
import type { EventStore } from './ledger/event-store';
import { createEventStore } from './ledger/ledger.module';
import { instanceFile, LedgerInUseError, LedgerLock } from './ledger/sqlite/ledger-lock';
import { MatchProjector } from './projections/match-projector';
import { ReadModel } from './projections/read-model';
import { featureProjections } from './read-models';
import type { OpenedReadModel } from './ratings/changed-results.command';

// What every command shares: the settings, the stores opened for one run, the instance's lock,
// and how a usage mistake is reported (one line, then the command's own usage).

// One command of the CLI: adds itself (its options, help and action) to the program. Its action
// ends with `done(code)`, the exit code (EXIT in cli-exit.ts), or throws.
export type Registration = (program: Command) => void;

let exitCode: number = EXIT.OK;

export async function done(code: number | Promise<number>): Promise<void> {
  exitCode = await code;
}

export const commandExitCode = (): number => exitCode;

export function settings(): LedgerConfig {
  ensureDevelopmentSecret();
  return loadConfig();
}

// A usage mistake found by the action itself: the reason, then the command's usage, exit 2.
export function usage(command: Command, reason: string): never {
  command.error(`error: ${reason}`, { exitCode: EXIT.USAGE, code: 'ledger.usage' });
  // command.error throws through exitOverride; this line is never reached.
  throw new CliError(EXIT.USAGE, reason);
}

// Runs `work` while this process owns the instance's data (and any other file named): refused
// with exit 3 while a server, or another writing command, holds one of them.
export async function owning<T>(
  files: string[],
  command: string,
  work: () => Promise<T>,
): Promise<T> {
  const locks: LedgerLock[] = [];
  try {
    for (const file of files) locks.push(LedgerLock.acquire(file, command));
    return await work();
  } finally {
    for (const lock of locks) lock.release();
  }
}

export const ownedBy = (config: LedgerConfig): string => instanceFile(config);

// True when a server (or a writing command) owns the instance right now.
export function inUse(config: LedgerConfig): boolean {
  try {
    LedgerLock.acquire(instanceFile(config), 'probe').release();
    return false;
  } catch (err) {
    if (err instanceof LedgerInUseError) return true;
    throw err;
  }
}

// The configured store alone (no read model), read-only.
export async function withStore<T>(
  work: (store: EventStore, config: LedgerConfig) => Promise<T>,
): Promise<T> {
  const config = settings();
  const store = createEventStore(config, true);
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}

// The configured store with this instance's read model.
export async function withLedgerAndViews<T>(
  config: LedgerConfig,
  work: (store: EventStore, views: ReadModel) => Promise<T>,
): Promise<T> {
  const store = createEventStore(config);
  const readModel = new ReadModel(config.readModelFile, featureProjections());
  try {
    return await work(store, readModel);
  } finally {
    readModel.close();
    await store.close();
  }
}

// The read model, caught up with the ledger on request; while a server owns the instance it
// keeps the read model current itself, and the command only reads.
export function openReadModel(config: LedgerConfig): OpenedReadModel {
  const store = createEventStore(config);
  const readModel = new ReadModel(config.readModelFile, featureProjections());
  const served = inUse(config);
  return {
    readModel,
    catchUp: () => (served ? Promise.resolve() : new MatchProjector(store, readModel).catchUp()),
    close: async () => {
      readModel.close();
      await store.close();
    },
  };
}
