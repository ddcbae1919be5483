import { BoardState, ITEM, matchCard } from './board-view.js';
import { byId, h, replace } from './dom.js';
import { follow, gql } from './gql.js';
import { languageLinks, t } from './i18n.js';

// /board?competition=…|venue=…: one list query and one subscription per page load, whatever the
// number of matches or their length (a venue of phones behind one address stays within its rate).
const params = new URLSearchParams(location.search);
const filter = {
  competitionId: params.get('competition') || null,
  venue: params.get('venue') || null,
};
const LIST = `query($c: String, $v: String) { board(competitionId: $c, venue: $v, first: 25) {
  playing { ${ITEM} } upcoming { ${ITEM} } finished { ${ITEM} } } }`;
const LIVE = `subscription($c: String, $v: String) {
  boardUpdated(competitionId: $c, venue: $v) { cursor item { ${ITEM} } } }`;

const state = new BoardState();

function render() {
  for (const [id, status] of [
    ['playing', 'IN_PLAY'],
    ['upcoming', 'AWAITING_BREAK_ORDER'],
    ['finished', 'COMPLETED'],
  ]) {
    const items = state.list(status);
    replace(
      byId(id),
      items.length ? items.map((i) => matchCard(i)) : h('li', { class: 'empty' }, t('none')),
    );
  }
}

async function load() {
  const data = await gql(LIST, { c: filter.competitionId, v: filter.venue });
  state.load(data.board);
  render();
  byId('status').textContent = '';
}

function setLive(s) {
  const el = byId('live-state');
  el.dataset.state = s;
  el.textContent = t(`live_${s}`);
}

function start() {
  const name = filter.competitionId ?? filter.venue ?? t('allMatches');
  document.title = `${t('boardTitle')} · ${name} · Cue Ledger`;
  byId('title').textContent = `${t('boardTitle')} · ${name}`;
  byId('h-playing').textContent = t('playing');
  byId('h-upcoming').textContent = t('upcoming');
  byId('h-finished').textContent = t('finished');
  byId('status').textContent = t('loading');
  byId('langs').replaceWith(languageLinks());
  let opened = 0;
  // The subscription opens first; the list is loaded once it is open (and again only after a
  // reconnection), so no write falls between the two.
  follow(
    LIVE,
    { c: filter.competitionId, v: filter.venue },
    {
      onData: (d) => state.put(d.boardUpdated.item) && render(),
      onState: setLive,
      onOpen: () => {
        opened += 1;
        load().catch((e) => (byId('status').textContent = `${t('error')}: ${e.message}`));
        document.body.dataset.loads = String(opened);
      },
    },
  ).catch(() => load());
}

start();
