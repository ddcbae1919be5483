import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

// Every link of README.md and docs/**/*.md must work in a plain clone: relative links only, to
// files that exist inside the repository (not in a git-ignored folder), and an #anchor must name a
// heading of the target as GitHub slugs it. No server, no network: external URLs are not fetched.

const ROOT = resolve(__dirname, '..', '..');

export interface Link {
  line: number;
  target: string;
}

// The fences (``` or ~~~) open and close code blocks; nothing inside one is a heading or a link.
function proseLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | null = null;
  markdown.split(/\r?\n/).forEach((text, i) => {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== null) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
      return;
    }
    if (open) {
      fence = open[1];
      return;
    }
    out.push({ text, line: i + 1 });
  });
  return out;
}

// Inline code is literal: `[a](b)` in backticks is no link and adds no markup to a heading.
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)([\s\S]*?)\1/g, ' ');
}

// The heading's text as rendered: code spans keep their content, links and images their text.
function renderedText(heading: string): string {
  return heading
    .replace(/(`+)([\s\S]*?)\1/g, '$2')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '');
}

// GitHub's heading anchors (github-slugger): lower case, drop everything but letters, marks,
// numbers, connector punctuation, spaces and hyphens, then each space becomes a hyphen.
export function slug(heading: string): string {
  return renderedText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

// The anchors of a document's headings (ATX and setext); a repeated slug gets -1, -2, … as on GitHub.
export function anchors(markdown: string): string[] {
  const lines = proseLines(markdown);
  const titles: string[] = [];
  lines.forEach(({ text, line }, i) => {
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(text);
    if (atx) return void titles.push(atx[1] ?? '');
    const prev = lines[i - 1];
    const setext = /^ {0,3}(=+|-+)\s*$/.test(text);
    if (setext && prev && prev.line === line - 1 && prev.text.trim() !== '') {
      if (!/^\s*([|>#*+-]|\d+[.)])/.test(prev.text)) titles.push(prev.text.trim());
    }
  });
  const occurrences = new Map<string, number>();
  return titles.map((title) => {
    const original = slug(title);
    let result = original;
    while (occurrences.has(result)) {
      const n = (occurrences.get(original) ?? 0) + 1;
      occurrences.set(original, n);
      result = `${original}-${n}`;
    }
    occurrences.set(result, 0);
    return result;
  });
}

// Inline links and images `[text](target "title")`, `<target>` forms, and reference definitions.
export function links(markdown: string): Link[] {
  const out: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = withoutCodeSpans(text);
    const inline = /!?\[[^\]]*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+["'(][^)]*)?\)/g;
    for (let m = inline.exec(prose); m !== null; m = inline.exec(prose)) {
      out.push({ line, target: m[1].replace(/^<|>$/g, '') });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(prose);
    if (definition) out.push({ line, target: definition[1].replace(/^<|>$/g, '') });
  }
  return out;
}

// Folders .gitignore names (`dist/`, `data/`, …): a file there exists here but not in a clone.
function ignoredFolders(root: string): string[] {
  const file = join(root, '.gitignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^[\w.-]+\/$/.test(l))
    .map((l) => l.slice(0, -1));
}

// Every problem with the links of one file, as `file:line: target: why`.
export function brokenLinks(root: string, file: string): string[] {
  const problems: string[] = [];
  const ignored = ignoredFolders(root);
  for (const { line, target } of links(readFileSync(file, 'utf8'))) {
    const fail = (why: string) =>
      problems.push(`${relative(root, file)}:${line}: ${target}: ${why}`);
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not checked offline
    if (target.startsWith('/')) {
      fail('absolute link; use a path relative to this file');
      continue;
    }
    const hash = target.indexOf('#');
    const path = decodeURI(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = path === '' ? file : resolve(dirname(file), path);
    const inRepo = relative(root, resolved);
    if (inRepo.startsWith('..') || isAbsolute(inRepo)) {
      fail('points outside the repository');
      continue;
    }
    if (ignored.includes(inRepo.split(sep)[0])) {
      fail(`is in ${inRepo.split(sep)[0]}/, which .gitignore keeps out of a clone`);
      continue;
    }
    if (!existsSync(resolved)) {
      fail('no such file');
      continue;
    }
    if (anchor !== null && extname(resolved) === '.md' && statSync(resolved).isFile()) {
      if (!anchors(readFileSync(resolved, 'utf8')).includes(anchor)) {
        fail(`no heading of ${relative(root, resolved)} has the anchor #${anchor}`);
      }
    }
  }
  return problems;
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(path);
    return e.isFile() && e.name.endsWith('.md') ? [path] : [];
  });
}

describe('doc links: the slugger, the parser and the checker', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('Audit and tamper evidence')).toBe('audit-and-tamper-evidence');
    expect(slug('Corrections, appeals and sign-off')).toBe('corrections-appeals-and-sign-off');
    expect(slug('KurrentDB (production store)')).toBe('kurrentdb-production-store');
    expect(slug("Rule profiles and the project's decisions")).toBe(
      'rule-profiles-and-the-projects-decisions',
    );
    expect(slug('Glossary (federation Portuguese → English)')).toBe(
      'glossary-federation-portuguese--english',
    );
    expect(slug('General rules (FPB 1.x), with WPA equivalents')).toBe(
      'general-rules-fpb-1x-with-wpa-equivalents',
    );
    expect(slug('The `verify` command and [links](x.md)')).toBe('the-verify-command-and-links');
    expect(slug('Regras da Federação: ação_1')).toBe('regras-da-federação-ação_1');
  });

  it('reads ATX and setext headings, outside code fences, numbering repeats', () => {
    const md = [
      '# Title',
      '## Errors ##',
      '```sh',
      '# a shell comment',
      '```',
      'Errors',
      '------',
      '',
      '---',
      '### Errors',
    ].join('\n');
    expect(anchors(md)).toEqual(['title', 'errors', 'errors-1', 'errors-2']);
  });

  it('finds inline, image and reference links, not those in code', () => {
    const md = [
      'See [a](a.md#x), ![img](pic.png "title") and [b](<b c.md>).',
      'Not `[code](nope.md)`, but [after](c.md).',
      '```',
      '[fenced](nope.md)',
      '```',
      '[ref]: d.md#y',
    ].join('\n');
    expect(links(md).map((l) => [l.line, l.target])).toEqual([
      [1, 'a.md#x'],
      [1, 'pic.png'],
      [1, 'b c.md'],
      [2, 'c.md'],
      [6, 'd.md#y'],
    ]);
  });

  it('reports missing files, unknown anchors, absolute links and links out of a clone', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, '.gitignore'), 'node_modules/\ndist/\n*.sqlite\n');
      writeFileSync(join(root, 'dist', 'main.js'), '');
      writeFileSync(join(root, 'docs', 'api.md'), '# The API\n## Errors\n');
      const readme = join(root, 'README.md');
      writeFileSync(
        readme,
        [
          '# Front',
          '[ok](docs/api.md#errors) [self](#front) [web](https://example.org/x.md)',
          '[gone](docs/nothing.md) [bad anchor](docs/api.md#error) [self bad](#back)',
          '[abs](/docs/api.md) [out](../shared/rules/README.md) [built](dist/main.js)',
        ].join('\n'),
      );
      expect(brokenLinks(root, readme)).toEqual([
        'README.md:3: docs/nothing.md: no such file',
        'README.md:3: docs/api.md#error: no heading of docs/api.md has the anchor #error',
        'README.md:3: #back: no heading of README.md has the anchor #back',
        'README.md:4: /docs/api.md: absolute link; use a path relative to this file',
        'README.md:4: ../shared/rules/README.md: points outside the repository',
        'README.md:4: dist/main.js: is in dist/, which .gitignore keeps out of a clone',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('doc links: README.md and docs/**/*.md', () => {
  const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

  it('reads the front page and the handbook', () => {
    expect(files.map((f) => relative(ROOT, f))).toEqual(
      expect.arrayContaining(['README.md', join('docs', 'rules.md')]),
    );
  });

  it('every relative link names a file of the repository and an existing heading', () => {
    const problems = files.flatMap((f) => brokenLinks(ROOT, f));
    expect(problems).toEqual([]);
  });
});

// The README is the front page (what it is, the two commands, a short tour, links); the handbook
// lives in docs/.
describe('README.md', () => {
  it('stays a front page: at most 200 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });
});
