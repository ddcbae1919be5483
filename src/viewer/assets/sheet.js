import { loadHistory, loadLastHash, loadMatch } from './api.js';
import { byId, h, matchIdFromPath, replace } from './dom.js';
import { LANGS, lang, pick, setLang, t, when } from './i18n.js';
import { refusal } from './refusal.js';
import { nameOf } from './board.js';
import { words } from './codes.js';
import { drawTable } from './table.js';
import { disputedLayout, layoutCaption, lt } from './layouts.js';

const matchId = matchIdFromPath();
let data = null;

const table = (caption, head, rows, id) =>
  h(
    'table',
    { id },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        head.map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.length
        ? rows.map((r) =>
            h(
              'tr',
              {},
              r.map((c) => h('td', {}, c)),
            ),
          )
        : h('tr', {}, h('td', { colspan: head.length }, t('none'))),
    ),
  );

// The rulings in force (the effective record, as matchStats counts it): each shot's ruling unless
// a correction, a committee decision or a review replaced it, and the rulings those carry. A
// decision's or review's ruling is filed under its appeal's game (the game on the table after an
// allowed appeal may already be the next one).
function standingRulings(history) {
  const gameOf = new Map(
    history
      .filter((e) => e.type === 'AppealFiled')
      .map((e) => [e.data.appealId, e.data.gameNumber]),
  );
  const stands = (e) => e.supersededBy === null || e.supersededBy === undefined;
  return history.filter(stands).flatMap((e) => {
    const committee = e.type === 'AppealDecided' || e.type === 'AppealReviewed';
    const ruling =
      e.type === 'ShotAdjudicated'
        ? e.ruling
        : e.type === 'ShotCorrected'
          ? e.data.corrected.ruling
          : committee
            ? e.data.ruling
            : null;
    if (!ruling) return [];
    const gameNumber = committee ? (gameOf.get(e.data.appealId) ?? e.gameNumber) : e.gameNumber;
    return [{ revision: e.revision, gameNumber, ruling }];
  });
}

// Fouls that stand: the rulings in force that found and applied one.
const standingFouls = (history) =>
  standingRulings(history).filter((e) => e.ruling.appliedFoul !== null);

function header(m) {
  const rows = [
    [t('competition'), m.competition ?? '—'],
    [t('discipline'), `${m.discipline} · ${t('raceTo')} ${m.raceTo}`],
    [t('profile'), m.ruleProfile],
    ['ID', m.id],
  ];
  return h(
    'section',
    { class: 'head' },
    h('h1', {}, t('sheetTitle')),
    h(
      'dl',
      { class: 'facts' },
      rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
    ),
    h(
      'ul',
      { class: 'result', id: 'result', 'aria-label': t('players') },
      m.players.map((p) =>
        h(
          'li',
          { class: m.winner === p.id ? 'winner' : '' },
          h('span', { class: 'pname' }, `${p.name} (${p.id})`),
          h('span', { class: 'pscore' }, p.score),
          m.winner === p.id ? h('span', { class: 'tag' }, t('winner')) : null,
        ),
      ),
    ),
    h(
      'p',
      {},
      `${t('officials')}: ${t('scorers')}: ${m.officials.scorers.join(', ') || t('none')}; ${t('referees')}: ${m.officials.referees.join(', ') || t('none')}`,
    ),
  );
}

function frames(m, fouls) {
  const count = (game, player) =>
    fouls.filter((e) => e.gameNumber === game && e.ruling.shooter === player).length;
  return table(
    t('frames'),
    [
      t('game'),
      t('breaker'),
      t('winner'),
      t('loser'),
      t('reason'),
      t('shots'),
      ...m.players.map((p) => `${t('foulsBy')} ${p.name}`),
    ],
    m.games.map((g) => [
      g.number,
      nameOf(m, g.breaker),
      nameOf(m, g.winner),
      nameOf(m, g.loser),
      `${words(g.reason)} (${g.rule})`,
      g.shots,
      ...m.players.map((p) => count(g.number, p.id)),
    ]),
    'frames',
  );
}

function foulList(m, fouls) {
  return table(
    t('fouls'),
    [t('game'), t('event'), t('shooter'), t('rules'), t('penalty')],
    fouls.map((e) => [
      e.gameNumber,
      `#${e.revision}`,
      nameOf(m, e.ruling.shooter),
      e.ruling.fouls.map((f) => `${f.rule} ${f.kind}`).join('; '),
      words(e.ruling.penalty),
    ]),
    'fouls',
  );
}

function appeals(m) {
  return table(
    t('appeals'),
    [
      t('appeal'),
      t('by'),
      t('against'),
      t('grounds'),
      t('proposal'),
      t('status'),
      t('decidedBy'),
      t('reason'),
    ],
    m.appeals.map((a) => [
      a.id,
      nameOf(m, a.by),
      `#${a.againstRevision}`,
      a.grounds,
      words(a.proposal),
      words(a.status) + (a.remedy ? ` · ${words(a.remedy)}` : ''),
      a.decidedBy ?? '—',
      pick(a, 'reason') || '—',
    ]),
    'appeals',
  );
}

// A small diagram of each disputed shot whose layout was recorded.
function disputedLayouts(m, history) {
  const figures = m.appeals
    .map((a) => [a, disputedLayout(history, a.againstRevision)])
    .filter(([, laid]) => laid)
    .map(([a, laid]) => {
      const svg = drawTable(m, null, laid.layout);
      svg.removeAttribute('id');
      return h(
        'figure',
        { class: 'layout-diagram', 'data-appeal': a.id },
        svg,
        h(
          'figcaption',
          {},
          `${lt('layoutDiagram')} · ${a.id} · #${a.againstRevision}`,
          layoutCaption(laid),
        ),
      );
    });
  return figures.length ? h('section', { id: 'layouts' }, figures) : null;
}

function signOff(m, last) {
  const signers = [
    ...m.players.map((p) => [p.name, p.id]),
    ...m.officials.referees.map((r) => [r, r]),
  ];
  return h(
    'section',
    { class: 'signoff', id: 'signoff' },
    h('h2', {}, t('signOff')),
    h(
      'p',
      {},
      `${t('signedBy')}: ${m.signatures.map((s) => nameOf(m, s)).join(', ') || t('none')} · ${m.final ? t('final') : t('notFinal')}`,
    ),
    h(
      'div',
      { class: 'lines' },
      signers.map(([label, id]) =>
        h(
          'div',
          { class: 'line' },
          h('span', {}, `${t('signature')}: ${label}`),
          m.signatures.includes(id) ? h('span', { class: 'tag' }, '✔') : null,
        ),
      ),
    ),
    h('h2', {}, t('lastEvent')),
    h('p', { class: 'hash' }, `#${last?.revision ?? '—'} · ${when(last?.metadata?.recordedAt)}`),
    h('p', { class: 'hash' }, `${t('hash')}: `, h('code', { id: 'last-hash' }, last?.hash ?? '—')),
    h('p', { class: 'note' }, t('hashNote')),
  );
}

function render() {
  const { match: m, history, last } = data;
  const fouls = standingFouls(history);
  document.title = `${t('sheetTitle')} · ${m.players.map((p) => p.name).join(' – ')}`;
  replace(
    byId('sheet'),
    header(m),
    frames(m, fouls),
    foulList(m, fouls),
    appeals(m),
    disputedLayouts(m, history),
    signOff(m, last),
  );
  byId('sheet').dataset.ready = 'true';
}

function chrome() {
  replace(
    byId('langs'),
    LANGS.map((l) =>
      h(
        'button',
        {
          type: 'button',
          lang: l.tag,
          'aria-pressed': String(l.code === lang()),
          onclick: () => {
            setLang(l.code);
            chrome();
            if (data) render();
          },
        },
        l.label,
      ),
    ),
  );
  byId('langs').setAttribute('aria-label', t('language'));
  const viewer = byId('viewer-link');
  viewer.href = location.pathname.replace(/\/sheet\/?$/, '') + (lang() === 'pt' ? '?lang=pt' : '');
  replace(viewer, t('openViewer'));
  replace(byId('print'), t('print'));
}

async function start() {
  setLang(lang());
  chrome();
  byId('print').addEventListener('click', () => window.print());
  try {
    const [match, history, last] = await Promise.all([
      loadMatch(matchId),
      loadHistory(matchId),
      loadLastHash(matchId),
    ]);
    data = { match, history, last };
  } catch (e) {
    replace(byId('status'), refusal(e));
    return;
  }
  render();
}

start();
