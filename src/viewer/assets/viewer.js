import { loadHistory, loadMatch, loadStates } from './api.js';
import { byId, h, matchIdFromPath, replace } from './dom.js';
import { LANGS, lang, setLang, t } from './i18n.js';
import { refusal } from './refusal.js';
import { Timeline } from './timeline.js';
import { drawTable } from './table.js';
import { layoutAt, layoutCaption } from './layouts.js';
import { rackPanel } from './balls.js';
import { scoreboard } from './board.js';
import { eventPanel } from './ruling.js';
import { appealsList, whatIfPanel } from './whatif.js';
import { isLive, liveControls, setupLive, startLive } from './live.js';

const matchId = matchIdFromPath();
const states = new Map();
const app = { match: null, timeline: null, appeal: null, shown: 0 };

// States after each event, replayed by the server a page at a time and kept: a page load spends
// one request per PAGE events of the match, however often the reader steps back and forth.
const PAGE = 200;
const pages = new Map();

function statesPage(n) {
  if (!pages.has(n)) {
    const page = loadStates(matchId, n * PAGE, PAGE);
    page.catch(() => pages.delete(n));
    pages.set(n, page);
  }
  return pages.get(n);
}

async function stateAt(revision) {
  if (states.has(revision)) return states.get(revision);
  const n = Math.floor(revision / PAGE);
  let page = await statesPage(n);
  // The page was read before this event was recorded (live mode): read it again, once.
  if (!page[revision % PAGE] && page.length < PAGE) {
    pages.delete(n);
    page = await statesPage(n);
  }
  return page[revision % PAGE];
}

function showRefusal(e) {
  const status = byId('status');
  status.hidden = false;
  replace(status, refusal(e));
}

function writeUrl() {
  const e = app.timeline.current;
  const q = new URLSearchParams();
  if (e.gameNumber !== null) q.set('game', e.gameNumber);
  q.set('event', e.revision);
  if (lang() !== 'en') q.set('lang', lang());
  if (app.appeal) q.set('appeal', app.appeal.id);
  if (isLive()) q.set('live', '1');
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

async function show(event) {
  const ticket = ++app.shown;
  writeUrl();
  replace(byId('ruling-body'), eventPanel(app.match, event));
  let state;
  try {
    state = await stateAt(event.revision);
  } catch (e) {
    if (ticket === app.shown) showRefusal(e);
    return;
  }
  if (ticket !== app.shown) return;
  byId('status').hidden = true;
  const laid = layoutAt(app.timeline.events, event.revision);
  replace(
    byId('table-wrap'),
    drawTable(app.match, state.currentGame, laid?.layout),
    layoutCaption(laid),
  );
  replace(
    byId('board-side'),
    scoreboard(app.match, state),
    rackPanel(app.match, state.currentGame),
  );
  byId('main').dataset.shown = String(event.revision);
  const next = app.timeline.events[app.timeline.index + 1];
  if (next) stateAt(next.revision).catch(() => {});
}

async function openWhatIf(appeal) {
  app.appeal = appeal;
  const box = byId('whatif');
  box.hidden = false;
  replace(box, h('p', { role: 'status' }, t('loading')));
  const { element, preview } = await whatIfPanel(
    matchId,
    app.match,
    appeal,
    closeWhatIf,
    app.timeline.events,
  );
  replace(box, element);
  for (const b of document.querySelectorAll('#events button.event'))
    b.parentElement.classList.toggle(
      'diverges',
      preview.supersedes.includes(Number(b.dataset.rev)),
    );
  app.timeline.goToRevision(appeal.againstRevision);
  writeUrl();
  byId('whatif-title').focus();
  box.scrollIntoView({ block: 'start' });
}

function closeWhatIf() {
  app.appeal = null;
  byId('whatif').hidden = true;
  for (const li of document.querySelectorAll('#events li.diverges'))
    li.classList.remove('diverges');
  writeUrl();
}

function languageSwitch() {
  return LANGS.map((l) =>
    h(
      'button',
      {
        type: 'button',
        lang: l.tag,
        'data-lang': l.code,
        'aria-pressed': String(l.code === lang()),
        onclick: () => switchTo(l.code),
      },
      l.label,
    ),
  );
}

function chrome() {
  const m = app.match;
  document.title = `${t('viewerTitle')} · Cue Ledger`;
  replace(byId('title'), t('viewerTitle'));
  replace(byId('langs'), languageSwitch());
  byId('langs').setAttribute('aria-label', t('language'));
  replace(byId('h-table'), t('table'));
  replace(byId('h-ruling'), t('ruling'));
  replace(byId('h-timeline'), t('timeline'));
  replace(byId('h-appeals'), t('appeals'));
  const sheet = byId('sheet-link');
  sheet.href = `${location.pathname.replace(/\/$/, '')}/sheet${lang() === 'pt' ? '?lang=pt' : ''}`;
  replace(sheet, t('openSheet'));
  replace(byId('live'), liveControls());
  byId('live').setAttribute('aria-label', t('liveMode'));
  if (!m) return;
  const names = m.players.map((p) => p.name).join(' – ');
  replace(
    byId('subtitle'),
    [names, m.competition, m.discipline, m.ruleProfile].filter(Boolean).join(' · '),
  );
  replace(byId('appeals-list'), appealsList(m, openWhatIf));
}

function switchTo(code) {
  setLang(code);
  chrome();
  app.timeline.render();
  show(app.timeline.current);
  if (app.appeal) openWhatIf(app.appeal);
}

// The position and appeal a shared link holds, read before the first move rewrites the address.
function startAt(timeline, q) {
  if (q.get('event')) return timeline.goToRevision(Number(q.get('event')));
  if (q.get('game')) return timeline.goToGame(Number(q.get('game')));
  timeline.go(timeline.events.length - 1);
}

async function start() {
  setLang(lang());
  chrome();
  try {
    const [match, events] = await Promise.all([loadMatch(matchId), loadHistory(matchId)]);
    app.match = match;
    app.timeline = new Timeline({ events, match, onMove: show, onWhatIf: openWhatIf });
  } catch (e) {
    showRefusal(e);
    return;
  }
  chrome();
  byId('status').hidden = true;
  app.timeline.render();
  app.timeline.bindKeys();
  const q = new URLSearchParams(location.search);
  startAt(app.timeline, q);
  const appeal = app.match.appeals.find((a) => a.id === q.get('appeal'));
  if (appeal) openWhatIf(appeal);
  if (q.get('live') === '1') {
    startLive();
    writeUrl();
  }
}

// Live mode plugs in here: it hands each new event (and, when it has it, the match state after
// it) to onEvent; the timeline appends it and follows it when the reader is at the last event.
app.onEvent = (event, stateAfter) => {
  if (stateAfter) states.set(event.revision, Promise.resolve(stateAfter));
  app.timeline?.onEvent(event);
};

// After a result, an appeal or a correction: the match as it now stands (names, games, appeals)
// and, where earlier events may have been superseded, their marks from the history.
app.refresh = async (match) => {
  app.match = match;
  app.timeline.match = match;
  const marks = new Map((await loadHistory(matchId)).map((e) => [e.revision, e.supersededBy]));
  for (const e of app.timeline.events)
    if (marks.has(e.revision)) e.supersededBy = marks.get(e.revision);
  chrome();
  app.timeline.renderList();
};

export const viewer = app;
setupLive({ viewer: app, matchId, onToggle: () => app.timeline && writeUrl() });
start();
