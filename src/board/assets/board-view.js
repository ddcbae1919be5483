import { h } from './dom.js';
import { clock, t } from './i18n.js';

// The fields a board shows of each match: the same in the list query and the live updates (few:
// a board load is priced by them, times the matches it may list).
export const ITEM = `competitionId scheduledAt venue tableNumber
  match { id status raceTo final winner revision
    players { id name score }
    currentGame { shooter status } }`;
// The desk's: who officiates and who has signed, too, and the current game's number and breaker
// (for a result entered at the desk).
export const DESK_ITEM = ITEM.replace(
  'revision',
  'revision signatures officials { scorers referees }',
).replace('currentGame { shooter status }', 'currentGame { number breaker shooter status }');

// Keeps the board's matches by id; an update older than what is shown is ignored (the list query
// and the subscription may overlap).
export class BoardState {
  constructor() {
    this.items = new Map();
  }

  load(board) {
    this.items.clear();
    for (const i of [...board.playing, ...board.upcoming, ...board.finished]) this.put(i);
  }

  put(item) {
    const known = this.items.get(item.match.id);
    if (known && known.match.revision > item.match.revision) return false;
    this.items.set(item.match.id, item);
    return true;
  }

  // Takes a match off (it left the list's filter); true when it was shown.
  drop(id) {
    return this.items.delete(id);
  }

  list(status) {
    const all = [...this.items.values()].filter((i) => i.match.status === status);
    if (status === 'IN_PLAY')
      return all.sort((a, b) => (a.tableNumber ?? 1e9) - (b.tableNumber ?? 1e9));
    if (status === 'AWAITING_BREAK_ORDER')
      return all.sort((a, b) => (a.scheduledAt ?? '9').localeCompare(b.scheduledAt ?? '9'));
    return all.reverse();
  }
}

export function scoreLine(m) {
  const [a, b] = m.players;
  const shooter = m.currentGame?.status === 'IN_PROGRESS' ? m.currentGame.shooter : null;
  const side = (p) =>
    h(
      'span',
      { class: `side${p.id === shooter ? ' shooting' : ''}`, 'data-player': p.id },
      h('span', { class: 'name' }, p.name),
      p.id === shooter ? h('span', { class: 'shooter-mark', title: t('shooter') }, ' ●') : null,
    );
  return h(
    'p',
    { class: 'score-line' },
    side(a),
    h('span', { class: 'score', 'data-score': `${a.score}-${b.score}` }, `${a.score} – ${b.score}`),
    side(b),
  );
}

export function matchCard(item, extra = []) {
  const m = item.match;
  const where = [
    item.tableNumber != null ? `${t('table')} ${item.tableNumber}` : null,
    item.scheduledAt && m.status === 'AWAITING_BREAK_ORDER' ? clock(item.scheduledAt) : null,
    `${t('raceTo')} ${m.raceTo}`,
  ].filter(Boolean);
  const winner = m.players.find((p) => p.id === m.winner);
  return h(
    'li',
    { class: `card ${m.status.toLowerCase()}`, 'data-match': m.id },
    h('p', { class: 'where' }, where.join(' · ')),
    scoreLine(m),
    winner
      ? h(
          'p',
          { class: 'result' },
          `${t('winner')}: ${winner.name}${m.final ? ` (${t('signedOff')})` : ''}`,
        )
      : null,
    h(
      'p',
      { class: 'links' },
      h('a', { href: `/matches/${encodeURIComponent(m.id)}` }, t('watch')),
      ...extra,
    ),
  );
}
