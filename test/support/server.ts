import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../../src/api/auth/tokens';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/bootstrap';

export interface GqlResponse<T = Record<string, any>> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions: Record<string, any>; path?: string[] }[];
}

// The secret the test servers sign with; tests mint tokens with the same TokenService the API uses.
export const TEST_JWT_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
export const testTokens = new TokenService({ secret: TEST_JWT_SECRET, issuer: 'cue-ledger' });

export function bearer(role: string, subject: string): Record<string, string> {
  return { authorization: `Bearer ${testTokens.issue(role, subject)}` };
}

// Settings every test server gets unless a test overrides them.
export function testEnv(dataDir: string, overrides: Record<string, string> = {}) {
  return {
    LEDGER_DATA_DIR: dataDir,
    LEDGER_JWT_SECRET: TEST_JWT_SECRET,
    LEDGER_SQLITE_SYNCHRONOUS: 'NORMAL',
    // The suites fire thousands of requests from one address; the limit has its own test.
    LEDGER_RATE_LIMIT: '1000000',
    LEDGER_RATE_COST_LIMIT: '1000000000',
    ...overrides,
  };
}

export interface TestServer {
  app: INestApplication;
  url: string;
  dataDir: string;
  // The last revision seen per match, shared by every client of this server.
  revisions: Map<string, number>;
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GqlResponse<T>>;
  close(): Promise<void>;
}

export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}

// The real application on a real port with a real ledger file in a fresh directory.
export async function startServer(
  dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-e2e-')),
  env: Record<string, string> = {},
): Promise<TestServer> {
  const settings = testEnv(dataDir, env);
  const saved = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  Object.assign(process.env, settings);
  let app: INestApplication;
  try {
    app = configureApp(
      await NestFactory.create(AppModule, { logger: ['error'], abortOnError: false }),
    );
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  await app.listen(0, '127.0.0.1');
  const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`;
  return {
    app,
    url,
    dataDir,
    revisions: new Map(),
    async gql(query, variables = {}, headers = {}) {
      const res = await post(url, JSON.stringify({ query, variables }), headers);
      const body = (res.body ?? {}) as Omit<GqlResponse, 'status'>;
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
