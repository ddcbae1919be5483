import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { ConfigurationError, loadConfig } from './config/configuration';

async function main(): Promise<void> {
  // Checked here first so that a bad setting is reported plainly; the application module
  // validates the same settings again through @nestjs/config.
  const config = loadConfig();
  const app = configureApp(
    await NestFactory.create(AppModule, { bufferLogs: false, abortOnError: false }),
  );
  await app.listen(config.port);
  new Logger('CueLedger').log(
    `GraphQL at ${(await app.getUrl()).replace('[::1]', 'localhost')}/graphql; ledger ${config.ledgerFile}`,
  );
}

main().catch((err: unknown) => {
  // A configuration problem is the operator's to fix: say what it is, without a stack dump.
  if (err instanceof ConfigurationError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
