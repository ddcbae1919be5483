import { BALL_RADIUS_MM, PLAYING_SURFACE, type Layout } from '../../domain/table/layout';

// A recorded layout as a small inline SVG for the printed decision: the playing surface to scale
// (head end on the left, the head-left corner top left, as the viewer draws it), the head string,
// the pockets and each ball with its number beside it. Presentation attributes only: the page's
// CSP allows no style attribute and no script, and inline SVG needs neither.

const RAIL = 60; // mm of rail drawn around the surface
const SOLID = [
  '#f7f7f2',
  '#f2c300',
  '#1d4ed8',
  '#d62828',
  '#6a2c91',
  '#f77f00',
  '#137a3b',
  '#7a1f1f',
];
const colour = (n: number) => (n === 8 ? '#111111' : SOLID[n > 8 ? n - 8 : n]);

const fmt = (n: number) => String(Math.round(n * 10) / 10);
const attrs = (a: Record<string, string | number>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? fmt(v) : v}"`)
    .join('');
const el = (name: string, a: Record<string, string | number>, body = '') =>
  body ? `<${name}${attrs(a)}>${body}</${name}>` : `<${name}${attrs(a)}/>`;

function ballSvg(n: number, x: number, y: number, id: string): string {
  const r = BALL_RADIUS_MM;
  const parts: string[] = [];
  if (n > 8) {
    // A stripe: a white ball with a coloured band, clipped to the ball.
    parts.push(
      el('clipPath', { id: `${id}-${n}` }, el('circle', { cx: x, cy: y, r })),
      el('circle', { cx: x, cy: y, r, fill: SOLID[0] }),
      el('rect', {
        x: x - r,
        y: y - r * 0.55,
        width: 2 * r,
        height: r * 1.1,
        fill: colour(n),
        'clip-path': `url(#${id}-${n})`,
      }),
    );
  } else parts.push(el('circle', { cx: x, cy: y, r, fill: colour(n) }));
  parts.push(el('circle', { cx: x, cy: y, r, fill: 'none', stroke: '#222', 'stroke-width': 3 }));
  const label = el(
    'text',
    { x: x + r + 6, y: y - r, 'font-size': 52, 'font-family': 'sans-serif', fill: '#fff' },
    n === 0 ? 'c' : String(n),
  );
  return el('g', { 'data-ball': n }, parts.join('') + label);
}

// `id` keeps the clip paths of two diagrams on one page apart; `label` names the diagram.
export function diagramSvg(layout: Layout, label: string, id: string): string {
  const { length, width } = PLAYING_SURFACE[layout.table];
  const W = length + 2 * RAIL;
  const H = width + 2 * RAIL;
  const pockets = [RAIL - 10, H - RAIL + 10].flatMap((y) =>
    [RAIL - 10, W / 2, W - RAIL + 10].map((x) =>
      el('circle', { cx: x, cy: y, r: 48, fill: '#0b0b0b' }),
    ),
  );
  const headString = RAIL + length / 4;
  const body = [
    el('title', {}, escapeXml(label)),
    el('rect', { x: 0, y: 0, width: W, height: H, rx: 36, fill: '#5b3a1e' }),
    el('rect', { x: RAIL, y: RAIL, width: length, height: width, fill: '#1d6b45' }),
    ...pockets,
    el('line', {
      x1: headString,
      y1: RAIL,
      x2: headString,
      y2: RAIL + width,
      stroke: '#cfe8d8',
      'stroke-width': 4,
      'stroke-dasharray': '16 16',
    }),
    ...layout.balls.map((b) => ballSvg(b.ball, RAIL + b.x, RAIL + b.y, id)),
  ];
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${fmt(W)} ${fmt(H)}`,
      role: 'img',
      'aria-label': escapeXml(label),
      class: 'layout',
      'data-table': layout.table,
    },
    body.join(''),
  );
}

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => XML[c]);
