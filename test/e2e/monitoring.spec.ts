import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const promtool = spawnSync('promtool', ['--version']).status === 0;

// The series the server exports: every `name: 'cue_ledger_…'` and every counter made by name.
const exported = new Set(
  [...read('src/metrics/ledger-metrics.ts').matchAll(/'(cue_ledger_\w+)'/g)].map((m) => m[1]),
);
const seriesIn = (expr: string) =>
  (expr.match(/cue_ledger_\w+/g) ?? []).map((s) => s.replace(/_(bucket|sum|count)$/, ''));
const alerts = [...read('ops/monitoring/alerts.yml').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
const operations = read('docs/operations.md');

describe('monitoring an operator adopts as shipped (ops/monitoring)', () => {
  (promtool ? it : it.skip)('promtool accepts the alert rules and their unit tests pass', () => {
    const check = spawnSync('promtool', ['check', 'rules', 'ops/monitoring/alerts.yml'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).toContain(`SUCCESS: ${alerts.length} rules found`);
    expect(check.status).toBe(0);
    const tested = spawnSync('promtool', ['test', 'rules', 'ops/monitoring/alerts.test.yml'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });
  if (!promtool) console.log('promtool checks skipped: promtool is not installed');

  it('alerts on the things that matter, on series the server exports, each documented', () => {
    expect(alerts).toEqual(
      expect.arrayContaining([
        'CueLedgerReadModelLagging',
        'CueLedgerVerifyFailed',
        'CueLedgerCommitSlow',
        'CueLedgerWebhookBacklog',
        'CueLedgerRateLimitStorm',
      ]),
    );
    for (const series of seriesIn(read('ops/monitoring/alerts.yml')))
      expect({ series, exported: exported.has(series) }).toEqual({ series, exported: true });
    for (const alert of alerts) expect(operations).toContain(`\`${alert}\``);
    // Prometheus loads them.
    expect(read('ops/monitoring/prometheus.yml')).toContain('/etc/prometheus/alerts.yml');
    expect(read('docker-compose.yml')).toContain(
      './ops/monitoring/alerts.yml:/etc/prometheus/alerts.yml:ro',
    );
  });

  it('the dashboard chooses its data source and instances (no data source id written in)', () => {
    const dashboard = JSON.parse(read('ops/monitoring/grafana/dashboards/cue-ledger.json')) as {
      templating: { list: { name: string; type: string; query: unknown; multi?: boolean }[] };
      panels: { title: string; datasource: { uid: string }; targets: { expr: string }[] }[];
    };
    const vars = Object.fromEntries(dashboard.templating.list.map((v) => [v.name, v]));
    expect(vars.datasource).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(vars.instance).toMatchObject({ type: 'query', multi: true });
    expect(JSON.stringify(vars.instance.query)).toContain('cue_ledger_build_info');
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid).toBe('${datasource}');
      for (const t of panel.targets) {
        for (const series of seriesIn(t.expr)) expect(exported).toContain(series);
        // Every series filtered by the chosen instances.
        for (const use of t.expr.match(/cue_ledger_\w+\{[^}]*\}/g) ?? [])
          expect(use).toContain('instance=~"$instance"');
      }
    }
    expect(JSON.stringify(dashboard)).not.toMatch(/"uid":\s*"prometheus"/);
  });

  it('docs/operations.md lists every metric the server exports', () => {
    for (const series of exported) expect(operations).toContain(`\`${series}\``);
  });

  it('the image checks its own health and its base images are pinned by digest', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*?\/health\/ready/m);
    const froms = dockerfile.match(/^FROM \S+/gm) ?? [];
    expect(froms.length).toBeGreaterThan(1);
    for (const from of froms) expect(from).toMatch(/@sha256:[0-9a-f]{64}$/);
    const images = read('docker-compose.yml').match(/^\s+image: \S+/gm) ?? [];
    expect(images.length).toBeGreaterThan(2);
    for (const image of images) expect(image).toMatch(/@sha256:[0-9a-f]{64}$/);
    // A placeholder digest would pass the shape and fail every pull.
    for (const ref of [...froms, ...images]) expect(ref).not.toMatch(/@sha256:0{64}$/);
    // The CLI ships with the image (npm run ledger -- … inside the container).
    expect(dockerfile).toContain('scripts/ledger.cjs');
  });
});
