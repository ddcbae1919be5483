import { BackupRefused, runBackupCommand } from './backup/backup.cli';
import { done, ownedBy, owning, settings, usage, type Registration } from './cli-context';
import { CliError, EXIT } from './cli-exit';
import { createEventStore } from './ledger/ledger.module';
import { MigrateOptionsError, runMigrate, type MigrateOptions } from './exports/migrate.cli';

// The commands that copy a whole ledger: backup, restore, migrate.

async function backupOrRestore(command: 'backup' | 'restore', file: string, force: boolean) {
  const config = settings();
  try {
    // A backup is an online snapshot, safe beside a running server; a restore replaces the file
    // the server writes, so it waits for the instance to be free.
    if (command === 'backup') await runBackupCommand(command, file, force, config);
    else
      await owning([ownedBy(config)], 'restore', () =>
        runBackupCommand(command, file, force, config),
      );
    return EXIT.OK;
  } catch (err) {
    if (!(err instanceof BackupRefused)) throw err;
    throw new CliError(
      err.kind === 'file' ? EXIT.FILE : EXIT.REFUSED,
      `${command} refused: ${err.message}`,
    );
  }
}

export const registerBackup: Registration = (program) => {
  program
    .command('backup')
    .summary('copy the embedded SQLite ledger to FILE (safe while the server writes)')
    .description(
      "copy the embedded SQLite ledger to FILE with SQLite's online backup (a consistent snapshot, safe while the server writes); refuses an existing FILE without --force",
    )
    .argument('<file>', 'where to write the copy')
    .option('--force', 'replace an existing FILE')
    .action((file: string, o: { force: boolean }) =>
      done(backupOrRestore('backup', file, o.force)),
    );
};

export const registerRestore: Registration = (program) => {
  program
    .command('restore')
    .summary('replace the embedded SQLite ledger with a backup (the server stopped)')
    .description(
      'replace the embedded SQLite ledger with the backup FILE; refused while a server (or another command) owns the ledger, and refuses to overwrite a ledger that holds events without --force. The read model is rebuilt from the restored ledger when the server next starts (or: rebuild)',
    )
    .argument('<file>', 'the backup to restore')
    .option('--force', 'replace a ledger that holds events')
    .action((file: string, o: { force?: boolean }) =>
      done(backupOrRestore('restore', file, o.force === true)),
    );
};

export const registerMigrate: Registration = (program) => {
  const command = program
    .command('migrate')
    .summary('copy the ledger (or an export) into KurrentDB or another SQLite file, as it is')
    .description(
      "copy this instance's ledger (or an NDJSON export) into KurrentDB, or into another SQLite ledger file, as it is: same streams, revisions, event ids and hash chains (never re-sealed). The source is verified first, the target after (streams and events counted on both sides). Safe to re-run after an interruption: events already there are checked identical and skipped. Refused while a server owns the source or the target ledger",
    )
    .option('--to <kind>', 'kurrentdb | sqlite')
    .option(
      '--connection-string <url>',
      'the KurrentDB to copy into (default KURRENTDB_CONNECTION_STRING)',
    )
    .option('--ledger-file <file>', 'the SQLite file to copy into (with --to sqlite)')
    .option('--from-file <export>', 'copy an NDJSON export instead of the ledger')
    .action(async (o: MigrateOptions) => {
      const config = settings();
      // The instance's own ledger while it is the source, and a SQLite target.
      const owned = [
        ...(o.fromFile === undefined ? [ownedBy(config)] : []),
        ...(o.to === 'sqlite' && o.ledgerFile ? [o.ledgerFile] : []),
      ];
      const deps = { config: () => config, openSource: () => createEventStore(config, true) };
      try {
        await done(owning([...new Set(owned)], 'migrate', () => runMigrate(o, deps)));
      } catch (err) {
        if (err instanceof MigrateOptionsError) usage(command, err.message);
        throw err;
      }
    });
};
