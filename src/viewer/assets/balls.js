import { h, s } from './dom.js';
import { t } from './i18n.js';

// Ball colours (1–7 solids, 9–15 the same colours striped). Colour is never the only cue: every
// ball carries its number, stripes are drawn as a band, and each ball has a text name.
const COLOURS = [
  '#f7f7f2',
  '#f2c300',
  '#1d4ed8',
  '#d62828',
  '#6a2c91',
  '#f77f00',
  '#137a3b',
  '#7a1f1f',
  '#111111',
];
const colour = (n) => COLOURS[n === 8 ? 8 : n > 8 ? n - 8 : n];

let clipId = 0;

export function ballName(n) {
  if (n === 0) return t('cueBall');
  return `${t('ball')} ${n}${n === 8 ? '' : n > 8 ? `, ${t('stripe')}` : `, ${t('solid')}`}`;
}

// One ball as an SVG group: body, stripe band, number disc and number.
export function ball(n, cx, cy, r, extra = {}) {
  const name = ballName(n);
  const g = s(
    'g',
    { 'data-ball': n, role: 'img', 'aria-label': name, class: 'ball', ...extra },
    s('title', {}, name),
  );
  if (n === 0) {
    g.append(s('circle', { cx, cy, r, fill: COLOURS[0], stroke: '#333', 'stroke-width': r / 8 }));
    return g;
  }
  if (n > 8) {
    const id = `ball-clip-${++clipId}`;
    g.append(
      s('clipPath', { id }, s('circle', { cx, cy, r })),
      s('circle', { cx, cy, r, fill: COLOURS[0] }),
      s('rect', {
        x: cx - r,
        y: cy - r * 0.55,
        width: 2 * r,
        height: r * 1.1,
        fill: colour(n),
        'clip-path': `url(#${id})`,
      }),
    );
  } else {
    g.append(s('circle', { cx, cy, r, fill: colour(n) }));
  }
  g.append(
    s('circle', { cx, cy, r, fill: 'none', stroke: '#222', 'stroke-width': r / 10 }),
    s('circle', { cx, cy, r: r * 0.52, fill: '#fff' }),
    s(
      'text',
      {
        x: cx,
        y: cy,
        'font-size': r * 0.78,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        class: 'ball-number',
      },
      n,
    ),
  );
  return g;
}

export function ballSet(discipline) {
  const top = discipline === 'NINE_BALL' ? 9 : discipline === 'TEN_BALL' ? 10 : 15;
  return Array.from({ length: top }, (_, i) => i + 1);
}

// The groups of the rack panel: 8-ball solids, the 8 and stripes (with their player once the
// table is closed); rotation games one group, lowest first.
function groupsOf(match, game) {
  const all = ballSet(match.discipline);
  if (match.discipline !== 'EIGHT_BALL') return [{ label: t('objectBalls'), balls: all }];
  const owner = (group) => {
    const p = game?.groups?.find((g) => g.group === group)?.player;
    return p ? ` · ${match.players.find((x) => x.id === p)?.name ?? p}` : '';
  };
  return [
    { label: t('solids') + owner('SOLIDS'), balls: all.filter((n) => n < 8), key: 'SOLIDS' },
    { label: t('eight'), balls: [8], key: 'EIGHT' },
    { label: t('stripes') + owner('STRIPES'), balls: all.filter((n) => n > 8), key: 'STRIPES' },
  ];
}

function row(balls, r, where) {
  const width = Math.max(1, balls.length) * (2 * r + 6);
  const svg = s('svg', {
    viewBox: `0 0 ${width} ${2 * r + 6}`,
    width,
    height: 2 * r + 6,
    class: `balls ${where}`,
    role: 'group',
    'aria-label': `${t(where)}: ${balls.join(', ') || t('none')}`,
  });
  balls.forEach((n, i) => svg.append(ball(n, r + 3 + i * (2 * r + 6), r + 3, r)));
  return svg;
}

// The rack-style panel: per group, the balls on the table and those pocketed.
export function rackPanel(match, game) {
  const on = new Set(game?.ballsOnTable ?? ballSet(match.discipline));
  return h(
    'div',
    { class: 'rack', id: 'rack' },
    groupsOf(match, game).map((g) =>
      h(
        'div',
        { class: 'rack-group', role: 'group', 'data-group': g.key ?? 'ALL', 'aria-label': g.label },
        h('h3', {}, g.label),
        h(
          'div',
          { class: 'rack-row' },
          h('span', { class: 'rack-label' }, t('onTable')),
          row(
            g.balls.filter((n) => on.has(n)),
            14,
            'onTable',
          ),
        ),
        h(
          'div',
          { class: 'rack-row' },
          h('span', { class: 'rack-label' }, t('pocketed')),
          row(
            g.balls.filter((n) => !on.has(n)),
            11,
            'pocketed',
          ),
        ),
      ),
    ),
  );
}
