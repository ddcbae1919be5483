import { BoardState, scoreLine } from './board-view.js';
import { deskCredential, forgetDesk } from './credential.js';
import * as api from './desk-api.js';
import * as forms from './desk-forms.js';
import { canRecord, resultLabel } from './desk-result.js';
import { byId, h, replace } from './dom.js';
import { follow } from './gql.js';
import { clock, languageLinks, t } from './i18n.js';

// /desk: today's matches by competition and table, live; scheduling, officials, table pushes,
// device enrolment (QR) and revocation, the sign-off queue. Signed in by a one-time link
// (ledger desk-link → /enrol#code), its token kept for this tab only. Results of games nobody
// scores are entered here too (desk-result.js).
const board = new BoardState();
let enrolments = [];
let pushes = [];
// The list is drawn again on every live update: the row's control last focused (by keyboard or
// to open a dialog) is found again by its match and action, so the focus is not lost.
let lastControl = null;

function say(text, kind = '') {
  const el = byId('status');
  el.className = `message ${kind}`;
  el.textContent = text;
}

// Runs a desk action, reloads, and says what happened (or why it was refused). The last
// action's message goes at once, so it is never read as this one's.
async function done(action) {
  say(t('saving'));
  try {
    const message = await action;
    await reload();
    if (message) say(message, 'good');
    else byId('status').className = 'visually-hidden';
  } catch (e) {
    say(e.words ?? `${e.code ?? 'ERROR'}: ${e.message}`, 'bad');
    // A stale revision: the desk shows the match as it is now, to enter again on.
    if (e.code === 'CONFLICT') await reload().catch(() => {});
  }
}

function scoring(m) {
  const devices = enrolments
    .filter((e) => e.matchId === m.id && e.status === 'ENROLLED')
    .map((e) => `${e.label ?? e.subject} (${e.role === 'SCORER' ? t('scorer') : t('referee')})`);
  const tables = pushes.filter((p) => p.matchId === m.id).map((p) => `${t('table')} ${p.tableId}`);
  return [
    ...m.officials.scorers,
    ...m.officials.referees.map((r) => `${r} (${t('referee')})`),
    ...devices,
    ...tables,
  ].join(', ');
}

function row(item) {
  const m = item.match;
  const act = (name, label, open) =>
    h('button', { type: 'button', 'data-action': name, onclick: () => open(item, done) }, label);
  return h(
    'tr',
    { 'data-match': m.id, 'data-status': m.status },
    h(
      'td',
      {},
      item.tableNumber ?? '–',
      item.scheduledAt ? h('div', {}, clock(item.scheduledAt)) : null,
    ),
    h('td', {}, scoreLine(m)),
    h('td', { 'data-field': 'status' }, t(`s_${m.status}`), m.final ? ` (${t('signedOff')})` : ''),
    h('td', { 'data-field': 'scoring' }, scoring(m)),
    h(
      'td',
      {},
      h(
        'div',
        { class: 'actions' },
        act('assign', t('assign'), forms.assignDialog),
        canRecord(m) ? act('result', resultLabel(), forms.resultDialog) : null,
        act('push', t('push'), forms.pushDialog),
        act('enrol', t('enrol'), forms.enrolDialog),
        h('a', { href: `/matches/${encodeURIComponent(m.id)}` }, t('watch')),
        h('a', { href: `/matches/${encodeURIComponent(m.id)}/sheet` }, t('sheet')),
      ),
    ),
  );
}

function refocus() {
  if (!lastControl) return;
  const [id, action] = lastControl.map((v) => CSS.escape(v));
  byId('today').querySelector(`tr[data-match="${id}"] [data-action="${action}"]`)?.focus();
}

function rememberControl(e) {
  const row = e.target.closest?.('tr[data-match]');
  lastControl =
    row && e.target.dataset.action ? [row.dataset.match, e.target.dataset.action] : null;
}

function renderMatches() {
  const hadFocus = byId('today').contains(document.activeElement);
  const items = [...board.items.values()].sort(
    (a, b) =>
      (a.competitionId ?? '').localeCompare(b.competitionId ?? '') ||
      (a.tableNumber ?? 1e9) - (b.tableNumber ?? 1e9),
  );
  const groups = new Map();
  for (const i of items) {
    const key = i.competitionId ?? t('noCompetition');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  }
  const head = h(
    'thead',
    {},
    h(
      'tr',
      {},
      [t('table'), t('players'), t('status'), t('scoring'), t('actions')].map((c) =>
        h('th', { scope: 'col' }, c),
      ),
    ),
  );
  replace(
    byId('today'),
    groups.size === 0
      ? h('p', { class: 'empty' }, t('none'))
      : [...groups].map(([name, list]) =>
          h(
            'table',
            { class: 'matches' },
            h('caption', {}, `${t('competition')}: ${name}`),
            head.cloneNode(true),
            h('tbody', {}, list.map(row)),
          ),
        ),
  );
  const queue = items.filter((i) => i.match.status === 'COMPLETED' && !i.match.final);
  replace(
    byId('signoff'),
    queue.length
      ? queue.map((i) =>
          h(
            'li',
            { 'data-match': i.match.id },
            scoreLine(i.match),
            h('span', {}, `${t('signatures')}: ${i.match.signatures.join(', ') || t('none')}`),
            h('a', { href: `/matches/${encodeURIComponent(i.match.id)}/sheet` }, t('sheet')),
          ),
        )
      : h('li', { class: 'empty' }, t('none')),
  );
  if (hadFocus) refocus();
}

function renderDevices() {
  replace(
    byId('devices'),
    enrolments.length
      ? enrolments.map((e) =>
          h(
            'li',
            { 'data-enrolment': e.id, 'data-status': e.status },
            h('strong', {}, e.label ?? e.subject),
            h(
              'span',
              {},
              `${e.role === 'SCORER' ? t('scorer') : e.role === 'REFEREE' ? t('referee') : e.role}`,
            ),
            h(
              'span',
              {},
              e.matchId
                ? `${t('forMatch')} ${matchName(e.matchId)}`
                : e.tableId
                  ? `${t('table')} ${e.tableId}`
                  : '',
            ),
            h('span', { 'data-field': 'status' }, t(`d_${e.status}`)),
            e.status === 'PENDING' || e.status === 'ENROLLED'
              ? h(
                  'button',
                  {
                    type: 'button',
                    'data-action': 'revoke',
                    onclick: () => done(api.revokeEnrolment(e.id).then(() => t('revoked'))),
                  },
                  t('revoke'),
                )
              : null,
          ),
        )
      : h('li', { class: 'empty' }, t('noDevices')),
  );
  replace(
    byId('tables'),
    pushes.length
      ? pushes.map((p) =>
          h(
            'li',
            { 'data-table': p.tableId },
            h('strong', {}, `${t('table')} ${p.tableId}`),
            `${t('onTable')}: ${matchName(p.matchId)}`,
          ),
        )
      : h('li', { class: 'empty' }, t('none')),
  );
}

function matchName(id) {
  const m = board.items.get(id)?.match;
  return m ? `${m.players[0].name} – ${m.players[1].name}` : id;
}

async function reload() {
  const d = await api.loadDesk();
  board.load(d.board);
  enrolments = d.enrolments.filter((e) => e.kind !== 'DESK');
  pushes = d.tablePushes;
  renderMatches();
  renderDevices();
}

function setLive(s) {
  const el = byId('live-state');
  el.dataset.state = s;
  el.textContent = t(`live_${s}`);
}

async function start() {
  document.title = `${t('deskTitle')} · Cue Ledger`;
  byId('title').textContent = t('deskTitle');
  byId('langs').replaceWith(languageLinks());
  for (const [id, key] of [
    ['h-today', 'today'],
    ['h-signoff', 'signOffQueue'],
    ['h-schedule', 'schedule'],
    ['h-tables', 'tables'],
    ['h-devices', 'devices'],
  ])
    byId(id).textContent = t(key);
  byId('panel-close').onclick = forms.closePanel;
  byId('today').addEventListener('focusin', rememberControl);
  // A dialog gives the focus back to the control that opened it, unless the list was drawn again.
  byId('panel').addEventListener('close', () => {
    const a = document.activeElement;
    if (!a || a === document.body || byId('panel').contains(a)) refocus();
  });
  const c = deskCredential();
  if (!c) return say(t('signIn'));
  replace(
    byId('who'),
    `${t('signedInAs')} ${c.subject} (${c.role})`,
    h('button', { type: 'button', onclick: () => (forgetDesk(), location.reload()) }, t('signOut')),
  );
  say(t('loading'));
  try {
    forms.scheduleForm(byId('schedule'), await api.loadRegistry(), done);
    forms.tableEnrolForm(byId('enrol-table'), done);
    await reload();
    byId('desk').hidden = false;
    say('');
    byId('status').className = 'visually-hidden';
  } catch (e) {
    return say(`${e.code ?? 'ERROR'}: ${e.message}`, 'bad');
  }
  let opened = 0;
  follow(
    api.LIVE,
    {},
    {
      onData: ({ boardUpdated: { item } }) =>
        (onToday(item) ? board.put(item) : board.drop(item.match.id)) && renderMatches(),
      onState: setLive,
      // After a reconnection, what changed while away comes from the list again.
      onOpen: () => opened++ && reload().catch(() => {}),
    },
  ).catch(() => setLive('stopped'));
}

// The list's day as the server's board(day:) keeps it: scheduled today (UTC), in play whatever its
// date, or not yet finished with no date. The live feed carries every match.
const onToday = (i) =>
  i.scheduledAt?.slice(0, 10) === api.today() ||
  i.match.status === 'IN_PLAY' ||
  (!i.scheduledAt && i.match.status !== 'COMPLETED');

start();
