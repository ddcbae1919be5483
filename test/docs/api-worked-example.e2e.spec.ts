import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_VERSION } from '../../src/domain/rules/profiles';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// docs/api.md's worked example and its Lists example, run as the page shows it, on the data it creates (an empty
// ledger): every request of its graphql blocks is sent in order, and every response must be the
// one printed in the json block after it (without `locations` and the write's
// `extensions.ledgerPosition`; instants and elided list tails aside). The engine version shown must be this build's (ENGINE_VERSION).

const page = readFileSync(join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8');
// The worked example, then the Lists section's example on the ledger it leaves.
const section = page.slice(page.indexOf('## A worked example'), page.indexOf('## Errors'));
const blocks = [...section.matchAll(/```(graphql|json)\n([\s\S]*?)```/g)].map((m) => ({
  kind: m[1],
  text: m[2],
}));
// Each operation starts a line: `mutation {` or `{`; each response a line starting `{"`.
const operations = (text: string) => text.split(/\n(?=mutation \{|\{ )/).map((s) => s.trim());
const responses = (text: string) => text.split(/\n(?=\{")/).map((s) => s.trim());

const ELIDED = ', …]';
function expected(text: string): { value: unknown; elided: boolean } {
  const elided = text.includes(ELIDED);
  return { value: JSON.parse(text.replace(ELIDED, ']')), elided };
}

// Instants differ per run; a list the page cuts short (", …]") is compared as far as it goes.
function comparable(actual: any, doc: any, elided: boolean): any {
  const text = JSON.stringify(actual).replace(/"recordedAt":"[^"]+"/g, '"recordedAt":"…"');
  const value = JSON.parse(text);
  // The page leaves out the position every write's response carries (read-your-writes).
  if (value.extensions?.ledgerPosition !== undefined) {
    expect(value.extensions.ledgerPosition).toMatch(/^\d+$/);
    delete value.extensions.ledgerPosition;
    if (Object.keys(value.extensions).length === 0) delete value.extensions;
  }
  if (elided && Array.isArray(value.data?.matchHistory))
    value.data.matchHistory = value.data.matchHistory.slice(0, doc.data.matchHistory.length);
  return value;
}

function tokenFor(operation: string, index: number): Record<string, string> {
  if (/^(mutation \{ (scheduleMatch|assignOfficials))/.test(operation))
    return bearer('ADMIN', 'fed-admin');
  if (/^\{ (matchHistory|matches)/.test(operation)) return {};
  // The third refusal is sent with scorer-22's token (not assigned to the match).
  if (
    index === 2 &&
    operation.includes('placeCueBall') &&
    operation.includes('expectedRevision: 12')
  )
    return bearer('SCORER', 'scorer-22');
  return bearer('SCORER', 'scorer-17');
}

describe("docs/api.md's worked example is real output", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('pairs every request block with its responses', () => {
    expect(blocks.length).toBeGreaterThan(8);
    for (let i = 0; i < blocks.length; i += 2) {
      expect(blocks[i].kind).toBe('graphql');
      expect(blocks[i + 1].kind).toBe('json');
      expect(operations(blocks[i].text)).toHaveLength(responses(blocks[i + 1].text).length);
    }
  });

  it('answers each request as the page shows, the engine version this build', async () => {
    let matchId = '';
    for (let i = 0; i < blocks.length; i += 2) {
      const ops = operations(blocks[i].text);
      const docs = responses(blocks[i + 1].text);
      for (let j = 0; j < ops.length; j++) {
        const query = ops[j].replace(/"77193704-…"/g, JSON.stringify(matchId));
        const res = await fetch(server.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...tokenFor(ops[j], j) },
          body: JSON.stringify({ query }),
        });
        const body = (await res.json()) as any;
        for (const e of body.errors ?? []) delete e.locations;
        matchId ||= body.data?.scheduleMatch?.matchId ?? '';
        const doc = expected(docs[j]);
        const shown = JSON.parse(
          JSON.stringify(doc.value).replace(/"recordedAt":"[^"]+"/g, '"recordedAt":"…"'),
        );
        expect({ query: ops[j], response: comparable(body, shown, doc.elided) }).toEqual({
          query: ops[j],
          response: shown,
        });
      }
    }
    const versions = [...section.matchAll(/"engineVersion":"([^"]+)"/g)].map((m) => m[1]);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions)).toEqual(new Set([ENGINE_VERSION]));
  });
});
