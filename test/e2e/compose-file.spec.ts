import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const available = spawnSync('docker-compose', ['version', '--short']).status === 0;
// The API services require the signing secret; any value lets the file be validated.
const env = { ...process.env, LEDGER_JWT_SECRET: 'compose-validation-only-not-a-real-secret' };

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
    expect(out).toMatch(/image: docker\.kurrent\.io\/kurrent-latest\/kurrentdb:\d+\.\d+\.\d+/);
    expect(out).toContain('LEDGER_STORE: kurrentdb');
    expect(out).toContain('/health/live');
    // The API's own probe is its readiness endpoint.
    expect(out).toContain('localhost:3000/health/ready');
    // A node counts as healthy only once a leader is elected (the API's reads need one).
    expect(out).toContain('localhost:2113/gossip');
    expect(out).toMatch(/"state[^L]*Leader/);
  });

  it('has a cluster profile with three KurrentDB nodes and two API replicas', () => {
    const services = execFileSync(
      'docker-compose',
      ['-f', 'docker-compose.yml', '--profile', 'cluster', 'config', '--services'],
      { cwd: root, encoding: 'utf8', env },
    )
      .trim()
      .split('\n')
      .sort();
    expect(services).toEqual(
      ['api', 'api-1', 'api-2', 'kurrentdb', 'kurrentdb-1', 'kurrentdb-2', 'kurrentdb-3'].sort(),
    );
    expect(config('--profile', 'cluster')).toContain("KURRENTDB_CLUSTER_SIZE: '3'");
  });
});
