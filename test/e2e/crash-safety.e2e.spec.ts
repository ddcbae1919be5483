import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { spawnServer, waitForExit, type ChildServer } from '../support/child-server';
import { bearer, post, removeDir } from '../support/server';

const ADMIN = bearer('ADMIN', 'admin-1');
const RESULT = '{ matchId revision events { eventId revision type } }';

interface Sent {
  matchId: string;
  commandId: string;
  // How many events the command appends when it lands (all of them or none).
  expectedEvents: number;
  acknowledged: { revision: number; eventIds: string[] } | null;
}

// SIGKILL the real server process in the middle of a write load, restart it on the same files,
// and check that nothing acknowledged was lost and nothing was half-written.
describe('crash safety: SIGKILL mid-load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-crash-'));
  const METRICS_TOKEN = 'crash-metrics-token-0123456789';
  const env = { LEDGER_SQLITE_SYNCHRONOUS: 'FULL', LEDGER_METRICS_TOKEN: METRICS_TOKEN };
  // Transactions committed and the appends they carried, from the server's /metrics.
  async function groupCommits(url: string): Promise<{ commits: number; appends: number }> {
    const res = await fetch(url.replace('/graphql', '/metrics'), {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1]);
    return {
      commits: value('cue_ledger_commits_total'),
      appends: value('cue_ledger_committed_appends_total'),
    };
  }
  const sent: Sent[] = [];
  let server: ChildServer | null = null;

  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGKILL');
      await waitForExit(server.proc);
    }
    removeDir(dataDir);
  });

  async function write(
    url: string,
    name: string,
    inputType: string,
    input: Record<string, unknown>,
    expectedEvents: number,
  ): Promise<Record<string, any> | null> {
    const commandId = randomUUID();
    const record: Sent = {
      matchId: String(input.matchId ?? ''),
      commandId,
      expectedEvents,
      acknowledged: null,
    };
    sent.push(record);
    try {
      const res = await post(
        url,
        JSON.stringify({
          query: `mutation($input: ${inputType}!) { ${name}(input: $input) ${RESULT} }`,
          variables: { input: { ...input, commandId } },
        }),
        ADMIN,
      );
      const data = res.body?.data?.[name];
      if (!data) return null;
      record.matchId = data.matchId;
      record.acknowledged = {
        revision: data.revision,
        eventIds: data.events.map((e: { eventId: string }) => e.eventId),
      };
      return data;
    } catch {
      return null; // the connection died with the server: not acknowledged
    }
  }

  // One match after another, each driven through multi-event writes (a stalemate re-racks: two
  // events in one append) until the server dies.
  async function driver(url: string, stop: () => boolean): Promise<void> {
    while (!stop()) {
      const s = await write(
        url,
        'scheduleMatch',
        'ScheduleMatchInput',
        {
          raceTo: 3,
          players: [
            { id: 'ana', name: 'Ana' },
            { id: 'bruno', name: 'Bruno' },
          ],
        },
        1,
      );
      if (!s) return;
      let rev: number = s.revision;
      const step = async (
        name: string,
        type: string,
        input: Record<string, unknown>,
        n: number,
      ) => {
        const r = await write(
          url,
          name,
          type,
          { matchId: s.matchId, expectedRevision: rev, ...input },
          n,
        );
        if (r) rev = r.revision;
        return r;
      };
      if (
        !(await step(
          'decideBreakOrder',
          'DecideBreakOrderInput',
          { method: 'LAG', winner: 'ana' },
          1,
        ))
      )
        return;
      if (!(await step('chooseOption', 'ChooseOptionInput', { player: 'ana', option: 'BREAK' }, 2)))
        return;
      for (let i = 0; i < 40 && !stop(); i++) {
        const ok =
          i % 3 === 0
            ? await step(
                'assignOfficials',
                'AssignOfficialsInput',
                { scorers: [`s-${i}`], referees: [] },
                1,
              )
            : i % 3 === 1
              ? await step(
                  'recordRefereeRuling',
                  'RecordRefereeRulingInput',
                  { kind: 'STALEMATE' },
                  2,
                )
              : await step(
                  'recordRefereeRuling',
                  'RecordRefereeRulingInput',
                  { kind: 'WARNING', player: 'bruno' },
                  1,
                );
        if (!ok) return;
      }
    }
  }

  it('every write acknowledged before the kill is there after restart; nothing is half-written; projections equal a rebuild', async () => {
    server = await spawnServer(dataDir, env);
    const url = server.url;
    let killed = false;
    const acked = () => sent.filter((s) => s.acknowledged).length;
    const drivers = Array.from({ length: 8 }, () => driver(url, () => killed));
    // Kill once the load is well under way, with writes in flight.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (acked() >= 300) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    // Group commit was at work: more appends than transactions, several per fsync.
    const grouped = await groupCommits(url);
    server.proc.kill('SIGKILL');
    killed = true;
    await waitForExit(server.proc);
    await Promise.all(drivers);
    expect(grouped.appends).toBeGreaterThan(grouped.commits);
    const acknowledged = sent.filter((s) => s.acknowledged);
    const inFlight = sent.length - acknowledged.length;

    // Restart on the same files.
    server = await spawnServer(dataDir, env);
    let found = 0;
    const histories = new Map<
      string,
      { revision: number; eventId: string; metadata: { commandId: string } }[]
    >();
    const history = async (matchId: string) => {
      if (!histories.has(matchId)) {
        const res = await post(
          server!.url,
          JSON.stringify({
            query: `query($m: String!) { matchHistory(matchId: $m) { revision eventId metadata { commandId } } }`,
            variables: { m: matchId },
          }),
        );
        histories.set(matchId, res.body.data.matchHistory);
      }
      return histories.get(matchId)!;
    };
    for (const a of acknowledged) {
      const events = (await history(a.matchId)).filter((e) => e.metadata.commandId === a.commandId);
      if (
        events.length === a.acknowledged!.eventIds.length &&
        events.every((e, i) => e.eventId === a.acknowledged!.eventIds[i]) &&
        events[events.length - 1].revision === a.acknowledged!.revision
      )
        found++;
    }
    console.log(
      `crash: ${sent.length} writes sent, ${acknowledged.length} acknowledged before SIGKILL, ${found} of them found after restart; ${inFlight} in flight or refused at the kill`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    expect(found).toBe(acknowledged.length);

    // All or nothing for every command, acknowledged or not: no stream holds part of one.
    for (const s of sent.filter((x) => x.matchId)) {
      const events = (await history(s.matchId).catch(() => [])).filter(
        (e) => e.metadata.commandId === s.commandId,
      );
      expect([0, s.expectedEvents]).toContain(events.length);
      if (s.acknowledged) expect(events.length).toBe(s.expectedEvents);
    }
    // Streams are gap-free.
    for (const events of histories.values())
      expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));

    // The server accepts writes again after the restart.
    const again = await write(
      server.url,
      'scheduleMatch',
      'ScheduleMatchInput',
      {
        raceTo: 1,
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
      },
      1,
    );
    expect(again).not.toBeNull();

    // Stop it cleanly, then compare the live read model with one rebuilt from the ledger alone.
    server.proc.kill('SIGTERM');
    await waitForExit(server.proc);
    const ledgerFile = join(dataDir, 'ledger.sqlite');
    const check = new Database(ledgerFile, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    const store = new SqliteEventStore({ filename: ledgerFile });
    const live = new ReadModel(join(dataDir, 'read-model.sqlite'));
    const rebuilt = new ReadModel(join(dataDir, 'rebuilt.sqlite'));
    await new MatchProjector(store, rebuilt).catchUp();
    const byId = (rm: ReadModel) =>
      new Map(
        rm
          .matchPage(undefined, 100_000)
          .map((r) => r.state)
          .map((m) => [m.id, m]),
      );
    const liveMatches = byId(live);
    expect(liveMatches.size).toBeGreaterThan(0);
    expect(liveMatches).toEqual(byId(rebuilt));
    live.close();
    rebuilt.close();
    await store.close();
  });
});
