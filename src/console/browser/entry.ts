/// <reference lib="dom" />
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { MatchState, ShotCall } from '../../domain';
import { POCKETS, STROKE_FOUL_KINDS, PLACEMENT_ZONES, playerName } from '../../domain';
import { build, emptyDraft, tap, type Draft, type Flag, type Mode, type Tap } from './composer';
import type { ConsoleCommand } from './commands';
import { t } from './i18n';

// The shot entry: the balls on the table, the six pockets and the quick outcomes; "More…" for
// every other fact. Each button is one tap of the composer (composer.ts).
export function ShotEntry(props: {
  m: MatchState;
  // The state the shot was played in: the current one, or the one before the shot corrected.
  before: MatchState;
  correcting: boolean;
  submit: (c: ConsoleCommand, reason?: string) => void;
  cancel: () => void;
}) {
  const { m, before } = props;
  const [d, setD] = useState<Draft>(emptyDraft());
  const [reason, setReason] = useState(t('defaultReason'));
  const g = before.currentGame!;
  const act = (a: Tap) => {
    const next = tap(d, a);
    if (next.done && !props.correcting) {
      const { facts, call } = build(next, before);
      props.submit({
        mutation: 'recordShot',
        input: { shooter: g.shooter, ...facts, ...(call ? { call } : {}) },
      });
      setD(emptyDraft());
    } else setD({ ...next, done: false, detail: next.detail || props.correcting });
  };
  const correct = () => {
    const { facts, call } = build(d, before);
    props.submit(
      { mutation: 'correctShot', input: { revision: 0, facts, ...callOf(call), reason } },
      reason,
    );
    setD(emptyDraft());
  };
  const detail = d.detail || props.correcting;
  const cue = d.mode === 'cushion' && detail;
  const ballList = cue ? [0, ...g.ballsOnTable] : g.ballsOnTable;
  return html`<section
    id="entry"
    class="entry"
    aria-label=${t('shot', { p: playerName(m, g.shooter) })}
  >
    <h2>${t('shot', { p: playerName(m, g.shooter) })}</h2>
    ${props.correcting
      ? html`<p class="warn">${t('correcting')}</p>`
      : html`<p class="muted">${t('hint')}</p>`}
    ${ballsAndPockets(d, ballList, act)}
    ${d.pocketed.length
      ? html`<p id="draft-pocketed">
          ${d.pocketed.map((p) => `${p.ball} → ${t(`pocket_${p.pocket}`)}`).join(' · ')}
        </p>`
      : ''}
    ${quickOutcomes(d, detail, act)}
    ${detail ? html`<${Detail} d=${d} act=${act} m=${before} />` : ''}
    ${detail && !props.correcting
      ? html`<div class="quick">
          <button class="big primary" data-tap="record" onClick=${() => act({ t: 'record' })}>
            ${t('record')}
          </button>
          <button class="big" data-tap="cancel" onClick=${() => setD(emptyDraft())}>
            ${t('cancel')}
          </button>
        </div>`
      : ''}
    ${props.correcting ? correctionFooter(reason, setReason, correct, props.cancel) : ''}
  </section>`;
}

// A correction's call has no push out field (a push out is not corrected into or out of).
function callOf(call: ShotCall | null) {
  if (!call || call.pushOut) return {};
  return { call: { ball: call.ball, pocket: call.pocket, safety: call.safety } };
}

function Detail({ d, act, m }: { d: Draft; act: (a: Tap) => void; m: MatchState }) {
  const g = m.currentGame!;
  const modes: Mode[] = ['first', 'call', 'cushion', 'offTable'];
  const flags: Flag[] = ['offTable', 'safety', 'noCushion', 'noStroke'];
  if (m.discipline !== 'NINE_BALL') flags.push('noCall', 'obvious');
  if (g.pushOutAvailable) flags.push('pushOut');
  return html`<div id="detail" class="detail">
    <div class="row" role="group">
      ${modes.map(
        (mode) =>
          html`<button
            data-tap=${`mode-${mode}`}
            aria-pressed=${on(d.mode === mode)}
            onClick=${() => act({ t: 'mode', mode })}
          >
            ${t(`mode_${mode}`)}
          </button>`,
      )}
      <button
        data-tap="no-contact"
        aria-pressed=${on(d.first === null)}
        onClick=${() => act({ t: 'noContact' })}
      >
        ${t('noContact')}
      </button>
    </div>
    <div class="row" role="group">
      ${flags.map(
        (flag) =>
          html`<button
            data-tap=${`flag-${flag}`}
            aria-pressed=${on(d.flags.includes(flag))}
            onClick=${() => act({ t: 'flag', flag })}
          >
            ${t(`flag_${flag}`)}
          </button>`,
      )}
    </div>
    ${g.isBreakShot ? breakRails(d, act) : ''}
    <div class="row" role="group" aria-label=${t('strokeFouls')}>
      <span>${t('strokeFouls')}</span> ${STROKE_FOUL_KINDS.map(
        (kind) =>
          html`<button
            data-tap=${`foul-${kind}`}
            aria-pressed=${on(d.fouls.includes(kind))}
            onClick=${() => act({ t: 'foul', kind })}
          >
            ${t(`foul_${kind}`)}
          </button>`,
      )}
    </div>
    ${g.ballInHand !== 'NONE' ? placement(d, act) : ''}
  </div>`;
}

const on = (x: boolean) => String(x);

// The balls on the table (and the cue ball when cushions are counted) and the six pockets.
function ballsAndPockets(d: Draft, ballList: number[], act: (a: Tap) => void) {
  return html`<div class="balls-pad" role="group" aria-label=${t('onTable')}>
      ${ballList.map(
        (b) =>
          html`<button
            class=${`ball b${b}`}
            data-tap=${`ball-${b}`}
            aria-pressed=${on(
              d.selected === b ||
                (d.mode === 'cushion' && !!d.cushions?.includes(b)) ||
                (d.mode === 'offTable' && d.offTable.includes(b)),
            )}
            aria-label=${b === 0 ? t('cueBall') : t('ball', { n: b })}
            onClick=${() => act({ t: 'ball', ball: b })}
          >
            ${b === 0 ? '○' : b}
          </button>`,
      )}
    </div>
    <div class="pockets" role="group" aria-label="Pockets">
      ${POCKETS.map(
        (p) =>
          html`<button
            class=${`pocket p${p}`}
            data-tap=${`pocket-${p}`}
            disabled=${d.selected === null && !(d.mode === 'call' && d.call)}
            onClick=${() => act({ t: 'pocket', pocket: p })}
          >
            ${t(`pocket_${p}`)}
          </button>`,
      )}
    </div>`;
}

// A correction's reason and its confirm and cancel buttons.
function correctionFooter(
  reason: string,
  setReason: (r: string) => void,
  correct: () => void,
  cancel: () => void,
) {
  return html`<label class="reason"
      >${t('reason')}
      <input
        id="reason"
        value=${reason}
        onInput=${(e: Event) => setReason((e.target as HTMLInputElement).value)}
    /></label>
    <div class="quick">
      <button class="big primary" data-tap="correct" onClick=${correct}>${t('correct')}</button>
      <button class="big" data-tap="cancel" onClick=${cancel}>${t('cancel')}</button>
    </div>`;
}

// How many object balls reached a cushion on the break.
function breakRails(d: Draft, act: (a: Tap) => void) {
  return html`<div class="row" role="group" aria-label=${t('breakRails')}>
    <span>${t('breakRails')}</span> ${[0, 1, 2, 3, 4, 5, 6, 7, 8].map(
      (n) =>
        html`<button
          data-tap=${`rails-${n}`}
          aria-pressed=${on((d.rails ?? 4) === n)}
          onClick=${() => act({ t: 'rails', count: n })}
        >
          ${n}
        </button>`,
    )}
  </div>`;
}

function placement(d: Draft, act: (a: Tap) => void) {
  return html`<div class="row" role="group" aria-label=${t('placement')}>
    <span>${t('placement')}</span> ${PLACEMENT_ZONES.map(
      (zone) =>
        html`<button
          data-tap=${`zone-${zone}`}
          aria-pressed=${on(d.zone === zone)}
          onClick=${() => act({ t: 'zone', zone })}
        >
          ${t(`zone_${zone}`)}
        </button>`,
    )}
  </div>`;
}

// The outcomes one tap records (a miss, a scratch) and the way into every other fact.
function quickOutcomes(d: Draft, detail: boolean, act: (a: Tap) => void) {
  return html`<div class="quick">
    <button
      class="big"
      data-tap="miss"
      onClick=${() => act({ t: detail ? 'record' : 'miss' })}
      hidden=${detail}
    >
      ${t('miss')}
    </button>
    <button
      class=${`big${d.flags.includes('scratch') ? ' on' : ''}`}
      data-tap="scratch"
      aria-pressed=${on(d.flags.includes('scratch'))}
      onClick=${() => act({ t: 'scratch' })}
    >
      ${t('scratch')}
    </button>
    ${detail
      ? ''
      : html`<button class="big" data-tap="more" onClick=${() => act({ t: 'more' })}>
          ${t('more')}
        </button>`}
  </div>`;
}
