import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { PageName } from '../kernel/pages.port';

// The browser files of the board, the overlay, the desk, the enrolment and the table pages: plain
// ES modules, CSS and SVG, no build step, read once at start from their folders (src/board/assets
// and src/desk/assets, copied to dist/ by nest-cli.json) into one set served at /pages/<version>/.
export const PAGE_ASSET_DIRS = [join(__dirname, 'assets'), join(__dirname, '..', 'desk', 'assets')];
export const PAGE_PREFIX = '/pages';
export const PAGE_ASSETS = Symbol('PAGE_ASSETS');
const GRAPHQL_WS_CLIENT = join(
  dirname(require.resolve('graphql-ws/package.json')),
  'umd',
  'graphql-ws.min.js',
);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const PAGES: PageName[] = ['board', 'overlay', 'desk', 'enrol', 'table'];

export interface PageAssets {
  // A hash of every file: part of each asset URL, so browsers may keep a URL's file for a year.
  version: string;
  files: Map<string, { body: Buffer; type: string }>;
  pages: Record<PageName, string>;
}

export function loadPageAssets(dirs = PAGE_ASSET_DIRS): PageAssets {
  const paths: [string, string][] = dirs.flatMap((d) =>
    readdirSync(d).map((name): [string, string] => [name, join(d, name)]),
  );
  paths.push(['graphql-ws.min.js', GRAPHQL_WS_CLIENT]);
  const files = new Map<string, { body: Buffer; type: string }>();
  const html = new Map<string, string>();
  const hash = createHash('sha256');
  for (const [name, path] of paths.sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (files.has(name) || html.has(name)) throw new Error(`two page files named ${name}`);
    const body = readFileSync(path);
    hash.update(name).update(body);
    if (extname(name) === '.html') html.set(name, body.toString('utf8'));
    else if (TYPES[extname(name)]) files.set(name, { body, type: TYPES[extname(name)] });
  }
  const version = hash.digest('hex').slice(0, 12);
  const page = (name: PageName) => {
    const text = html.get(`${name}.html`);
    if (text === undefined) throw new Error(`missing page ${name}.html`);
    return text.replaceAll('{{assets}}', `${PAGE_PREFIX}/${version}`);
  };
  return {
    version,
    files,
    pages: Object.fromEntries(PAGES.map((p) => [p, page(p)])) as Record<PageName, string>,
  };
}

// Self only, as the viewer: no inline script or style, nothing from another origin, no frames.
export const PAGES_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
