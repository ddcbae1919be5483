import { request, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { buildConsoleBundle, CONSOLE_CSP } from '../../src/console/console-assets';
import { removeDir, startServer, type TestServer } from '../support/server';

// The console as the server hands it out: one page with a strict CSP, versioned files kept a
// year, the script gzipped, and a browser bundle holding the pure engine and nothing of Node.
describe('the scoring console over HTTP', () => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startServer();
    origin = new URL(server.url).origin;
  });
  afterAll(async () => {
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  it('bundles only the domain, the console and preact, htm and idb: no Node built-in', async () => {
    const { metafile } = await buildConsoleBundle();
    const inputs = Object.keys(metafile.inputs);
    const outside = inputs.filter(
      (i) =>
        !/^src\/(domain|console\/browser)\//.test(i) && !/node_modules\/(preact|htm|idb)\//.test(i),
    );
    expect(outside).toEqual([]);
    expect(inputs.some((i) => i.startsWith('src/domain/rules/'))).toBe(true);
    expect(inputs.filter((i) => /^node:|^(fs|path|crypto|os)$/.test(i))).toEqual([]);
  });

  it('serves /score/:id with the strict CSP and its files under a versioned path', async () => {
    const res = await fetch(`${origin}/score/some-match`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script>|style=|https?:\/\//);
    const script = /src="(\/console\/[0-9a-f]{12}\/console\.js)"/.exec(html)![1];
    const js = await rawGet(`${origin}${script}`);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.body).toString()).toContain('cue-ledger.credential');
    const worker = await fetch(`${origin}/console-worker.js`);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(await worker.text()).toContain('cue-ledger-console');
    expect((await fetch(`${origin}/score/bad%20id`)).status).toBe(404);
    expect((await fetch(`${origin}/console/x/secret.ts`)).status).toBe(404);
  });
});

// The bytes as sent (fetch would undo the gzip itself).
function rawGet(url: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
