import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

// The viewer's files: plain ES modules, CSS and SVG, no build step. They sit beside this file in
// src/ (ts-jest, ts-node) and are copied beside the compiled file in dist/ by nest-cli.json.
export const ASSETS_DIR = join(__dirname, 'assets');
export const ASSET_PREFIX = '/viewer';
// The graphql-ws browser client (its UMD build) for live mode, served from here like the rest.
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

export interface Asset {
  body: Buffer;
  type: string;
}

export interface ViewerAssets {
  // A hash of every file: part of each asset URL, so a URL's content never changes and browsers
  // may keep it for a year; a new release gets new URLs.
  version: string;
  files: Map<string, Asset>;
  pages: { viewer: string; sheet: string };
}

// Read once at start: a fixed set of files, so no request path ever reaches the file system.
export function loadViewerAssets(dir = ASSETS_DIR, wsClient = GRAPHQL_WS_CLIENT): ViewerAssets {
  const files = new Map<string, Asset>();
  const hash = createHash('sha256');
  const paths = readdirSync(dir).map((name) => [name, join(dir, name)]);
  paths.push(['graphql-ws.min.js', wsClient]);
  for (const [name, path] of paths.sort(([a], [b]) => (a < b ? -1 : 1))) {
    const body = readFileSync(path);
    hash.update(name).update(body);
    const type = TYPES[extname(name)];
    if (type) files.set(name, { body, type });
  }
  const version = hash.digest('hex').slice(0, 12);
  const page = (name: string) =>
    readFileSync(join(dir, name), 'utf8').replaceAll('{{assets}}', `${ASSET_PREFIX}/${version}`);
  return { version, files, pages: { viewer: page('viewer.html'), sheet: page('sheet.html') } };
}

// Self only: the pages run their own files and talk to this server's GraphQL endpoint, nothing
// else (no inline script or style, no frames, no plugins, no other origin).
export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
