import { deviceCredential } from './credential.js';
import { byId, h, replace } from './dom.js';
import { gql } from './gql.js';
import { languageLinks, t } from './i18n.js';

// /table/<tableId>: a tablet that stays at a table shows the match the desk pushed to it and goes
// to its console. Pushes are not ledger events, so the page asks again every few seconds (one
// small query), until it leaves for a match's console.
const tableId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const QUERY = `query($t: String!) { tablePush(tableId: $t) { matchId pushedAt
} }`;
const MATCH = `query($id: String!) { match(id: $id) { id status final players { name score } } }`;
const EVERY_MS = 5000;

// The status is a live region: a text is set only when it changes, so it is read out once.
function show(text, state) {
  if (byId('status').textContent !== text) byId('status').textContent = text;
  document.body.dataset.state = state;
}

// Resolves true when the page leaves for the console.
async function look() {
  const push = (await gql(QUERY, { t: tableId })).tablePush;
  const m = push && (await gql(MATCH, { id: push.matchId })).match;
  if (!m || m.final) {
    show(t('waitingPush'), 'waiting');
    replace(byId('match'));
    return false;
  }
  const asked = new URLSearchParams(location.search).get('lang');
  const href = `/score/${encodeURIComponent(m.id)}?table=${encodeURIComponent(tableId)}${asked ? `&lang=${encodeURIComponent(asked)}` : ''}`;
  show(`${m.players[0].name} – ${m.players[1].name}`, 'pushed');
  // Drawn once per match: asked again every few seconds, the link keeps its place and focus.
  if (byId('match').querySelector('a')?.dataset.match !== m.id)
    replace(byId('match'), h('a', { class: 'button', href, 'data-match': m.id }, t('openMatch')));
  // A finished match waits for the desk's next push (still asked for); the console links back here.
  if (m.status === 'COMPLETED' || new URLSearchParams(location.search).get('stay') === '1')
    return false;
  location.assign(href);
  return true;
}

document.title = `${t('tableTitle')} ${tableId} · Cue Ledger`;
byId('title').textContent = `${t('tableTitle')} ${tableId}`;
byId('langs').replaceWith(languageLinks());
const c = deviceCredential();
if (!c || c.tableId !== tableId) {
  byId('status').textContent = t('tableNotEnrolled');
  byId('status').className = 'message bad';
} else {
  const tick = () =>
    look()
      .catch(() => false)
      .then((left) => left || setTimeout(tick, EVERY_MS));
  tick();
}
