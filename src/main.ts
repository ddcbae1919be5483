import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { ConfigurationError, loadConfig } from './config/configuration';
import { EventStoreError } from './ledger/event-store';

async function main(): Promise<void> {
  const config = loadConfig();
  // abortOnError: false, so a failure while wiring providers reaches the handler below instead
  // of Nest aborting the process.
  const app = configureApp(
    await NestFactory.create(AppModule, { bufferLogs: false, abortOnError: false }),
  );
  await app.listen(config.port);
  new Logger('CueLedger').log(
    `GraphQL at ${(await app.getUrl()).replace('[::1]', 'localhost')}/graphql; ledger ${config.storeDescription}`,
  );
}

main().catch((err: unknown) => {
  // A configuration problem or an unreachable store is the operator's to fix: say what it is,
  // without a stack dump.
  if (err instanceof ConfigurationError) console.error(err.message);
  else if (err instanceof EventStoreError && err.code === 'UNAVAILABLE')
    console.error(`Cannot start: ${err.message}.`);
  else console.error(err);
  process.exit(1);
});
