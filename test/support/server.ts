import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/bootstrap';

export interface GqlResponse<T = Record<string, any>> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions: Record<string, any>; path?: string[] }[];
}

export interface TestServer {
  app: INestApplication;
  url: string;
  dataDir: string;
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GqlResponse<T>>;
  close(): Promise<void>;
}

// The real application on a real port with a real ledger file in a fresh directory.
export async function startServer(
  dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-e2e-')),
): Promise<TestServer> {
  process.env.LEDGER_DATA_DIR = dataDir;
  const app = configureApp(await NestFactory.create(AppModule, { logger: ['error'] }));
  await app.listen(0, '127.0.0.1');
  const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`;
  return {
    app,
    url,
    dataDir,
    async gql(query, variables = {}, headers = {}) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-actor': 'scorer-1',
          'x-actor-role': 'SCORER',
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as Omit<GqlResponse, 'status'>;
      return { status: res.status, data: (body.data ?? null) as any, errors: body.errors };
    },
    async close() {
      await app.close();
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
