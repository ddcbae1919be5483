import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as ts from 'typescript';

// src/ compiled to JavaScript once for the tests that start the server or the CLI as their own
// process. Each such process under ts-node transpiles all of src/ again on start (tens of seconds
// on a busy machine); this does it once, file by file exactly as ts-node's transpile-only mode
// does (isolatedModules), and every later process only loads JavaScript. No type check: that is
// `npm run typecheck`'s job, as it is under ts-node.

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
// Under the checkout (so node_modules is found the usual way), in the ignored .tmp/.
const BUILDS = join(ROOT, '.tmp', 'compiled-src');
// A build older than this that no longer matches src/ is removed.
const KEEP_MS = 60 * 60 * 1000;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, into);
    else into.push(path);
  }
  return into;
}

function compilerOptions(): ts.CompilerOptions {
  const file = join(ROOT, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, file);
  return { ...parsed.options, sourceMap: false, declaration: false, noEmit: false };
}

// The build's name: what src/ holds and how it is compiled, so an edit anywhere gives a new one.
function buildKey(files: string[]): string {
  const hash = createHash('sha256').update(ts.version);
  for (const f of ['tsconfig.json', 'tsconfig.build.json'])
    hash.update(readFileSync(join(ROOT, f)));
  for (const file of files)
    hash.update(relative(SRC, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function compileInto(out: string, files: string[]): void {
  const options = compilerOptions();
  const dist = join(out, 'dist');
  for (const file of files) {
    const target = join(dist, relative(SRC, file));
    mkdirSync(dirname(target), { recursive: true });
    if (!file.endsWith('.ts')) {
      // The pages' assets, beside their code as `nest build` puts them.
      copyFileSync(file, target);
      continue;
    }
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: options,
      fileName: file,
    });
    writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
  }
  // The version metric reads the package.json two levels above a compiled file, as in the image.
  copyFileSync(join(ROOT, 'package.json'), join(out, 'package.json'));
}

function pruneOld(keep: string): void {
  for (const name of readdirSync(BUILDS)) {
    const path = join(BUILDS, name);
    // Another process may be renaming or removing one meanwhile.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (name !== keep && stat && Date.now() - stat.mtimeMs > KEEP_MS)
      rmSync(path, { recursive: true, force: true });
  }
}

let built: string | undefined;

// The directory holding the compiled tree (dist/) for the current src/, built when missing.
// Built beside its final place and renamed into it, so that Jest workers racing to build it each
// either see a whole build or none.
export function compiledSrc(): string {
  if (built) return built;
  const files = sourceFiles(SRC).sort();
  const key = buildKey(files);
  const out = join(BUILDS, key);
  if (!existsSync(join(out, 'dist', 'main.js'))) {
    const scratch = `${out}.${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    compileInto(scratch, files);
    try {
      renameSync(scratch, out);
    } catch {
      // Another process finished the same build first.
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  pruneOld(key);
  built = out;
  return out;
}

// The compiled form of a src/ entry point, e.g. compiledEntry('main') for src/main.ts.
export const compiledEntry = (name: string): string => join(compiledSrc(), 'dist', `${name}.js`);
