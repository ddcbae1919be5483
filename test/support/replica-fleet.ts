import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer, waitForExit, type ChildServer } from './child-server';
import { bearer } from './server';

export const ADMIN = bearer('ADMIN', 'admin-1');

export interface Reply {
  status: number;
  body: Record<string, any>;
}

export async function gql(
  url: string,
  query: string,
  variables: object = {},
  headers: Record<string, string> = ADMIN,
): Promise<Reply> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, any> };
  } catch {
    return { status: res.status, body: { raw: text } };
  }
}

// API replicas as separate OS processes (src/main.ts compiled once, as an operator runs it)
// over one ledger, sharing what docs/kurrentdb.md says they share: the webhook outbox and the
// origin log on one directory (a volume in compose); each its own data directory, read model and
// checkpoint directory.
export class ReplicaFleet {
  readonly servers: (ChildServer | null)[] = [];
  readonly shared: string;
  private readonly keyFile: string;

  constructor(
    private readonly root: string,
    private readonly connectionString: string,
    private readonly extra: Record<string, string> = {},
  ) {
    this.shared = join(root, 'shared');
    mkdirSync(this.shared, { recursive: true });
    this.keyFile = join(this.shared, 'checkpoint-key.pem');
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(this.keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  }

  env(i: number): Record<string, string> {
    return {
      LEDGER_STORE: 'kurrentdb',
      KURRENTDB_CONNECTION_STRING: this.connectionString,
      LEDGER_REPLICAS: '3',
      LEDGER_REVOCATION_POLL_MS: '200',
      LEDGER_LEASE_TTL_MS: '1500',
      LEDGER_WEBHOOK_ALLOW_PRIVATE: 'true',
      LEDGER_WEBHOOK_BACKOFF_MS: '100',
      LEDGER_WEBHOOK_OUTBOX_FILE: join(this.shared, 'webhooks.sqlite'),
      LEDGER_PERSONAL_DATA_FILE: join(this.shared, 'personal-data.sqlite'),
      LEDGER_CHECKPOINT_KEY_FILE: this.keyFile,
      LEDGER_CHECKPOINT_DIR: this.checkpointDir(i),
      LEDGER_CHECKPOINT_INTERVAL_MS: '400',
      ...this.extra,
    };
  }

  checkpointDir(i: number): string {
    return join(this.root, `replica-${i}`, 'checkpoints');
  }

  signed(i: number): number {
    const dir = this.checkpointDir(i);
    return existsSync(dir) ? readdirSync(dir).length : 0;
  }

  url(i: number): string {
    const s = this.servers[i];
    if (!s) throw new Error(`replica ${i} is stopped`);
    return s.url;
  }

  // Resolves once the replica is ready (/health/ready: store reachable, read model caught up), as
  // a balancer would send it traffic.
  async start(i: number): Promise<void> {
    const server = await spawnServer(join(this.root, `replica-${i}`), this.env(i));
    const ready = server.url.replace(/\/graphql$/, '/health/ready');
    const status = () =>
      fetch(ready).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
    const end = Date.now() + 60_000;
    while ((await status()) !== 200) {
      if (Date.now() > end || server.proc.exitCode !== null) {
        server.proc.kill('SIGKILL');
        throw new Error(`replica ${i} did not become ready:\n${server.output()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    this.servers[i] = server;
  }

  // SIGTERM: the replica drains, hands the lease over and exits.
  async stop(i: number): Promise<void> {
    const s = this.servers[i];
    if (!s) return;
    this.servers[i] = null;
    s.proc.kill('SIGTERM');
    await waitForExit(s.proc);
  }

  output(i: number): string {
    return this.servers[i]?.output() ?? '';
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.servers.map((_, i) => this.stop(i)));
  }
}

export const newCommandId = (): string => randomUUID();
