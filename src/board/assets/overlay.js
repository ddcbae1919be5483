import { byId, h, replace } from './dom.js';
import { follow, gql } from './gql.js';
import { t } from './i18n.js';

// /matches/:id/overlay for a stream: players, score, race, shooter, balls left, on a transparent
// background. One query and one subscription (matchUpdated) per load.
const matchId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const FIELDS = `id status raceTo revision winner players { id name score }
  currentGame { shooter ballsOnTable status }`;
const QUERY = `query($id: String!) { match(id: $id) { ${FIELDS} } }`;
const LIVE = `subscription($m: ID!) { matchUpdated(matchId: $m) { match { ${FIELDS} } } }`;

let shown = null;

function render(m) {
  if (shown && shown.revision > m.revision) return;
  shown = m;
  const shooter = m.currentGame?.status === 'IN_PROGRESS' ? m.currentGame.shooter : null;
  // Balls left in the game being played (none once the match is over).
  const balls = m.status === 'COMPLETED' ? [] : (m.currentGame?.ballsOnTable ?? []);
  const row = (p) =>
    h(
      'div',
      { class: `player${p.id === shooter ? ' shooting' : ''}`, 'data-player': p.id },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, p.id === shooter ? '▶' : ''),
      h('span', { class: 'name' }, p.name),
      h('span', { class: 'score', 'data-score': p.score }, String(p.score)),
    );
  const box = byId('overlay');
  box.dataset.revision = String(m.revision);
  replace(
    box,
    h('h1', { class: 'visually-hidden' }, t('overlayTitle')),
    row(m.players[0]),
    row(m.players[1]),
    h(
      'p',
      { class: 'meta' },
      h('span', {}, `${t('raceTo')} ${m.raceTo}`),
      shooter ? h('span', { class: 'visually-hidden' }, `${t('shooter')}: ${shooter}`) : null,
      h(
        'span',
        { class: 'balls', 'data-balls': balls.join(' ') },
        `${t('ballsLeft')}: `,
        balls.map((b) => h('span', { class: `ball b${b}` }, String(b))),
      ),
    ),
  );
}

async function load() {
  const d = await gql(QUERY, { id: matchId });
  render(d.match);
}

follow(
  LIVE,
  { m: matchId },
  {
    onData: (d) => render(d.matchUpdated.match),
    onOpen: () =>
      load().catch((e) => (byId('overlay').textContent = `${t('error')}: ${e.message}`)),
  },
).catch(() => load());
