import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Logger as PinoLogger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { ConfigurationError, loadConfig } from './config/configuration';
import { ensureDevelopmentSecret } from './config/development-secret';
import { handleShutdownSignals } from './health/graceful-shutdown';
import { EventStoreError } from './ledger/event-store';
import { withoutBootNoise } from './logging/boot-noise';
import { KurrentDbConnectionError } from './ledger/kurrentdb/connection';
import { instanceFile, LedgerInUseError, LedgerLock } from './ledger/sqlite/ledger-lock';

async function main(): Promise<void> {
  // Checked here first so that a bad setting is reported plainly; the application module
  // validates the same settings again through @nestjs/config.
  const secretFile = ensureDevelopmentSecret();
  const config = loadConfig();
  // The server owns its ledger while it runs (released by the OS when the process ends, however
  // it ends): a restore, a migration or a second server is refused meanwhile.
  LedgerLock.acquire(instanceFile(config), 'server');
  // abortOnError: false, so a failure while wiring providers reaches the handler below instead
  // of Nest aborting the process.
  const app = configureApp(
    await NestFactory.create(AppModule, { bufferLogs: true, abortOnError: false }),
  );
  // Every log line through pino: JSON in production, readable text elsewhere (LEDGER_LOG_FORMAT).
  app.useLogger(withoutBootNoise(app.get(PinoLogger), config.ops.logLevel));
  // Our own signal handling (graceful-shutdown.ts), not Nest's enableShutdownHooks.
  handleShutdownSignals(app);
  await app.listen(config.port);
  new Logger('CueLedger').log(
    `GraphQL at ${(await app.getUrl()).replace('[::1]', 'localhost')}/graphql; ledger ${config.storeDescription}`,
  );
  if (secretFile) {
    new Logger('CueLedger').warn(
      `LEDGER_JWT_SECRET is not set: tokens are signed with the development secret in ${secretFile} (set the variable in production)`,
    );
  }
}

main().catch((err: unknown) => {
  // A configuration problem or an unreachable store is the operator's to fix: say what it is,
  // without a stack dump.
  if (err instanceof ConfigurationError || err instanceof KurrentDbConnectionError)
    console.error(err.message);
  else if (err instanceof LedgerInUseError) console.error(`Cannot start: ${err.message}`);
  else if (err instanceof EventStoreError && err.code === 'UNAVAILABLE')
    console.error(`Cannot start: ${err.message}.`);
  else if (
    err instanceof EventStoreError &&
    ['HEADS_MISSING', 'COMMANDS_MISSING', 'SHAPES_MISSING', 'STRUCTURES_MISSING'].includes(err.code)
  )
    console.error(`Cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
