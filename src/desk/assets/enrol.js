import { saveCredential } from './credential.js';
import { byId, h, replace } from './dom.js';
import { gql } from './gql.js';
import { languageLinks, t } from './i18n.js';

// /enrol#<code>: the code is read from the fragment (never sent to a server, never in a log), the
// fragment is removed at once, the code exchanged once for a credential kept in storage, and the
// device sent on: a match to its console, a table tablet to its table, the desk to /desk.
const REDEEM = `mutation($code: String!) { redeemEnrolment(code: $code) {
  token role subject matchId tableId expiresAt } }`;

function next(c) {
  if (c.role === 'RECORD_KEEPER' || c.role === 'ADMIN') return '/desk';
  if (c.tableId) return `/table/${encodeURIComponent(c.tableId)}`;
  return `/score/${encodeURIComponent(c.matchId)}`;
}

function say(text, kind) {
  const el = byId('status');
  el.className = `message ${kind ?? ''}`;
  el.textContent = text;
  document.body.dataset.state = kind ?? 'working';
}

async function enrol(code) {
  say(t('enrolling'));
  try {
    const d = await gql(REDEEM, { code });
    saveCredential(d.redeemEnrolment);
    say(t('enrolled'), 'good');
    location.replace(next(d.redeemEnrolment) + location.search);
  } catch (e) {
    say(
      t(`e_${e.code}`) === `e_${e.code}` ? `${t('error')}: ${e.message}` : t(`e_${e.code}`),
      'bad',
    );
    document.body.dataset.error = e.code ?? 'ERROR';
    if (e.code === 'NETWORK')
      replace(
        byId('actions'),
        h('button', { type: 'button', onclick: () => enrol(code) }, t('retry')),
      );
  }
}

document.title = `${t('enrolTitle')} · Cue Ledger`;
byId('title').textContent = t('enrolTitle');
byId('langs').replaceWith(languageLinks());
const code = location.hash.slice(1);
history.replaceState(null, '', location.pathname + location.search);
if (code) enrol(code);
else say(t('noCode'), 'bad');
