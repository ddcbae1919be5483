import type { LedgerEvent, MatchCommand } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { changedResults } from '../../src/ratings/changed-results';
import { ratingsProjection } from '../../src/ratings/ratings.projection';
import { RatingsService } from '../../src/ratings/ratings.service';
import { ANA, BRUNO, revisionOf, Table } from '../support/match-fixtures';
import { matchStream, toAppend } from '../../src/ledger/envelope';
import { NO_STREAM } from '../../src/ledger/event-store';
import { sealEvents } from '../../src/ledger/hash-chain';
import { tickingClock } from '../support/recorded-ledger';

// A 9-ball match played through the real decider, recorded command by command and projected after
// each write (as the server does), so every batch holds one command's events.
class RecordedTable {
  readonly table = new Table({ discipline: 'NINE_BALL', raceTo: 5 });
  readonly store = new SqliteEventStore({ filename: ':memory:' });
  readonly views = new ReadModel(':memory:', [ratingsProjection]);
  readonly projector = new MatchProjector(this.store, this.views);
  readonly ratings = new RatingsService(this.views);
  private recorded = 0;
  private writes = 0;
  private readonly clock = tickingClock();

  // Appends the events decided since the last flush as one write, chained as the API chains them.
  async flush(): Promise<void> {
    const fresh = this.table.history.slice(this.recorded);
    this.recorded = this.table.history.length;
    if (fresh.length) {
      const stream = matchStream('m1');
      const head = (await this.store.readStream(stream)).at(-1) ?? null;
      const at = this.clock.now().toISOString();
      const meta = {
        recordedBy: 'scorer-1',
        role: 'SCORER' as const,
        recordedAt: at,
        occurredAt: at,
        origin: null,
        commandId: `write-${++this.writes}`,
        correlationId: 'ratings-spec',
        causationId: null,
        engineVersion: 'test',
        ruleProfile: null,
      };
      const events = sealEvents(stream, head, toAppend(fresh, meta));
      await this.store.append(stream, events, head ? head.revision : NO_STREAM);
    }
    await this.projector.catchUp();
  }

  async run(command: MatchCommand): Promise<LedgerEvent[]> {
    const events = this.table.run(command);
    await this.flush();
    return events;
  }

  async breakWith(player: string, balls: number[]): Promise<void> {
    this.table.break(
      player,
      balls.map((ball) => ({ ball, pocket: 'FR' as const })),
    );
    await this.flush();
  }

  async eventIdAt(revision: number): Promise<string> {
    return (await this.store.readStream('match-m1'))[revision].eventId;
  }

  rows() {
    return this.views.database
      .prepare('SELECT * FROM rating_games ORDER BY match_id, game_number')
      .all();
  }

  feed() {
    return changedResults(this.views.database, 0, 100);
  }
}

describe('rated games and the changed-results feed', () => {
  it('rates each game won with the GameEnded behind it (N9.3: the 9 on the break wins)', async () => {
    const t = new RecordedTable();
    await t.flush();
    expect(t.rows()).toEqual([]);
    await t.breakWith(ANA.id, [9]);
    const ended = revisionOf(t.table, 'GameEnded');
    expect(t.rows()).toEqual([
      expect.objectContaining({
        match_id: 'm1',
        game_number: 1,
        discipline: 'NINE_BALL',
        winner: ANA.id,
        loser: BRUNO.id,
        event_ids: JSON.stringify([await t.eventIdAt(ended)]),
      }),
    ]);
    const ana = t.ratings.rating(ANA.id, 'NINE_BALL')!;
    expect(ana).toMatchObject({ games: 1, wins: 1, rank: 1 });
    expect(ana.lastChange).toEqual([
      expect.objectContaining({ gameNumber: 1, eventIds: [await t.eventIdAt(ended)] }),
    ]);
    expect(t.feed()).toEqual([]);
  });

  it('an appeal that corrects the last shot of a rated game (a scratch on the 9-ball break) is on the feed exactly once, and the ratings refit', async () => {
    const t = new RecordedTable();
    await t.breakWith(ANA.id, [9]);
    const breakShot = revisionOf(t.table, 'ShotPlayed');
    await t.breakWith(ANA.id, [2]);
    const before = t.ratings.rating(ANA.id, 'NINE_BALL')!;
    expect(before.wins).toBe(1);

    await t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: breakShot,
      grounds: 'The cue ball went in after the 9',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    expect(t.feed()).toEqual([]);
    const decision = await t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'ALLOWED',
      reason: 'Scratch seen on video (G1.20)',
    });
    expect(decision[0].type).toBe('AppealDecided');
    const decided = revisionOf(t.table, 'AppealDecided');
    expect(t.feed()).toEqual([
      expect.objectContaining({
        seq: 1,
        matchId: 'm1',
        gameNumber: 1,
        discipline: 'NINE_BALL',
        old: { winner: ANA.id, loser: BRUNO.id },
        new: null,
        eventId: await t.eventIdAt(decided),
        eventType: 'AppealDecided',
        recordedAt: expect.any(String),
      }),
    ]);
    // The game is back in play: no rated game is left, so neither player has a rating.
    expect(t.rows()).toEqual([]);
    expect(t.ratings.rating(ANA.id, 'NINE_BALL')).toBeNull();

    // Play on: Bruno, with ball in hand, pockets the 9 on a legal hit of the 1 (N9.3) and wins
    // the frame; the new result is rated, and the feed does not repeat the change.
    t.table.shoot(BRUNO.id, {
      firstContact: 1,
      pocketed: [{ ball: 9, pocket: 'SL' }],
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    await t.flush();
    expect(t.rows()).toEqual([
      expect.objectContaining({ game_number: 1, winner: BRUNO.id, loser: ANA.id }),
    ]);
    expect(t.ratings.rating(BRUNO.id, 'NINE_BALL')).toMatchObject({ wins: 1, rank: 1 });
    expect(t.feed()).toHaveLength(1);
    await t.projector.catchUp();
    expect(t.feed()).toHaveLength(1);
  });

  it('an appeal that awards a rated game to the other player changes its result once; the rating refits and traces to both events', async () => {
    const t = new RecordedTable();
    await t.breakWith(ANA.id, [9]);
    const breakShot = revisionOf(t.table, 'ShotPlayed');
    const ended = await t.eventIdAt(revisionOf(t.table, 'GameEnded'));
    const anaBefore = t.ratings.rating(ANA.id, 'NINE_BALL')!.rating;
    await t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: breakShot,
      grounds: 'Ana was coached from the rail',
      proposal: { kind: 'AWARD_GAME', player: BRUNO.id },
    });
    await t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'ALLOWED',
      reason: 'Coaching proved',
    });
    const decision = await t.eventIdAt(revisionOf(t.table, 'AppealDecided'));
    expect(t.feed()).toEqual([
      expect.objectContaining({
        gameNumber: 1,
        old: { winner: ANA.id, loser: BRUNO.id },
        new: { winner: BRUNO.id, loser: ANA.id },
        eventId: decision,
      }),
    ]);
    const ana = t.ratings.rating(ANA.id, 'NINE_BALL')!;
    const bruno = t.ratings.rating(BRUNO.id, 'NINE_BALL')!;
    expect(ana.rating).toBeLessThan(anaBefore);
    expect(ana).toMatchObject({ wins: 0, games: 1, rank: 2 });
    expect(bruno).toMatchObject({ wins: 1, rank: 1 });
    expect(bruno.lastChange).toEqual([
      expect.objectContaining({ gameNumber: 1, winner: BRUNO.id, eventIds: [ended, decision] }),
    ]);

    // Live equals rebuilt: the same rows and the same single feed entry from zero.
    const live = { rows: t.rows(), feed: t.feed() };
    await t.projector.rebuild();
    expect({ rows: t.rows(), feed: t.feed() }).toEqual(live);
  });
});
