import { h } from './dom.js';
import { pick, t } from './i18n.js';

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
  if (moment.length) return moment[moment.length - 1];
  return layoutAt(events, againstRevision) ?? layoutAt(events, againstRevision - 1);
}

export function proposedLayout(events, appealId) {
  const p = events.filter((e) => e.layout && e.layout.proposedForAppeal === appealId);
  return p.length ? p[p.length - 1] : null;
}

// The words under the table: a recorded layout (where from, what it says) or only the list.
export function layoutCaption(event, title = t('layoutShown')) {
  if (!event) return h('p', { class: 'layout-caption', 'data-table': 'list' }, t('layoutNone'));
  const l = event.layout;
  const corrected =
    l.correctsRevision !== null ? ` · ${t('layoutCorrected')} #${event.revision}` : '';
  return h(
    'div',
    { class: 'layout-caption', 'data-table': 'layout', 'data-layout': event.revision },
    h(
      'p',
      {},
      h('strong', {}, title),
      ` · ${t(`size_${l.table}`)} · ${t(`attached_${l.attachedTo}`)} · ${t('layoutOf')} #${l.correctsRevision ?? event.revision}${corrected} · ${t('layoutBy')} ${event.metadata.recordedBy}`,
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
