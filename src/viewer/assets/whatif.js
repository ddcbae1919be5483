import { h } from './dom.js';
import { pick, t } from './i18n.js';
import { loadPreview } from './api.js';
import { scoreboard, nameOf } from './board.js';
import { rackPanel } from './balls.js';
import { drawTable } from './table.js';
import { loadRuleTexts, rulesList } from './ruling.js';
import { words } from './codes.js';
import { disputedLayout, layoutCaption, lt, proposedLayout } from './layouts.js';

// Page-wide ids belong to the main board; the copies drawn here keep only the ball clip ids.
function withoutIds(el) {
  for (const n of el.querySelectorAll('[id]'))
    if (!n.id.startsWith('ball-clip-')) n.removeAttribute('id');
  el.removeAttribute('id');
  return el;
}

// The layout drawn on a side: the recorded one, or the appellant's proposal (or only the list).
function side(match, title, state, ruling, key, laid, missing) {
  const game = state.currentGame;
  return h(
    'section',
    { class: `whatif-side ${key}`, 'data-side': key, 'aria-label': title },
    h('h4', {}, title),
    withoutIds(scoreboard(match, state)),
    withoutIds(drawTable(match, game, laid?.layout)),
    laid || !missing
      ? layoutCaption(laid, key === 'amended' ? lt('layoutProposed') : lt('layoutShown'))
      : h('p', { class: 'layout-caption', 'data-table': 'list' }, missing),
    withoutIds(rackPanel(match, game)),
    ruling
      ? h(
          'div',
          { class: 'whatif-ruling' },
          h('p', { class: 'explanation' }, pick(ruling, 'explanation')),
          rulesList(ruling.rules),
        )
      : null,
  );
}

function appealFacts(match, appeal, preview) {
  const rows = [
    [t('by'), nameOf(match, appeal.by)],
    [t('against'), `#${appeal.againstRevision}`],
    [t('grounds'), appeal.grounds],
    [t('proposal'), words(appeal.proposal)],
    [
      t('status'),
      words(preview.status) + (preview.closedAt !== null ? ` (#${preview.closedAt})` : ''),
    ],
    [t('wouldSupersede'), preview.supersedes.map((r) => `#${r}`).join(', ') || t('none')],
    [t('wouldForeclose'), foreclosed(preview.forecloses)],
  ];
  if (appeal.decidedBy)
    rows.push([t('decidedBy'), appeal.decidedBy], [t('reason'), pick(appeal, 'reason')]);
  return h(
    'dl',
    { class: 'facts' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

// The other pending appeals the decision would close as moot, each with what it would say.
function foreclosed(list) {
  if (!list?.length) return t('none');
  return h(
    'ul',
    { class: 'forecloses' },
    list.map((f) => h('li', { 'data-forecloses': f.appealId }, pick(f, 'explanation'))),
  );
}

// The appeal preview beside the record: the match as recorded and as the decision allowing the
// appeal would leave it, from the disputed event on. Nothing is written.
export async function whatIfPanel(matchId, match, appeal, onClose, events = []) {
  const [p] = await Promise.all([loadPreview(matchId, appeal.id), loadRuleTexts()]);
  return {
    preview: p,
    element: h(
      'div',
      { class: 'whatif', id: 'whatif-body', 'data-appeal': appeal.id },
      h(
        'div',
        { class: 'whatif-head' },
        h('h3', { id: 'whatif-title', tabindex: -1 }, `${t('whatIfTitle')} · ${appeal.id}`),
        h('button', { type: 'button', id: 'whatif-close', onclick: onClose }, t('close')),
      ),
      appealFacts(match, appeal, p),
      h(
        'div',
        { class: 'whatif-columns' },
        side(
          match,
          t('asRecorded'),
          p.recorded,
          p.recordedRuling,
          'recorded',
          disputedLayout(events, appeal.againstRevision),
          null,
        ),
        side(
          match,
          t('ifAllowed'),
          p.amended,
          p.ruling,
          'amended',
          proposedLayout(events, appeal.id),
          lt('layoutNotProposed'),
        ),
      ),
    ),
  };
}

// The appeals of the match, each with its what-if.
export function appealsList(match, onWhatIf) {
  if (!match.appeals.length) return h('p', {}, t('none'));
  return h(
    'ul',
    { class: 'appeals' },
    match.appeals.map((a) =>
      h(
        'li',
        { 'data-appeal': a.id },
        h('strong', {}, a.id),
        ` · ${nameOf(match, a.by)} · ${t('against')} #${a.againstRevision} · ${a.status} `,
        h(
          'button',
          { type: 'button', class: 'whatif', 'data-appeal': a.id, onclick: () => onWhatIf(a) },
          `${t('whatIf')}?`,
        ),
        h('div', { class: 'grounds' }, a.grounds),
      ),
    ),
  );
}
