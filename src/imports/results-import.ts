import { createHash } from 'node:crypto';
import {
  DomainError,
  ENGINE_VERSION,
  gameNumberOf,
  matchDecider,
  type ActorRole,
  type MatchState,
} from '../domain';
import type { Clock } from '../ledger/clock';
import { matchStream, toAppend } from '../ledger/envelope';
import { NO_STREAM, type EventStore } from '../ledger/event-store';
import { sealEvents } from '../ledger/hash-chain';
import type { MatchProjector } from '../projections/match-projector';
import type { RegistryCommands } from '../kernel/registry/registry-commands.port';
import { ImportError } from './import-errors';
import { planMatch, type PlannedMatch } from './import-plan';
import { parseResultsCsv, type ImportRow } from './results-csv';

export interface ImportOptions {
  dryRun: boolean;
  registerPlayers: boolean;
  actor: string;
  role: ActorRole;
  correlationId: string;
  // Rows written so far, of the rows to write.
  onProgress?: (done: number, total: number) => void;
}

export interface ImportReport {
  fileSha256: string;
  dryRun: boolean;
  rows: number;
  // Matches appended (or, on a dry run, that would be).
  imported: number;
  // Rows whose match is already in the ledger (imported before): nothing appended for them.
  alreadyImported: number;
  events: number;
  playersRegistered: string[];
  matchIds: string[];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
// One row, one match: its id derives from the row key, so the same row always lands on the same
// stream and a second import of it finds it there.
export const importedMatchId = (rowKey: string): string => `imp-${sha256(rowKey).slice(0, 40)}`;
const CATCH_UP_EVERY = 500;
const CHUNK = 100;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

// Imports a past results file: the whole file checked first (rows, players, competitions, each
// match decided in memory), refused whole with every bad row's line and reason; then each new
// match appended as one command (its schedule and its results) with the file's hash in its events.
export class ResultsImporter {
  constructor(
    private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly registry: RegistryCommands,
    private readonly clock: Clock,
  ) {}

  async run(text: string, o: ImportOptions): Promise<ImportReport> {
    const fileSha256 = sha256(text);
    const { rows, bad } = parseResultsCsv(text, (canonical) => sha256(canonical).slice(0, 32));
    const { names, unknown, competitions } = await this.lookUp(rows, o.registerPlayers);
    const planned: PlannedMatch[] = [];
    for (const row of rows) {
      try {
        const competition = row.competitionId ? competitions.get(row.competitionId) : null;
        if (competition === undefined)
          throw new Error(`competition_id ${row.competitionId} is not a registered competition`);
        const missing = row.players.filter((p) => unknown.has(p.id)).map((p) => p.id);
        if (missing.length && !o.registerPlayers)
          throw new Error(
            `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not registered (use --register-players)`,
          );
        planned.push(
          planMatch(row, importedMatchId(row.rowKey), fileSha256, names, competition, o.actor),
        );
      } catch (err) {
        if (!(err instanceof Error)) throw err;
        bad.push({
          line: row.line,
          reason: err instanceof DomainError ? `${err.code}: ${err.message}` : err.message,
        });
      }
    }
    if (bad.length)
      throw new ImportError(
        'BAD_ROWS',
        bad.sort((x, y) => x.line - y.line),
      );
    const fresh: PlannedMatch[] = [];
    for (const chunk of chunks(planned)) {
      const found = await Promise.all(
        chunk.map((p) => this.store.readStream(matchStream(p.matchId), { maxCount: 1 })),
      );
      chunk.forEach((p, i) => found[i].length === 0 && fresh.push(p));
    }
    const toRegister = [...unknown].filter((id) =>
      fresh.some((p) => p.row.players.some((x) => x.id === id)),
    );
    const report: ImportReport = {
      fileSha256,
      dryRun: o.dryRun,
      rows: rows.length,
      imported: fresh.length,
      alreadyImported: planned.length - fresh.length,
      events: fresh.reduce((n, p) => n + p.events.length, 0),
      playersRegistered: toRegister.sort(),
      matchIds: fresh.map((p) => p.matchId),
    };
    if (o.dryRun) return report;
    await this.registerPlayers(toRegister, rows, fileSha256, o);
    // Appends to different streams go together: the store commits them in shared transactions.
    let done = 0;
    for (const chunk of chunks(fresh)) {
      await Promise.all(chunk.map((p) => this.append(p, fileSha256, o)));
      done += chunk.length;
      o.onProgress?.(done, fresh.length);
      if (done % CATCH_UP_EVERY === 0) await this.projector.catchUp();
    }
    await this.projector.catchUp();
    return report;
  }

  // Registered names, unregistered licence ids and registered competitions, each read once.
  private async lookUp(rows: ImportRow[], registering: boolean) {
    const names = new Map<string, string>();
    const unknown = new Set<string>();
    const competitions = new Map<string, string | null>();
    for (const row of rows) {
      for (const p of row.players) {
        if (names.has(p.id) || unknown.has(p.id)) continue;
        const record = await this.registry.records.player(p.id);
        if (record) names.set(p.id, record.displayName);
        else unknown.add(p.id);
      }
      const c = row.competitionId;
      if (c !== null && !competitions.has(c)) {
        const record = await this.registry.records.competition(c);
        if (record) competitions.set(c, record.name);
      }
    }
    // Players registered by this import are scheduled under the name the file gives.
    if (registering)
      for (const row of rows)
        for (const p of row.players)
          if (unknown.has(p.id) && !names.has(p.id)) names.set(p.id, p.name);
    return { names, unknown, competitions };
  }

  private async registerPlayers(ids: string[], rows: ImportRow[], sha: string, o: ImportOptions) {
    for (const id of ids) {
      const name = rows.flatMap((r) => r.players).find((p) => p.id === id)!.name;
      await this.registry.player(
        { type: 'RegisterPlayer', licenceId: id, displayName: name, club: null, nationality: null },
        {
          actor: o.actor,
          role: o.role,
          access: { scope: 'ANY' },
          origin: null,
          commandId: `import:${sha.slice(0, 16)}:player:${id}`,
          correlationId: o.correlationId,
          causationId: null,
          occurredAt: null,
          expectedRevision: null,
        },
      );
    }
  }

  // One command per match: a retry of the same row lands on the same stream with the same event
  // ids, which the store recognises.
  private async append(p: PlannedMatch, sha: string, o: ImportOptions): Promise<void> {
    const recordedAt = this.clock.now().toISOString();
    let state: MatchState | null = null;
    const games = p.events.map((e) => {
      state = matchDecider.evolve(state, e);
      return gameNumberOf(e, state!);
    });
    const stream = matchStream(p.matchId);
    const events = sealEvents(
      stream,
      null,
      toAppend(
        p.events,
        {
          recordedBy: o.actor,
          role: o.role,
          recordedAt,
          occurredAt: `${p.row.date}T00:00:00.000Z`,
          origin: null,
          commandId: `import:${p.matchId}`,
          correlationId: o.correlationId,
          causationId: null,
          engineVersion: ENGINE_VERSION,
          ruleProfile: p.row.ruleProfile,
          commandHash: sha256(`${sha}:${p.row.rowKey}`),
        },
        games,
      ),
    );
    await this.store.append(stream, events, NO_STREAM);
  }
}
