import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

// The scoring console's files. The page's script is one bundle that esbuild makes in memory the
// first time the console is asked for: the page (Preact + htm), the offline queue (idb) and the
// pure rules engine from src/domain, so a provisional ruling offline is the engine's own. Built
// in-process rather than by a build step, so `npm start` and `npm test` need nothing else; the
// TypeScript entry is bundled under ts-node and ts-jest, the compiled one from dist/.
export const CONSOLE_PREFIX = '/console';
const ASSETS_DIR = join(__dirname, 'assets');
const entry = (name: string) =>
  ['ts', 'js'].map((ext) => join(__dirname, 'browser', `${name}.${ext}`)).find(existsSync);
const GRAPHQL_WS_CLIENT = join(
  dirname(require.resolve('graphql-ws/package.json')),
  'umd',
  'graphql-ws.min.js',
);

export interface ConsoleAsset {
  body: Buffer;
  type: string;
  // Compressed once at build: what a browser that accepts gzip is sent.
  gzip?: Buffer;
}

export interface ConsoleAssets {
  version: string;
  files: Map<string, ConsoleAsset>;
  page: string;
  // The service worker, served at /console-worker.js so that its scope may be /score/.
  worker: Buffer;
  // The bundle's inputs, so a test can check that no Node built-in reached the browser build.
  inputs: string[];
}

export async function buildConsoleBundle(
  name: 'main' | 'worker' = 'main',
): Promise<{ code: Buffer; metafile: Metafile }> {
  const path = entry(name);
  if (!path) throw new Error(`console ${name} not found beside ${__dirname}`);
  const out = await build({
    entryPoints: [path],
    bundle: true,
    write: false,
    // The service worker is a classic script; the page's script a module.
    format: name === 'main' ? 'esm' : 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  });
  return { code: Buffer.from(out.outputFiles[0].contents), metafile: out.metafile };
}

export async function loadConsoleAssets(): Promise<ConsoleAssets> {
  const { code, metafile } = await buildConsoleBundle();
  const worker = (await buildConsoleBundle('worker')).code;
  const files = new Map<string, ConsoleAsset>([
    [
      'console.js',
      { body: code, type: 'text/javascript; charset=utf-8', gzip: gzipSync(code, { level: 9 }) },
    ],
    ['console.css', { body: readFileSync(join(ASSETS_DIR, 'console.css')), type: 'text/css' }],
    ['controls.css', { body: readFileSync(join(ASSETS_DIR, 'controls.css')), type: 'text/css' }],
    ['icon.svg', { body: readFileSync(join(ASSETS_DIR, 'icon.svg')), type: 'image/svg+xml' }],
    [
      'graphql-ws.min.js',
      { body: readFileSync(GRAPHQL_WS_CLIENT), type: 'text/javascript; charset=utf-8' },
    ],
  ]);
  const hash = createHash('sha256');
  for (const [name, file] of [...files].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(name).update(file.body);
  const version = hash.digest('hex').slice(0, 12);
  const page = readFileSync(join(ASSETS_DIR, 'console.html'), 'utf8').replaceAll(
    '{{assets}}',
    `${CONSOLE_PREFIX}/${version}`,
  );
  return { version, files, page, worker, inputs: Object.keys(metafile.inputs) };
}

// Self only, as the viewer: its own script and style, GraphQL over HTTP and WebSocket to this
// server, nothing inline, nothing from another origin.
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
