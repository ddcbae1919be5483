import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const available = spawnSync('docker-compose', ['version', '--short']).status === 0;
// The API services require the signing secret and the webhook key; any value lets the file be
// validated.
const env = {
  ...process.env,
  LEDGER_JWT_SECRET: 'compose-validation-only-not-a-real-secret',
  LEDGER_WEBHOOK_SECRET_KEY: '0'.repeat(64),
};

// Each service of a `config` output with its profiles (empty: the default set). docker-compose
// 1.29's `config --services` lists every service whatever the profile, so read the full output.
function profilesOf(out: string): Map<string, string[]> {
  const lines = out.slice(out.indexOf('\nservices:\n') + 11).split('\n');
  const services = new Map<string, string[]>();
  let current = '';
  for (let i = 0; i < lines.length && !/^\S/.test(lines[i]); i++) {
    const name = /^ {2}([\w-]+):$/.exec(lines[i]);
    if (name) services.set((current = name[1]), []);
    else if (lines[i] === '    profiles:')
      for (let j = i + 1; lines[j]?.startsWith('    - '); j++)
        services.get(current)!.push(lines[j].slice(6));
  }
  return services;
}

// Validation only: no Docker engine runs on these machines (.ci/run installs docker-compose).
if (!available) console.log('docker-compose.yml check skipped: docker-compose is not installed');
(available ? describe : describe.skip)('docker-compose.yml', () => {
  const config = (...args: string[]): string =>
    execFileSync('docker-compose', ['-f', 'docker-compose.yml', ...args, 'config'], {
      cwd: root,
      encoding: 'utf8',
      env,
    });

  it('is accepted by docker-compose config, with a pinned KurrentDB image and the API on it', () => {
    const out = config();
    expect(out).toMatch(
      /image: docker\.kurrent\.io\/kurrent-lts\/kurrentdb:\d+\.\d+\.\d+@sha256:[0-9a-f]{64}/,
    );
    expect(out).toContain('LEDGER_STORE: kurrentdb');
    expect(out).toContain('/health/live');
    // The API's own probe is its readiness endpoint.
    expect(out).toContain('localhost:3000/health/ready');
    // A node counts as healthy only once a leader is elected (the API's reads need one).
    expect(out).toContain('localhost:2113/gossip');
    expect(out).toMatch(/"state[^L]*Leader/);
  });

  it('has a cluster profile with three KurrentDB nodes and three API replicas sharing one volume', () => {
    const services = [...profilesOf(config('--profile', 'cluster'))]
      .filter(([, p]) => p.length === 0 || p.includes('cluster'))
      .map(([name]) => name)
      .sort();
    expect(services).toEqual(
      [
        'api',
        'api-1',
        'api-2',
        'api-3',
        'kurrentdb',
        'kurrentdb-1',
        'kurrentdb-2',
        'kurrentdb-3',
      ].sort(),
    );
    const cluster = config('--profile', 'cluster');
    expect(cluster).toContain("KURRENTDB_CLUSTER_SIZE: '3'");
    expect(cluster).toContain("LEDGER_REPLICAS: '3'");
    // What the ledger does not carry is on the shared volume: outbox, origin log, devices.
    for (const file of ['webhooks.sqlite', 'personal-data.sqlite', 'devices.sqlite'])
      expect(cluster).toContain(`/shared/${file}`);
  });

  it('has a monitoring profile: pinned Prometheus scraping /metrics and Grafana provisioned with the dashboard', () => {
    const out = config('--profile', 'monitoring');
    const profiles = profilesOf(out);
    expect(
      [...profiles]
        .filter(([, p]) => p.includes('monitoring'))
        .map(([n]) => n)
        .sort(),
    ).toEqual(['grafana', 'prometheus']);
    expect(out).toMatch(/image: prom\/prometheus:v\d+\.\d+\.\d+@sha256:[0-9a-f]{64}\n/);
    expect(out).toMatch(/image: grafana\/grafana:\d+\.\d+\.\d+@sha256:[0-9a-f]{64}\n/);
    expect(out).toContain('ops/monitoring/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(out).toContain('ops/monitoring/grafana/provisioning:/etc/grafana/provisioning:ro');
    const scrape = readFileSync(join(root, 'ops/monitoring/prometheus.yml'), 'utf8');
    expect(scrape).toContain('metrics_path: /metrics');
    expect(scrape).toContain("targets: ['api:3000']");
    // The dashboard, the alert rules and their series: test/e2e/monitoring.spec.ts.
    const datasource = readFileSync(
      join(root, 'ops/monitoring/grafana/provisioning/datasources/prometheus.yml'),
      'utf8',
    );
    expect(datasource).toContain('uid: prometheus');
    expect(datasource).toContain('url: http://prometheus:9090');
  });
});
