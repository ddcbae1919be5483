import { h } from './dom.js';
import { t } from './i18n.js';

export const nameOf = (match, id) => match.players.find((p) => p.id === id)?.name ?? id ?? '';

function groupOf(game, player) {
  const g = game?.groups?.find((x) => x.player === player)?.group;
  return g ? t(g === 'SOLIDS' ? 'solids' : 'stripes') : null;
}

function players(match, state) {
  const game = state.currentGame;
  return h(
    'ul',
    { class: 'players', id: 'players' },
    state.players.map((p) => {
      const shooting = game && game.status !== 'OVER' && game.shooter === p.id;
      return h(
        'li',
        {
          class: shooting ? 'player shooting' : 'player',
          'data-player': p.id,
          'aria-current': shooting ? 'true' : null,
        },
        h('span', { class: 'marker', 'aria-hidden': 'true' }, shooting ? '▶' : ''),
        h('span', { class: 'name' }, nameOf(match, p.id)),
        shooting ? h('span', { class: 'tag shooter' }, t('shooter')) : null,
        groupOf(game, p.id) ? h('span', { class: 'tag' }, groupOf(game, p.id)) : null,
        h('span', { class: 'score', 'aria-label': `${t('score')} ${p.score}` }, p.score),
      );
    }),
  );
}

function facts(match, state) {
  const game = state.currentGame;
  const rows = [[t('raceTo'), match.raceTo]];
  if (game) {
    rows.push([t('game'), `${game.number}${game.rack > 1 ? ` (rack ${game.rack})` : ''}`]);
    if (match.discipline === 'EIGHT_BALL' && !game.groups) rows.push([t('openTable'), t('yes')]);
    const placed = game.cueBallPlacement ? ` (${t('placedAt')}: ${game.cueBallPlacement})` : '';
    rows.push([t('ballInHand'), t(`bih_${game.ballInHand}`) + placed]);
    if (game.call) {
      const c = game.call;
      rows.push([
        t('call'),
        c.safety ? t('safety') : c.pushOut ? t('pushOut') : `${c.ball} → ${c.pocket}`,
      ]);
    }
    if (game.status === 'OVER') rows.push([t('gameOver'), nameOf(match, game.winner)]);
  }
  if (state.winner) rows.push([t('winner'), nameOf(match, state.winner)]);
  return h(
    'dl',
    { class: 'facts', id: 'facts' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

function pending(match, state) {
  const c = state.pendingChoice;
  if (!c) return null;
  return h(
    'p',
    { class: 'pending', id: 'pending' },
    h('strong', {}, `${t('pending')}: `),
    `${nameOf(match, c.player)} · ${c.kind} (${c.rule}) · ${t('options')}: ${c.options.join(', ')}`,
  );
}

// Who is at the table, the score, groups, ball in hand, the call and any choice owed.
export function scoreboard(match, state) {
  return h(
    'div',
    { class: 'scoreboard', id: 'scoreboard' },
    players(match, state),
    facts(match, state),
    pending(match, state),
  );
}
