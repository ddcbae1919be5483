import { byId, h, replace } from './dom.js';
import { eventName } from './event-names.js';
import { t } from './i18n.js';

const PACES = [0.5, 1, 2, 3];
const APPEAL_TYPES = new Set([
  'AppealFiled',
  'AppealEvidenceAttached',
  'AppealDecided',
  'AppealReviewRequested',
  'AppealReviewed',
  'AppealWithdrawn',
  'AppealMooted',
  'AppealFeeSettled',
]);

// Every event of the match in commit order, one of them selected. `onMove(event)` is called on
// each move. Live mode feeds new events through `onEvent(event)`: appended in order (an event
// already held is ignored), and when the reader is at the last event it follows to the new one.
export class Timeline {
  constructor({ events, match, onMove, onWhatIf }) {
    this.events = [...events].sort((a, b) => a.revision - b.revision);
    this.match = match;
    this.onMove = onMove;
    this.onWhatIf = onWhatIf;
    this.index = this.events.length - 1;
    this.pace = 1;
    this.timer = null;
  }

  get current() {
    return this.events[this.index];
  }

  onEvent(event) {
    if (this.events.some((e) => e.revision === event.revision)) return;
    const atEnd = this.index === this.events.length - 1;
    this.events.push(event);
    this.events.sort((a, b) => a.revision - b.revision);
    this.renderList();
    if (atEnd) this.go(this.events.length - 1);
  }

  go(index) {
    const i = Math.max(0, Math.min(this.events.length - 1, index));
    if (i === this.index && this.rendered) return;
    this.index = i;
    this.rendered = true;
    this.markCurrent();
    this.onMove(this.current);
  }

  goToRevision(revision) {
    const i = this.events.findIndex((e) => e.revision >= revision);
    this.go(i < 0 ? this.events.length - 1 : i);
  }

  goToGame(number) {
    const i = this.events.findIndex((e) => e.gameNumber === number);
    if (i >= 0) this.go(i);
  }

  step(delta) {
    this.go(this.index + delta);
  }

  games() {
    return [...new Set(this.events.map((e) => e.gameNumber).filter((n) => n !== null))];
  }

  stepGame(delta) {
    const games = this.games();
    const at = games.indexOf(this.current.gameNumber ?? games[0]);
    const next = games[Math.max(0, Math.min(games.length - 1, at + delta))];
    if (next !== undefined) this.goToGame(next);
  }

  toggle() {
    if (this.timer) return this.stop();
    if (this.index === this.events.length - 1) this.go(0);
    this.timer = setInterval(() => {
      if (this.index >= this.events.length - 1) return this.stop();
      this.step(1);
    }, this.pace * 1000);
    this.renderControls();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.renderControls();
  }

  setPace(seconds) {
    this.pace = seconds;
    if (this.timer) {
      this.stop();
      this.toggle();
    }
  }

  // Arrow keys step anywhere on the page except while typing in a field.
  bindKeys() {
    document.addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, select, textarea')) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = {
        ArrowLeft: () => this.step(-1),
        ArrowRight: () => this.step(1),
        Home: () => this.go(0),
        End: () => this.go(this.events.length - 1),
      };
      if (!moves[e.key]) return;
      e.preventDefault();
      moves[e.key]();
    });
  }

  render() {
    this.renderControls();
    this.renderList();
  }

  renderControls() {
    const button = (id, label, glyph, action) =>
      h(
        'button',
        { type: 'button', id, 'aria-label': label, title: label, onclick: action },
        glyph,
      );
    const playing = Boolean(this.timer);
    // Drawn again on play and pause: the control that had the focus keeps it.
    const focused = byId('timeline-controls').contains(document.activeElement)
      ? document.activeElement.id
      : '';
    replace(
      byId('timeline-controls'),
      h(
        'div',
        { class: 'buttons' },
        button('first', t('first'), '⇤', () => this.go(0)),
        button('prev-game', t('prevGame'), '«', () => this.stepGame(-1)),
        button('back', t('back'), '◀', () => this.step(-1)),
        button('play', playing ? t('pause') : t('play'), playing ? t('pause') : t('play'), () =>
          this.toggle(),
        ),
        button('forward', t('forward'), '▶', () => this.step(1)),
        button('next-game', t('nextGame'), '»', () => this.stepGame(1)),
        button('last', t('last'), '⇥', () => this.go(this.events.length - 1)),
      ),
      h(
        'label',
        {},
        `${t('pace')} `,
        h(
          'select',
          { id: 'pace', onchange: (e) => this.setPace(Number(e.target.value)) },
          PACES.map((p) =>
            h('option', { value: p, selected: p === this.pace }, `${p} ${t('seconds')}`),
          ),
        ),
      ),
      h(
        'form',
        { class: 'jump', id: 'jump', onsubmit: (e) => this.jump(e) },
        h(
          'label',
          {},
          `${t('game')} `,
          h(
            'select',
            { id: 'jump-game', name: 'game' },
            h('option', { value: '' }, '—'),
            this.games().map((g) => h('option', { value: g }, g)),
          ),
        ),
        h(
          'label',
          {},
          `${t('event')} `,
          h('input', {
            id: 'jump-event',
            name: 'event',
            type: 'number',
            min: 0,
            max: this.events.at(-1)?.revision ?? 0,
            inputmode: 'numeric',
          }),
        ),
        h('button', { type: 'submit' }, t('jump')),
      ),
      h('p', { class: 'hint' }, t('keysHint')),
    );
    if (focused) document.getElementById(focused)?.focus();
  }

  jump(e) {
    e.preventDefault();
    const form = new FormData(e.target);
    const event = form.get('event');
    if (event !== null && event !== '') return this.goToRevision(Number(event));
    if (form.get('game')) this.goToGame(Number(form.get('game')));
  }

  renderList() {
    let game = null;
    const items = [];
    for (const [i, e] of this.events.entries()) {
      if (e.gameNumber !== null && e.gameNumber !== game && e.type === 'GameStarted') {
        game = e.gameNumber;
        items.push(h('li', { class: 'game-sep' }, `${t('game')} ${game}`));
      }
      items.push(h('li', { class: this.classesOf(e) }, this.item(e, i), this.marks(e)));
    }
    replace(byId('events'), items);
    this.markCurrent();
  }

  item(e, i) {
    const who = e.ruling?.shooter ?? e.data?.shooter ?? e.data?.player ?? e.data?.by;
    const name = who ? (this.match.players.find((p) => p.id === who)?.name ?? who) : '';
    return h(
      'button',
      { type: 'button', class: 'event', 'data-rev': e.revision, onclick: () => this.go(i) },
      h('span', { class: 'rev' }, `#${e.revision}`),
      ' ',
      h('span', { class: 'type', 'data-type': e.type }, eventName(e.type)),
      name ? ` · ${name}` : '',
    );
  }

  classesOf(e) {
    const c = ['ev'];
    if (e.supersededBy !== null && e.supersededBy !== undefined) c.push('superseded');
    if (e.type === 'ShotCorrected') c.push('correction');
    if (APPEAL_TYPES.has(e.type)) c.push('appeal');
    if (e.ruling?.foul) c.push('foul');
    return c.join(' ');
  }

  // Corrections, appeals and disputed events carry a visible word, not only a colour.
  marks(e) {
    const tags = [];
    if (e.supersededBy !== null && e.supersededBy !== undefined)
      tags.push(h('span', { class: 'tag' }, `→ #${e.supersededBy}`));
    if (e.type === 'ShotCorrected')
      tags.push(h('span', { class: 'tag mark-correction' }, t('correction')));
    if (APPEAL_TYPES.has(e.type))
      tags.push(
        h('span', { class: 'tag mark-appeal' }, `${t('appeal')} ${e.data?.appealId ?? ''}`),
      );
    for (const a of this.match.appeals.filter((x) => x.againstRevision === e.revision))
      tags.push(
        h(
          'button',
          {
            type: 'button',
            class: 'tag mark-disputed whatif',
            'data-appeal': a.id,
            onclick: () => this.onWhatIf(a),
          },
          `${t('disputed')} ${a.id} · ${t('whatIf')}?`,
        ),
      );
    return tags;
  }

  markCurrent() {
    for (const b of document.querySelectorAll('#events button.event')) {
      const on = Number(b.dataset.rev) === this.current?.revision;
      if (on) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
      if (on) keepInView(b);
    }
  }
}

// Scrolls the event list, never the page, so the board stays where the reader left it.
function keepInView(button) {
  const list = button.closest('ol');
  const top = button.offsetTop;
  const bottom = top + button.offsetHeight;
  if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight)
    list.scrollTop = top - list.clientHeight / 2;
}
