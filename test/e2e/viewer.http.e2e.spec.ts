import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ASSETS_DIR } from '../../src/viewer/viewer-assets';
import { removeDir, startServer, type TestServer } from '../support/server';

// The viewer's pages and files over plain HTTP: what a browser or a cache sees.
describe('replay viewer over HTTP', () => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    // Served in production too (the IDE is not): the pages only read public queries.
    server = await startServer(undefined, { NODE_ENV: 'production' });
    origin = new URL(server.url).origin;
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const assetUrls = (html: string) =>
    [...html.matchAll(/(?:src|href)="(\/viewer\/[^"]+)"/g)].map((m) => m[1]);

  it.each(['/matches/m-1', '/matches/m-1/sheet'])(
    '%s: an HTML page with a self-only CSP, revalidated on each visit',
    async (path) => {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("img-src 'self';");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Static files: outside the per-client request budget, which the GraphQL queries use.
      expect(res.headers.get('x-ratelimit-limit-client')).toBeNull();
      const html = await res.text();
      // No inline script or style, nothing from another host.
      expect(html).not.toMatch(/<script>|<style|style="/);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
      expect(assetUrls(html).length).toBeGreaterThanOrEqual(3);
    },
  );

  it('serves each file under a versioned URL, cacheable for a year, with its type', async () => {
    const html = await (await fetch(`${origin}/matches/m-1`)).text();
    for (const url of assetUrls(html)) {
      const res = await fetch(`${origin}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toMatch(/javascript|css|svg/);
    }
    // Modules import each other relatively, so every .js file is reachable the same way.
    const base = assetUrls(html)
      .find((u) => u.endsWith('viewer.js'))!
      .replace(/viewer\.js$/, '');
    for (const file of readdirSync(ASSETS_DIR).filter((f) => f.endsWith('.js'))) {
      const res = await fetch(`${origin}${base}${file}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(readFileSync(join(ASSETS_DIR, file), 'utf8'));
    }
    // Live mode's WebSocket client: graphql-ws's own browser build, served from here (no CDN).
    const client = await fetch(`${origin}${base}graphql-ws.min.js`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await client.text()).toBe(
      readFileSync(
        join(dirname(require.resolve('graphql-ws/package.json')), 'umd/graphql-ws.min.js'),
        'utf8',
      ),
    );
    const stale = await fetch(`${origin}/viewer/000000000000/viewer.js`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a file it does not serve and for a path that is not a match id', async () => {
    expect((await fetch(`${origin}/viewer/x/secret.ts`)).status).toBe(404);
    expect((await fetch(`${origin}/viewer/x/..%2Fviewer.controller.ts`)).status).toBe(404);
    expect((await fetch(`${origin}/viewer/x/viewer.html`)).status).toBe(404);
    expect((await fetch(`${origin}/matches/${'x'.repeat(101)}`)).status).toBe(404);
    expect((await fetch(`${origin}/matches/a.b`)).status).toBe(404);
  });

  // `nest build` then puts them in dist/viewer/assets, beside the compiled viewer-assets.js.
  it('nest-cli.json copies the asset folder to dist, where the compiled code looks for it', () => {
    const cli = JSON.parse(readFileSync(join(__dirname, '../../nest-cli.json'), 'utf8'));
    expect(cli.compilerOptions.assets).toContainEqual({
      include: 'viewer/assets/*',
      outDir: 'dist',
    });
    expect(ASSETS_DIR).toBe(join(__dirname, '../../src/viewer/assets'));
  });
});
