/// <reference lib="dom" />
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { MatchState, RefereeRulingKind } from '../../domain';
import { CUSHIONS } from '../../domain';
import type { ConsoleCommand } from './commands';
import { declarerOf } from './declarer';
import { t } from './i18n';

// What is recorded beside the shots: a frozen ball declared before the shot (G1.36), and the
// referee's rulings from the referee's own device.
export function FrozenBall({
  m,
  subject,
  submit,
}: {
  m: MatchState;
  subject: string | null;
  submit: (c: ConsoleCommand) => void;
}) {
  const g = m.currentGame!;
  const [ball, setBall] = useState(String(g.ballsOnTable[0] ?? 1));
  const [cushion, setCushion] = useState<string>(CUSHIONS[0]);
  const by = declarerOf(m, subject);
  return html`<details class="frozen">
    <summary>${t('frozen')}</summary>
    <label
      >${t('ball', { n: '' })}<select
        id="frozen-ball"
        value=${ball}
        onChange=${(e: Event) => setBall((e.target as HTMLSelectElement).value)}
      >
        ${g.ballsOnTable.map((b) => html`<option value=${b}>${b}</option>`)}
      </select></label
    >
    <label
      >${t('mode_cushion')}<select
        id="frozen-cushion"
        value=${cushion}
        onChange=${(e: Event) => setCushion((e.target as HTMLSelectElement).value)}
      >
        ${CUSHIONS.map((c) => html`<option value=${c}>${t(`cushion_${c}`)}</option>`)}
      </select></label
    >
    <button
      data-tap="declare-frozen"
      onClick=${() =>
        submit({
          mutation: 'declareFrozenBall',
          input: { declaredBy: by, ball: Number(ball), cushion },
        })}
    >
      ${t('declare')}
    </button>
  </details>`;
}

// The referee's own device: warnings and the two-foul warning, recorded as referee rulings.
export function RefereePanel({
  m,
  submit,
}: {
  m: MatchState;
  submit: (c: ConsoleCommand) => void;
}) {
  const g = m.currentGame;
  if (!g) return null;
  const rule = (kind: RefereeRulingKind, player: string | null, restored?: boolean) =>
    submit({
      mutation: 'recordRefereeRuling',
      input: { kind, player, note: '', ...(restored === undefined ? {} : { restored }) },
    });
  return html`<section id="referee" class="referee">
    <h2>${t('referee')}</h2>
    <div class="row">
      ${m.discipline !== 'EIGHT_BALL'
        ? m.players.map(
            (p) =>
              html`<button
                data-tap=${`two-foul-${p.id}`}
                onClick=${() => rule('TWO_FOUL_WARNING', p.id)}
              >
                ${t('twoFoulWarning', { p: p.name })}
              </button>`,
          )
        : ''}
      ${m.players.map(
        (p) =>
          html`<button data-tap=${`warning-${p.id}`} onClick=${() => rule('WARNING', p.id)}>
            ${t('warning', { p: p.name })}
          </button>`,
      )}
    </div>
    <div class="row">
      <button data-tap="stalemate" onClick=${() => rule('STALEMATE', null)}>
        ${t('stalemate')}
      </button>
      ${[true, false].map(
        (restored) =>
          html`<button
            data-tap=${`interference-${restored ? 'restored' : 'not-restored'}`}
            onClick=${() => rule('OUTSIDE_INTERFERENCE', null, restored)}
          >
            ${t(restored ? 'interferenceRestored' : 'interferenceNotRestored')}
          </button>`,
      )}
    </div>
  </section>`;
}
