import type { MatchCommand } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../../src/kernel/command-context';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchQueryService } from '../../src/matches/match-queries.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { tickingClock } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

const ctx = (commandId: string): CommandContext => ({
  actor: 'admin',
  role: 'ADMIN',
  access: { scope: 'ANY' },
  origin: 'test',
  commandId,
  correlationId: 'game-filing',
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

// Every reader files an event under one game: the one its data names, otherwise the one on the
// table once it is applied. An appeal filed during game 2 against a shot of game 1 is filed under
// game 1, in the history, the audit index and the write's own result alike.
describe('the game an event is filed under', () => {
  it('files an appeal under the game of the shot it disputes', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const readModel = new ReadModel(':memory:');
    const service = new MatchCommandService(
      store,
      new MatchProjector(store, readModel),
      tickingClock(),
    );
    const sim = simulateMatch(11, { matchId: 'filing', raceTo: 2 });
    let shotOfGame1: number | null = null;
    for (const [i, command] of sim.commands.entries()) {
      const outcome =
        i === 0
          ? await service.schedule(
              command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
              ctx(`f-${i}`),
            )
          : await service.handle('filing', command, ctx(`f-${i}`));
      const played = outcome.events.find((r) => r.event.type === 'ShotPlayed');
      if (played && played.gameNumber === 1) shotOfGame1 = played.revision;
      if (outcome.state.currentGame?.number === 2 && outcome.state.currentGame.shotsPlayed > 0)
        break;
    }
    expect(shotOfGame1).not.toBeNull();

    const filed = await service.handle(
      'filing',
      {
        type: 'FileAppeal',
        by: 'p1',
        againstRevision: shotOfGame1!,
        grounds: 'the shot was ruled wrongly',
        proposal: { kind: 'REPLAY_GAME' },
      },
      ctx('f-appeal'),
    );
    expect(filed.state.currentGame!.number).toBe(2);
    expect(filed.events.map((r) => [r.event.type, r.gameNumber])).toEqual([['AppealFiled', 1]]);

    const queries = new MatchQueryService(store, readModel);
    const inGame = async (n: number) =>
      (await queries.history('filing', n)).map((x) => x.event.type);
    expect(await inGame(1)).toContain('AppealFiled');
    expect(await inGame(2)).not.toContain('AppealFiled');
    const audit = readModel.audit({ matchId: 'filing', types: ['AppealFiled'] }, undefined, 10);
    expect(audit.map((a) => a.gameNumber)).toEqual([1]);
  });
});
