import { h } from './dom.js';
import { lang, pick } from './i18n.js';

// The words about layouts, in English and European Portuguese (the page's own words are i18n.js).
const WORDS = {
  en: {
    layoutShown: 'Recorded layout',
    layoutOf: 'recorded at event',
    layoutBy: 'by',
    layoutCorrected: 'corrected at event',
    layoutNone:
      'Positions not recorded at this event: the balls on the table are listed, racked at the foot spot (not where they lay).',
    layoutProposed: 'Proposed layout',
    layoutNotProposed: 'The appellant proposed no layout.',
    attached_SHOT: 'before the shot',
    attached_PLACEMENT: 'with the cue ball placement',
    attached_FROZEN_BALL: 'with the frozen-ball declaration',
    attached_RULING: "with the referee's ruling",
    attached_NONE: 'on its own',
    layoutDiagram: 'Layout of the disputed shot',
    size_SEVEN_FOOT: '7-ft table',
    size_EIGHT_FOOT: '8-ft table',
    size_NINE_FOOT: '9-ft table',
  },
  pt: {
    layoutShown: 'Posição registada',
    layoutOf: 'registada no evento',
    layoutBy: 'por',
    layoutCorrected: 'corrigida no evento',
    layoutNone:
      'Posições não registadas neste evento: as bolas na mesa são listadas, em triângulo no ponto de pé (não onde estavam).',
    layoutProposed: 'Posição proposta',
    layoutNotProposed: 'O recorrente não propôs posição.',
    attached_SHOT: 'antes da tacada',
    attached_PLACEMENT: 'com a colocação da bola branca',
    attached_FROZEN_BALL: 'com a declaração de bola encostada',
    attached_RULING: 'com a decisão do árbitro',
    attached_NONE: 'avulsa',
    layoutDiagram: 'Posição da tacada contestada',
    size_SEVEN_FOOT: 'mesa de 7 pés',
    size_EIGHT_FOOT: 'mesa de 8 pés',
    size_NINE_FOOT: 'mesa de 9 pés',
  },
};

export const lt = (key) => WORDS[lang()][key] ?? WORDS.en[key] ?? key;

// Which recorded layout belongs to an event: a LayoutRecorded itself, or the fact it was recorded
// with (the next event of the same write). A later cited correction replaces it. Anywhere else
// there is no layout, and the table says so instead of inventing positions.

function latest(events, found) {
  let cur = found;
  for (;;) {
    const next = events.find((e) => e.layout && e.layout.correctsRevision === cur.revision);
    if (!next) return cur;
    cur = next;
  }
}

const recordedLayout = (e) => e && e.layout && !e.layout.proposedForAppeal;

export function layoutAt(events, revision) {
  const i = events.findIndex((e) => e.revision === revision);
  if (i < 0) return null;
  const e = events[i];
  if (recordedLayout(e)) return latest(events, e);
  const before = events[i - 1];
  if (
    recordedLayout(before) &&
    before.layout.attachedTo !== 'NONE' &&
    before.revision === revision - 1
  )
    return latest(events, before);
  return null;
}

// The disputed shot's recorded layout: the latest one recorded for its moment (its game and shot
// number: on its own, with a placement or a declaration before it, or with the shot), else one
// attached to the disputed event.
export function disputedLayout(events, againstRevision) {
  const shot = [againstRevision, againstRevision - 1]
    .map((r) => events.find((e) => e.revision === r))
    .find((e) => e && e.type === 'ShotPlayed');
  const moment = shot
    ? events.filter(
        (e) =>
          recordedLayout(e) &&
          e.revision < shot.revision &&
          e.layout.gameNumber === shot.data.gameNumber &&
          e.layout.shotNumber === shot.data.shotNumber,
      )
    : [];
  if (moment.length) return latest(events, moment[moment.length - 1]);
  return layoutAt(events, againstRevision) ?? layoutAt(events, againstRevision - 1);
}

export function proposedLayout(events, appealId) {
  const p = events.filter((e) => e.layout && e.layout.proposedForAppeal === appealId);
  return p.length ? p[p.length - 1] : null;
}

// The words under the table: a recorded layout (where from, what it says) or only the list.
export function layoutCaption(event, title = lt('layoutShown')) {
  if (!event) return h('p', { class: 'layout-caption', 'data-table': 'list' }, lt('layoutNone'));
  const l = event.layout;
  const corrected =
    l.correctsRevision !== null ? ` · ${lt('layoutCorrected')} #${event.revision}` : '';
  return h(
    'div',
    { class: 'layout-caption', 'data-table': 'layout', 'data-layout': event.revision },
    h(
      'p',
      {},
      h('strong', {}, title),
      ` · ${lt(`size_${l.table}`)} · ${lt(`attached_${l.attachedTo}`)} · ${lt('layoutOf')} #${l.correctsRevision ?? event.revision}${corrected} · ${lt('layoutBy')} ${event.metadata.recordedBy}`,
    ),
    l.checks.length
      ? h(
          'ul',
          { class: 'layout-checks' },
          l.checks.map((c) => h('li', { 'data-rule': c.rule }, pick(c, 'explanation'))),
        )
      : null,
  );
}
