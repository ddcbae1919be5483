import { SingleBar } from 'cli-progress';
import type { EventStore } from './ledger/event-store';
import { MatchCommandService } from './matches/match-commands.service';
import { MatchProjector } from './projections/match-projector';
import { ledgerSize } from './projections/rebuild-progress';
import type { ReadModel } from './projections/read-model';
import { RegistryCommandService } from './registry/registry-commands.service';
import { DemoSeeder, seasonClock, type SeedReport } from './demo/seed-demo';

export interface SeedDemoOptions {
  players: number;
  matches: number;
  seed: number;
}

// The options as given on the command line, checked: the parsed options or what is wrong.
export function seedDemoOptions(values: {
  players: string;
  matches: string;
  seed: string;
}): SeedDemoOptions | string {
  const players = Number(values.players);
  const matches = Number(values.matches);
  const seed = Number(values.seed);
  if (!Number.isInteger(players) || players < 2 || players > 100_000)
    return '--players must be a whole number from 2 to 100000';
  if (!Number.isInteger(matches) || matches < 0 || matches > 1_000_000)
    return '--matches must be a whole number from 0 to 1000000';
  if (!Number.isInteger(seed) || seed < 1) return '--seed must be a whole number, at least 1';
  return { players, matches, seed };
}

// A bar with rate and ETA on a terminal; a plain line every tenth otherwise.
function progress(total: number): { tick: (done: number) => void; stop: () => void } {
  if (process.stdout.isTTY) {
    const bar = new SingleBar({
      format: 'seed-demo [{bar}] {value}/{total} matches | {percentage}% | ETA {eta_formatted}',
    });
    bar.start(total, 0);
    return { tick: (d) => bar.update(d), stop: () => bar.stop() };
  }
  const step = Math.max(1, Math.ceil(total / 10));
  return {
    tick: (d) => (d % step === 0 || d === total) && console.log(`seed-demo: ${d}/${total} matches`),
    stop: () => undefined,
  };
}

export function formatReport(r: SeedReport, seconds: number): string {
  const m = r.matches;
  const total = m.EIGHT_BALL + m.NINE_BALL + m.TEN_BALL;
  return [
    `players      ${r.players} registered`,
    `competitions ${r.competitions} (8-ball, 9-ball, 10-ball)`,
    `matches      ${total}: ${m.EIGHT_BALL} 8-ball, ${m.NINE_BALL} 9-ball, ${m.TEN_BALL} 10-ball`,
    `events       ${r.events.toLocaleString('en-US')} (${Math.round(r.events / Math.max(seconds, 0.001)).toLocaleString('en-US')}/s through the command service)`,
    `fouls        ${r.fouls}`,
    `corrections  ${r.corrections}`,
    `appeals      ${r.appealsFiled} filed, ${r.appealsAllowed} allowed`,
  ].join('\n');
}

// `npm run ledger -- seed-demo`: the store and read model are opened by the CLI and handed here.
export async function runSeedDemo(
  parsed: SeedDemoOptions,
  store: EventStore,
  readModel: ReadModel,
  where: string,
): Promise<number> {
  const before = await ledgerSize(store);
  const clock = seasonClock();
  const projector = new MatchProjector(store, readModel);
  await projector.catchUp();
  // The writers need no read-your-writes here (the seeder folds its own state): the read model
  // catches up once per match instead of once per command.
  const deferred = Object.assign(Object.create(projector) as MatchProjector, {
    catchUp: () => Promise.resolve(),
  });
  const seeder = new DemoSeeder(
    new MatchCommandService(store, deferred, clock),
    new RegistryCommandService(store, deferred, clock),
  );
  const bar = progress(parsed.matches);
  const t0 = process.hrtime.bigint();
  let report: SeedReport;
  try {
    report = await seeder.run({
      ...parsed,
      onMatch: async (done) => {
        await projector.catchUp();
        bar.tick(done);
      },
    });
  } finally {
    bar.stop();
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // Every event appended, the registry's included (the seeder counts the matches' own): the
  // ledger's growth where the store can tell, else the registry's commands added to the count.
  const after = await ledgerSize(store);
  const registry = report.players + 2 * report.competitions;
  const events = before !== null && after !== null ? after - before : report.events + registry;
  console.log(`seeded ${where} with seed ${parsed.seed} in ${seconds.toFixed(1)} s`);
  console.log(formatReport({ ...report, events }, seconds));
  return 0;
}
