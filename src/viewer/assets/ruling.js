import { h } from './dom.js';
import { lang, pick, t, when } from './i18n.js';
import { nameOf } from './board.js';
import { loadRules } from './api.js';

function fouls(ruling) {
  if (!ruling.fouls.length) return h('p', { class: 'no-foul' }, t('noFouls'));
  return h(
    'ul',
    { class: 'fouls', id: 'fouls' },
    ruling.fouls.map((f) => {
      const applied =
        ruling.appliedFoul &&
        ruling.appliedFoul.kind === f.kind &&
        ruling.appliedFoul.rule === f.rule;
      return h(
        'li',
        { class: applied ? 'foul applied' : 'foul' },
        h('span', { class: 'rule' }, f.rule),
        ' ',
        h('strong', {}, f.kind),
        ` · ${f.penalty}`,
        applied ? h('span', { class: 'tag' }, t('applied')) : null,
        h('div', { class: 'detail' }, pick(f, 'detail')),
      );
    }),
  );
}

function rulingFacts(match, ruling) {
  const rows = [
    [t('penalty'), ruling.penalty],
    [t('turn'), ruling.turn],
    [t('nextShooter'), ruling.nextShooter ? nameOf(match, ruling.nextShooter) : '—'],
    [t('ballInHand'), t(`bih_${ruling.ballInHand}`)],
  ];
  return h(
    'dl',
    { class: 'facts' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

// Events without a ruling: their recorded fields, plainly.
function dataFacts(data) {
  const rows = Object.entries(data ?? {}).filter(
    ([k, v]) => v !== null && typeof v !== 'object' && !/^explanation/.test(k),
  );
  if (!rows.length) return null;
  return h(
    'dl',
    { class: 'facts data' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))]),
  );
}

function metadata(m) {
  const rows = [
    [t('recordedBy'), m.recordedBy],
    [t('role'), m.role],
    [t('recordedAt'), when(m.recordedAt)],
    [t('occurredAt'), when(m.occurredAt)],
    [t('engine'), `${m.engineVersion}${m.ruleProfile ? ` · ${m.ruleProfile}` : ''}`],
  ];
  return h(
    'dl',
    { class: 'facts meta', id: 'metadata' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

// Each rule's text in both languages (the rules query), once loaded: a rule id shows its text in
// the page's language as its title. Loaded when a what-if first opens (where a committee reads the
// rules), not on every page load: a venue's spectators share one request budget.
const ruleTexts = new Map();
let loading = null;
export function loadRuleTexts() {
  loading ??= loadRules()
    .then((list) => list.forEach((r) => ruleTexts.set(r.id, r)))
    // The texts only add titles: the page works without them.
    .catch(() => {});
  return loading;
}

export function rulesList(rules) {
  return h(
    'ul',
    { class: 'rules', 'aria-label': t('rules') },
    rules.map((r) => h('li', { 'data-rule': r, title: ruleTexts.get(r)?.[lang()] }, r)),
  );
}

// The selected event: what was ruled and why (both languages from the API), every foul found
// with its severity, and who recorded it, in which role and when.
export function eventPanel(match, event) {
  const ruling = event.ruling;
  const rules = ruling?.rules ?? (event.data?.rule ? [event.data.rule] : []);
  return [
    h(
      'h3',
      { id: 'event-title' },
      `${t('event')} ${event.revision} · ${event.type}`,
      event.gameNumber ? ` · ${t('game')} ${event.gameNumber}` : '',
    ),
    event.supersededBy !== null && event.supersededBy !== undefined
      ? h('p', { class: 'notice' }, `${t('supersededBy')} ${event.supersededBy}`)
      : null,
    h(
      'p',
      { class: 'explanation', id: 'explanation' },
      pick(event, 'explanation') || pick(ruling, 'explanation'),
    ),
    rules.length ? rulesList(rules) : null,
    ruling
      ? [h('h4', {}, t('fouls')), fouls(ruling), rulingFacts(match, ruling)]
      : dataFacts(event.data),
    metadata(event.metadata),
  ];
}
