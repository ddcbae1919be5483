import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { loadConsoleAssets } from '../src/console/console-assets';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  TABLET,
  consoleUrl,
  enrol,
  settled,
} from '../test/support/console-page';
import { simulatedTaps } from '../test/support/console-taps';
import { LedgerClient } from '../test/support/ledger-client';
import { removeDir, startServer } from '../test/support/server';
import { RUNS, spread, spreadOf } from './common';

// BENCH_ONLY=console: the scoring console. Taps per shot over simulated matches scored through
// the console's composer (the same taps the page's buttons make), the page's transfer size, and
// tap-to-ruling latency in Chromium against a real server (click to the server's ruling shown).
const MATCHES = Number(process.env.BENCH_CONSOLE_MATCHES ?? 20);
const SHOTS = Number(process.env.BENCH_CONSOLE_SHOTS ?? 40);

export async function benchConsole(): Promise<void> {
  console.log('\nScoring console (BENCH_ONLY=console)');
  taps();
  await size();
  await latency();
}

function taps(): void {
  for (const discipline of ['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'] as const) {
    const counts: number[] = [];
    let missing = 0;
    for (let seed = 1; seed <= MATCHES; seed++)
      for (const s of simulatedTaps(seed, discipline))
        if (s.taps) counts.push(s.taps.length);
        else missing++;
    counts.sort((a, b) => a - b);
    const at = (q: number) => counts[Math.min(counts.length - 1, Math.floor(q * counts.length))];
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    const le3 = counts.filter((c) => c <= 3).length / counts.length;
    console.log(
      `  taps per command, ${discipline} (${MATCHES} matches, ${counts.length} commands): median ${at(0.5)}, mean ${mean.toFixed(2)}, p90 ${at(0.9)}, max ${counts.at(-1)}; ≤ 3 taps ${(le3 * 100).toFixed(1)}%; not enterable ${missing}`,
    );
  }
}

async function size(): Promise<void> {
  const assets = await loadConsoleAssets();
  const page = Buffer.byteLength(assets.page);
  const js = assets.files.get('console.js')!;
  const css = Buffer.concat([
    assets.files.get('console.css')!.body,
    assets.files.get('controls.css')!.body,
  ]);
  const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
  const total = gz(Buffer.from(assets.page)) + js.gzip!.length + gz(css);
  console.log(
    `  page transfer (gzip): ${(total / 1024).toFixed(1)} KiB = page ${(gz(Buffer.from(assets.page)) / 1024).toFixed(1)} + script ${(js.gzip!.length / 1024).toFixed(1)} (${(js.body.length / 1024).toFixed(0)} KiB unzipped) + style ${(gz(css) / 1024).toFixed(1)}; the live client (graphql-ws, ${(gz(assets.files.get('graphql-ws.min.js')!.body) / 1024).toFixed(1)} KiB) loads after the page; page ${page} B`,
  );
}

async function latency(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`  tap-to-ruling latency: skipped (${CHROMIUM} is missing)`);
    return;
  }
  const server = await startServer(undefined, { LEDGER_LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const p50: number[] = [];
  const p99: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
      const { matchId } = await admin.scheduleMatch({
        raceTo: 9,
        discipline: 'NINE_BALL',
        ruleProfile: 'WPA',
        breakOrder: 'WINNER',
        refereePresent: false,
        players: [
          { id: 'ana', name: 'Ana Sousa' },
          { id: 'bruno', name: 'Bruno Reis' },
        ],
      });
      await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
      const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
      await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
      await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
      await scorer.recordShot({
        matchId,
        shooter: 'ana',
        firstContact: 1,
        objectBallsDrivenToRail: 4,
      });
      const context = await browser.newContext({ viewport: TABLET });
      await enrol(context, 'SCORER', 'scorer-1', matchId);
      const page = await context.newPage();
      await page.goto(consoleUrl(server, matchId));
      await settled(page);
      const times: number[] = [];
      for (let i = 0; i < SHOTS; i++) times.push(await tapToRuling(page));
      await context.close();
      times.sort((a, b) => a - b);
      p50.push(times[Math.floor(times.length / 2)]);
      p99.push(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]);
    }
  } finally {
    await browser.close();
    await server.close();
    removeDir(server.dataDir);
  }
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `  tap-to-ruling (a legal miss, ${SHOTS} per run, min/median/max of ${RUNS} runs): p50 ${spread(spreadOf(p50), ms)}, p99 ${spread(spreadOf(p99), ms)}`,
  );
}

// Timed in the page: from the tap to the server's ruling on screen (the write answered and
// rendered, nothing left queued).
function tapToRuling(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const root = document.getElementById('console')!;
        const before = root.dataset.revision;
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (root.dataset.revision !== before && root.dataset.queued === '0') {
            obs.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          }
        });
        obs.observe(root, { attributes: true });
        document.querySelector<HTMLButtonElement>('[data-tap="miss"]')!.click();
      }),
  );
}
