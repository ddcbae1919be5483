import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Boots the application without listening (on a throw-away data dir) and writes schema.graphql.
async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-schema-'));
  process.env.LEDGER_DATA_DIR = dir;
  // The schema does not depend on the secret; a throw-away one lets the app boot.
  process.env.LEDGER_JWT_SECRET ??= randomBytes(32).toString('hex');
  const { AppModule } = await import('../src/app.module');
  const { schemaText } = await import('../src/api/graphql/schema-text');
  const app = await NestFactory.create(AppModule, { logger: false });
  await app.init();
  writeFileSync(join(__dirname, '..', 'schema.graphql'), schemaText(app));
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  console.log('schema.graphql written');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
