import AxeBuilder from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { testTokens, type TestServer } from './server';

// The scoring console in Debian's Chromium, as the viewer's browser tests drive it: a device's
// credential put where the enrolment page leaves it, taps by their data-tap names, and the
// ledger's stream without ids or metadata to compare with the same facts sent through the API.
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
export const haveChromium = existsSync(CHROMIUM);
export const OUT = join(__dirname, '..', '..', 'test-output', 'console');
export const TABLET = { width: 1024, height: 768 };
export const PHONE = { width: 390, height: 844 };
// A shot's facts with nothing in them, as the console sends every field.
export const FACTS = {
  firstContact: null as number | null,
  railContactsAfterFirstContact: [] as { ball: number }[],
  pocketed: [] as { ball: number; pocket: string }[],
  ballsReboundedFromPocket: [],
  cueBallScratched: false,
  cueBallOffTable: false,
  cueBallTouchedPocketedBall: false,
  ballsOffTable: [],
  objectBallsDrivenToRail: 0,
  callObvious: false,
  strokeFouls: [],
};

export async function enrol(
  context: BrowserContext,
  role: string,
  subject: string,
  matchId: string,
): Promise<void> {
  const credential = {
    token: testTokens.issue(role, subject),
    role,
    subject,
    matchId,
    tableId: null,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  };
  await context.addInitScript((c) => {
    localStorage.setItem('cue-ledger.credential', c);
  }, JSON.stringify(credential));
}

export function consoleUrl(server: TestServer, matchId: string, query = ''): string {
  return `${new URL(server.url).origin}/score/${matchId}${query}`;
}

// Waits for the console to stand at a revision with nothing left to send.
export async function settled(page: Page, revision?: number): Promise<number> {
  const sel =
    revision === undefined
      ? '#console[data-queued="0"]'
      : `#console[data-revision="${revision}"][data-queued="0"]`;
  await page.waitForSelector(sel, { timeout: 15_000 });
  return Number(await page.getAttribute('#console', 'data-revision'));
}

// Taps in order, each waiting for the write it makes (if any) to be answered.
export async function taps(page: Page, names: string[]): Promise<void> {
  for (const name of names) {
    const before = await page.getAttribute('#console', 'data-revision');
    await page.click(`[data-tap="${name}"]`);
    // A tap that ends a command waits for the server's answer on screen.
    if (/^(pocket|miss|scratch|record|toss|two-foul|warning|correct|declare)/.test(name))
      await page.waitForFunction(
        (b) => {
          const el = document.getElementById('console');
          return el?.dataset.queued === '0' && el.dataset.revision !== b;
        },
        before,
        { timeout: 15_000 },
      );
  }
}

export async function choose(page: Page, option: string): Promise<void> {
  const before = await page.getAttribute('#console', 'data-revision');
  await page.click(`#choice [data-option="${option}"]`);
  await page.waitForFunction(
    (b) => document.getElementById('console')?.dataset.revision !== b,
    before,
    { timeout: 15_000 },
  );
}

export interface StreamEvent {
  type: string;
  data: unknown;
}

export async function stream(server: TestServer, matchId: string): Promise<StreamEvent[]> {
  const res = await server.gql(`query($m: String!) { matchHistory(matchId: $m) { type data } }`, {
    m: matchId,
  });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  const text = JSON.stringify(res.data!.matchHistory).replaceAll(matchId, '<match>');
  return JSON.parse(text) as StreamEvent[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
