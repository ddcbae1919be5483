import { s } from './dom.js';
import { ball, ballSet } from './balls.js';
import { t } from './i18n.js';
import { lt } from './layouts.js';

// A top-down table, head end on the left (the head-left corner top left). With a recorded layout
// the balls stand where it puts them, to scale; without one, the balls still on the table stand
// racked around the foot spot and the cue ball at the head (or in hand): a list, not positions.
const W = 1000;
const H = 540;
const RAIL = 44;
const R = 20;
const HEAD_STRING_X = RAIL + (W - 2 * RAIL) / 4;
const FOOT_SPOT_X = RAIL + ((W - 2 * RAIL) * 3) / 4;

function pockets() {
  const xs = [RAIL - 6, W / 2, W - RAIL + 6];
  return [RAIL - 6, H - RAIL + 6].flatMap((y) =>
    xs.map((x) => s('circle', { cx: x, cy: y, r: 24, fill: '#0b0b0b' })),
  );
}

// Triangle rows from the foot spot outwards: 1, 2, 3, 4, 5 balls.
function rackPositions(count) {
  const out = [];
  for (let rowN = 0; out.length < count; rowN++)
    for (let j = 0; j <= rowN && out.length < count; j++)
      out.push([FOOT_SPOT_X + rowN * R * 1.75, H / 2 + (j - rowN / 2) * (2 * R + 1)]);
  return out;
}

function cueBall(game) {
  const inHand = game.ballInHand !== 'NONE';
  const x =
    game.ballInHand === 'BEHIND_HEAD_STRING' ? HEAD_STRING_X / 2 + RAIL / 2 : HEAD_STRING_X + 60;
  const parts = [ball(0, x, H / 2, R)];
  if (inHand)
    parts.unshift(
      s('circle', {
        cx: x,
        cy: H / 2,
        r: R + 9,
        fill: 'none',
        stroke: '#ffe066',
        'stroke-width': 4,
        'stroke-dasharray': '6 5',
        class: 'in-hand',
      }),
    );
  return s('g', { 'data-cue': game.ballInHand }, parts);
}

// The playing surface in millimetres (docs/rules.md, Table layouts).
const SURFACE = {
  SEVEN_FOOT: [1981, 991],
  EIGHT_FOOT: [2235, 1118],
  NINE_FOOT: [2540, 1270],
};
const BALL_RADIUS_MM = 57.15 / 2;

function laidOut(layout) {
  const [length, width] = SURFACE[layout.table];
  const sx = (W - 2 * RAIL) / length;
  const sy = (H - 2 * RAIL) / width;
  const flagged = new Set(layout.checks.map((c) => c.ball));
  const g = s('g', { 'data-layout-balls': '' });
  for (const b of layout.balls) {
    const cx = RAIL + b.x * sx;
    const cy = RAIL + b.y * sy;
    if (flagged.has(b.ball))
      g.append(
        s('circle', {
          cx,
          cy,
          r: BALL_RADIUS_MM * sx + 7,
          fill: 'none',
          stroke: '#ffb703',
          'stroke-width': 3,
          class: 'checked',
        }),
      );
    g.append(ball(b.ball, cx, cy, BALL_RADIUS_MM * sx, { 'data-x': b.x, 'data-y': b.y }));
  }
  return g;
}

export function drawTable(match, game, layout = null) {
  const balls = game ? game.ballsOnTable : ballSet(match.discipline);
  if (layout) return withLayout(base(lt('layoutShown')), layout);
  const label = game
    ? `${t('table')}: ${t('onTable').toLowerCase()} ${balls.join(', ') || t('none')}; ${t('ballInHand').toLowerCase()}: ${t(`bih_${game.ballInHand}`)}`
    : t('table');
  const svg = base(label);
  const onTable = s('g', { 'data-on-table': '' });
  rackPositions(balls.length).forEach(([x, y], i) => onTable.append(ball(balls[i], x, y, R)));
  svg.append(onTable);
  if (game && game.status !== 'OVER') svg.append(cueBall(game));
  return svg;
}

function withLayout(svg, layout) {
  svg.dataset.layout = layout.table;
  const names = layout.balls.map((b) => (b.ball === 0 ? t('cueBall') : b.ball)).join(', ');
  svg.setAttribute('aria-label', `${lt('layoutShown')}: ${names}`);
  svg.append(laidOut(layout));
  return svg;
}

function base(label) {
  return s(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, class: 'table', id: 'table', role: 'img', 'aria-label': label },
    s('title', {}, label),
    s('rect', { x: 0, y: 0, width: W, height: H, rx: 28, fill: '#5b3a1e' }),
    s('rect', { x: RAIL, y: RAIL, width: W - 2 * RAIL, height: H - 2 * RAIL, fill: '#1d6b45' }),
    ...pockets(),
    s('line', {
      x1: HEAD_STRING_X,
      y1: RAIL,
      x2: HEAD_STRING_X,
      y2: H - RAIL,
      stroke: '#cfe8d8',
      'stroke-width': 2,
      'stroke-dasharray': '8 8',
    }),
    s('circle', { cx: FOOT_SPOT_X, cy: H / 2, r: 4, fill: '#cfe8d8' }),
  );
}
