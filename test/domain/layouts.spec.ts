import type { LayoutRecorded } from '../../src/domain/events/layout';
import { emptyFacts } from '../../src/domain/events/shot-facts';
import {
  BALL_RADIUS_MM,
  headStringX,
  PLAYING_SURFACE,
  type BallPosition,
  type Layout,
} from '../../src/domain/table/layout';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// Table layouts: where the balls lay, validated against the table and checked against the facts
// recorded with them (G1.16, G1.36, G1.37); they never change a ruling.

const LENGTH = PLAYING_SURFACE.NINE_FOOT.length;
const LINE = headStringX('NINE_FOOT');

// The object balls on a grid beyond the head string, the cue ball in the kitchen.
function layoutOf(
  balls: number[],
  cue: { x: number; y: number } | null = { x: 400, y: 600 },
): Layout {
  const spread: BallPosition[] = balls.map((ball, i) => ({
    ball,
    x: 1200 + (i % 5) * 150,
    y: 200 + Math.floor(i / 5) * 200,
  }));
  return { table: 'NINE_FOOT', balls: [...(cue ? [{ ball: 0, ...cue }] : []), ...spread] };
}

function move(layout: Layout, ball: number, to: { x: number; y: number }): Layout {
  return { ...layout, balls: layout.balls.map((b) => (b.ball === ball ? { ball, ...to } : b)) };
}

function afterBreak(): Table {
  const t = new Table({ discipline: 'NINE_BALL' });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  return t;
}

const onTable = (t: Table) => t.state.currentGame!.ballsOnTable;

describe('a layout recorded on its own', () => {
  it('records a valid layout with nothing to say, and changes no play', () => {
    const t = afterBreak();
    const layout = layoutOf(onTable(t));
    given(...t.history)
      .when({ type: 'RecordLayout', by: 'referee-1', layout })
      .then((events, after) => {
        const l = only(events, 'LayoutRecorded').data;
        expect(events).toHaveLength(1);
        expect(l).toMatchObject({ attachedTo: 'NONE', gameNumber: 1, shotNumber: 2, checks: [] });
        expect(l.layout.balls.map((b) => b.ball)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
        expect({ ...after, version: 0 }).toEqual({ ...t.state, version: 0 });
      });
  });

  it('refuses overlapping balls', () => {
    const t = afterBreak();
    const layout = move(layoutOf(onTable(t)), 2, { x: 1230, y: 210 });
    given(...t.history)
      .when({ type: 'RecordLayout', by: 'referee-1', layout })
      .thenRefuses('INVALID_LAYOUT', /balls 1 and 2 overlap/);
  });

  it('refuses a ball off the playing surface', () => {
    const t = afterBreak();
    const layout = move(layoutOf(onTable(t)), 9, { x: LENGTH - 10, y: 600 });
    given(...t.history)
      .when({ type: 'RecordLayout', by: 'referee-1', layout })
      .thenRefuses('INVALID_LAYOUT', /ball 9 is off the playing surface/);
  });

  it('refuses a ball that is not on the table (pocketed on the break), and one left out', () => {
    const t = afterBreak();
    given(...t.history)
      .when({ type: 'RecordLayout', by: 'referee-1', layout: layoutOf([...onTable(t), 3]) })
      .thenRefuses('BALL_NOT_ON_TABLE', /Ball 3/);
    given(...t.history)
      .when({ type: 'RecordLayout', by: 'referee-1', layout: layoutOf(onTable(t).slice(1)) })
      .thenRefuses('INVALID_LAYOUT', /missing from the layout: 1/);
  });
});

describe('a layout recorded with a fact', () => {
  it('goes just before the shot it belongs to, and the ruling is the same as without it', () => {
    const t = afterBreak();
    const facts = emptyFacts({ firstContact: 1, pocketed: [{ ball: 1, pocket: 'SL' }] });
    const bare = new Table({ discipline: 'NINE_BALL' });
    bare.history.splice(0, bare.history.length, ...t.history);
    const without = bare.run({ type: 'PlayShot', shooter: ANA.id, facts });
    given(...t.history)
      .when({ type: 'PlayShot', shooter: ANA.id, facts, layout: layoutOf(onTable(t)) })
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual([
          'LayoutRecorded',
          ...without.map((e) => e.type),
        ]);
        expect(only(events, 'LayoutRecorded').data.attachedTo).toBe('SHOT');
        expect(events.slice(1)).toEqual(without);
      });
  });

  it('says when a ball declared frozen is not touching its cushion (G1.36)', () => {
    const t = afterBreak();
    const layout = move(layoutOf(onTable(t)), 5, { x: LENGTH - BALL_RADIUS_MM - 20, y: 700 });
    given(...t.history)
      .when({ type: 'DeclareFrozenBall', declaredBy: 'bruno', ball: 5, cushion: 'FOOT', layout })
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['LayoutRecorded', 'FrozenBallDeclared']);
        const l = only(events, 'LayoutRecorded').data;
        expect(l.attachedTo).toBe('FROZEN_BALL');
        expect(l.checks).toEqual([
          expect.objectContaining({ finding: 'FROZEN_NOT_TOUCHING', ball: 5, rule: 'G1.36' }),
        ]);
        expect(l.checks[0].explanation).toMatch(/20 mm from it.*\(G1\.36\)/);
      });
    // Touching within the tolerance: nothing to say.
    const frozen = move(layout, 5, { x: LENGTH - BALL_RADIUS_MM - 2, y: 700 });
    given(...t.history)
      .when({
        type: 'DeclareFrozenBall',
        declaredBy: BRUNO.id,
        ball: 5,
        cushion: 'FOOT',
        layout: frozen,
      })
      .then((events) => expect(only(events, 'LayoutRecorded').data.checks).toEqual([]));
  });

  it('says when the cue ball is placed beyond the head string under kitchen ball in hand (G1.16), and names an object ball on the line (G1.37)', () => {
    const t = new Table({ discipline: 'EIGHT_BALL' });
    t.shoot(ANA.id, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      cueBallScratched: true,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    expect(t.state.currentGame).toMatchObject({
      shooter: BRUNO.id,
      ballInHand: 'BEHIND_HEAD_STRING',
    });
    const beyond = move(layoutOf(onTable(t), { x: LINE + 100, y: 600 }), 15, { x: LINE, y: 300 });
    given(...t.history)
      .when({ type: 'PlaceCueBall', player: BRUNO.id, zone: 'KITCHEN', layout: beyond })
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['LayoutRecorded', 'CueBallPlaced']);
        const checks = (only(events, 'LayoutRecorded').data as LayoutRecorded['data']).checks;
        expect(checks.map((c) => [c.finding, c.ball, c.rule])).toEqual([
          ['PLACED_BEYOND_HEAD_STRING', 0, 'G1.16'],
          ['OBJECT_BALL_ON_HEAD_STRING', 15, 'G1.37'],
        ]);
      });
    // A placement without its cue ball is refused.
    given(...t.history)
      .when({
        type: 'PlaceCueBall',
        player: BRUNO.id,
        zone: 'KITCHEN',
        layout: layoutOf(onTable(t), null),
      })
      .thenRefuses('INVALID_LAYOUT', /no cue ball/);
  });

  it('says when the first ball hit lies elsewhere than recorded (G1.37)', () => {
    const t = afterBreak();
    const facts = emptyFacts({
      firstContact: 1,
      firstContactPosition: 'KITCHEN',
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    given(...t.history)
      .when({ type: 'PlayShot', shooter: ANA.id, facts, layout: layoutOf(onTable(t)) })
      .then((events) => {
        expect(only(events, 'LayoutRecorded').data.checks).toEqual([
          expect.objectContaining({
            finding: 'FIRST_CONTACT_POSITION_DIFFERS',
            ball: 1,
            rule: 'G1.37',
          }),
        ]);
      });
  });
});

describe('correcting and proposing layouts', () => {
  it('corrects a layout by a cited correction, checked against the same facts (G1.36)', () => {
    const t = afterBreak();
    const layout = move(layoutOf(onTable(t)), 5, { x: LENGTH - BALL_RADIUS_MM - 20, y: 700 });
    t.run({ type: 'DeclareFrozenBall', declaredBy: BRUNO.id, ball: 5, cushion: 'FOOT', layout });
    const revision = revisionOf(t, 'LayoutRecorded');
    const fixed = move(layout, 5, { x: LENGTH - BALL_RADIUS_MM, y: 700 });
    given(...t.history)
      .when({
        type: 'RecordLayout',
        by: 'referee-1',
        layout: fixed,
        corrects: { revision, reason: 'the 5 was against the foot cushion' },
      })
      .then((events) => {
        const l = only(events, 'LayoutRecorded').data;
        expect(l).toMatchObject({ attachedTo: 'FROZEN_BALL', checks: [], corrects: { revision } });
        expect(l.context.frozen).toEqual([{ ball: 5, cushion: 'FOOT' }]);
      });
    given(...t.history)
      .when({
        type: 'RecordLayout',
        by: 'referee-1',
        layout: fixed,
        corrects: { revision, reason: ' ' },
      })
      .thenRefuses('REASON_REQUIRED');
    given(...t.history)
      .when({
        type: 'RecordLayout',
        by: 'referee-1',
        layout: fixed,
        corrects: { revision: revision + 1, reason: 'x' },
      })
      .thenRefuses('INVALID_CORRECTION');
    given(...t.history)
      .when({
        type: 'RecordLayout',
        by: 'referee-1',
        layout: layoutOf(onTable(t).slice(1)),
        corrects: { revision, reason: 'x' },
      })
      .thenRefuses('INVALID_LAYOUT', /same balls/);
  });

  it("records an appellant's proposed layout for the disputed shot, checked against its facts (G1.37)", () => {
    const t = afterBreak();
    const balls = onTable(t);
    const facts = {
      firstContact: 1,
      firstContactPosition: 'BEYOND_HEAD_STRING' as const,
      railContactsAfterFirstContact: [{ ball: 0 }],
    };
    t.run({ type: 'PlayShot', shooter: ANA.id, facts: emptyFacts(facts), layout: layoutOf(balls) });
    const shot = revisionOf(t, 'ShotPlayed', 2);
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: shot + 1,
      grounds: 'the 1 was on the line',
      proposal: { kind: 'REPLAY_GAME' },
    });
    const proposed = move(layoutOf(balls), 1, { x: LINE, y: 200 });
    given(...t.history)
      .when({ type: 'RecordLayout', by: BRUNO.id, layout: proposed, appealId: 'A1' })
      .then((events) => {
        const l = only(events, 'LayoutRecorded').data;
        expect(l.proposedFor).toEqual({ appealId: 'A1', againstRevision: shot + 1 });
        expect(l.checks.map((c) => [c.finding, c.rule])).toEqual([
          ['FIRST_CONTACT_POSITION_DIFFERS', 'G1.37'],
        ]);
      });
    given(...t.history)
      .when({ type: 'RecordLayout', by: ANA.id, layout: proposed, appealId: 'A1' })
      .thenRefuses('NOT_THE_APPELLANT');
  });
});
