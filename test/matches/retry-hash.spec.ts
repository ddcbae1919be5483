import type { MatchCommand } from '../../src/domain';
import { emptyFacts } from '../../src/domain/events/shot-facts';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService, type CommandOutcome } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { ANA, BRUNO } from '../support/match-fixtures';
import { tickingClock } from '../support/recorded-ledger';

// A retry is the same command when the client sent the same thing, whatever the write path read
// to complete it meanwhile: the registry's names and defaults for a schedule, the competition's
// appeal policy for an appeal, its committee for a decision (docs/security.md, idempotency).

const ctx = (commandId: string): CommandContext => ({
  actor: 'admin-1',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: null,
  commandId,
  correlationId: 'retry-hash',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

type Schedule = Extract<MatchCommand, { type: 'ScheduleMatch' }>;

describe('a retry after the write path read something else to complete the command', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:');
  const service = new MatchCommandService(
    store,
    new MatchProjector(store, readModel),
    tickingClock(),
  );
  const matchId = 'retry-hash';
  const draft = {
    type: 'ScheduleMatch' as const,
    matchId,
    raceTo: 2,
    players: [{ id: ANA.id }, { id: BRUNO.id }],
    breakOrder: 'WINNER' as const,
    refereePresent: true,
    competition: null,
  };
  // As the registry completed the draft, then after a player was renamed in it.
  const resolved = (anaName: string): Schedule => ({
    ...draft,
    discipline: 'EIGHT_BALL',
    ruleProfile: 'FPB',
    players: [{ ...ANA, name: anaName }, BRUNO],
  });
  const count = async () => (await store.readStream(`match-${matchId}`)).length;
  let ruled = -1;

  beforeAll(async () => {
    await service.schedule(resolved('Ana'), ctx('schedule'), draft);
    await service.handle(
      matchId,
      { type: 'DecideBreakOrder', method: 'COIN_TOSS', winner: ANA.id },
      ctx('order'),
    );
    await service.handle(
      matchId,
      { type: 'ChooseOption', player: ANA.id, option: 'BREAK' },
      ctx('break-choice'),
    );
    const shot: MatchCommand = {
      type: 'PlayShot',
      shooter: ANA.id,
      facts: emptyFacts({
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        railContactsAfterFirstContact: [{ ball: 0 }],
      }),
    };
    const out = await service.handle(matchId, shot, ctx('break'));
    ruled = out.events.find((e) => e.event.type === 'ShotAdjudicated')!.revision;
  });
  afterAll(async () => {
    await store.close();
    readModel.close();
  });

  const same = (a: CommandOutcome, b: CommandOutcome) =>
    expect(b.events.map((e) => e.revision)).toEqual(a.events.map((e) => e.revision));

  it('a schedule retried after the registry renamed a player gets the original result', async () => {
    const before = await count();
    const retried = await service.schedule(resolved('Ana Sousa'), ctx('schedule'), draft);
    expect(retried.events.map((e) => e.revision)).toEqual([0]);
    expect(retried.state.players[0].name).toBe('Ana');
    expect(await count()).toBe(before);
    // Another draft under the same id is still a mistake.
    await expect(
      service.schedule(resolved('Ana'), ctx('schedule'), { ...draft, raceTo: 3 }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  // Recorded by a build that hashed the command as completed (`sent` was the whole command).
  it('a retry of a command recorded under the older hash, over the completed command, is still recognised', async () => {
    const older = { ...draft, matchId: 'retry-hash-older' };
    const completed: Schedule = { ...resolved('Ana'), matchId: older.matchId };
    const first = await service.schedule(completed, ctx('schedule-older'), completed);
    same(first, await service.schedule(completed, ctx('schedule-older'), older));
    expect((await store.readStream(`match-${older.matchId}`)).length).toBe(1);
  });

  it('an appeal, its hearing notes and its decision retried after the policy and the committee changed get the original results', async () => {
    const appeal = (appealWindowMinutes: number): MatchCommand => ({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: ruled,
      grounds: 'The cue ball dropped',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
      policy: { appealWindowMinutes, committee: ['ac-1'] },
    });
    const filed = await service.handle(matchId, appeal(60), ctx('file'));
    const decision = (committee: string[]): MatchCommand => ({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'DISMISSED',
      reason: 'Not seen',
      committee,
    });
    const notes = (committee: string[]): MatchCommand => ({
      type: 'AttachAppealEvidence',
      appealId: 'A1',
      by: 'ac-1',
      role: 'APPEALS_COMMITTEE',
      kind: 'HEARING_NOTES',
      text: 'Heard both players',
      committee,
    });
    const noted = await service.handle(matchId, notes(['ac-1']), ctx('notes'));
    const decided = await service.handle(matchId, decision(['ac-1']), ctx('decide'));
    const before = await count();

    same(filed, await service.handle(matchId, appeal(90), ctx('file')));
    same(noted, await service.handle(matchId, notes(['ac-1', 'ac-2']), ctx('notes')));
    same(decided, await service.handle(matchId, decision(['ac-1', 'ac-2']), ctx('decide')));
    expect(await count()).toBe(before);
    // What the client sent, changed under the same id, is refused.
    await expect(
      service.handle(
        matchId,
        { ...decision(['ac-1']), reason: 'Other' } as MatchCommand,
        ctx('decide'),
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});
