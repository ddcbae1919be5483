/// <reference lib="dom" />
import { html } from 'htm/preact';
import type { MatchState, Ruling, ShotCall } from '../../domain';
import { choiceConsequences, groupOf, opponentOf, playerName } from '../../domain';
import { pick, t } from './i18n';
import type { Snapshot } from './session';

// What the console shows of the game as it stands: players, score and race, who is at the table
// and who follows, ball in hand, the call in force, two-foul warnings, the balls by group.
const name = (m: MatchState, id: string | null) => playerName(m, id);

export function Scoreboard({ m }: { m: MatchState }) {
  const g = m.currentGame;
  return html`<section id="score" class="score" aria-label=${t('raceTo', { n: m.raceTo })}>
    ${m.players.map(
      (p) =>
        html`<div class=${`player${g?.shooter === p.id ? ' shooting' : ''}`} data-player=${p.id}>
          <span class="name">${p.name}</span>
          ${(m.warnings[p.id] ?? []).map(
            (rule) => html`<span class="tag" data-warning=${p.id}>${t('warned')} ${rule}</span>`,
          )}
          <span class="points" data-score=${p.id}>${m.score[p.id] ?? 0}</span>
          ${g?.shooter === p.id
            ? html`<span class="at-table">${t('atTable')}</span>`
            : html`<span class="at-table muted">${t('next')}</span>`}
        </div>`,
    )}
    <div class="race">${t('raceTo', { n: m.raceTo })}</div>
  </section>`;
}

export function GameState({ m }: { m: MatchState }) {
  const g = m.currentGame;
  if (!g) return null;
  const groups = g.groups;
  const lines = [];
  if (g.ballInHand !== 'NONE')
    lines.push(
      html`<li id="bih">
        <strong>${t('ballInHand')}</strong>: ${t(`bih_${g.ballInHand}`)}
        ${g.cueBallPlacement ? ` · ${t('placed', { zone: t(`zone_${g.cueBallPlacement}`) })}` : ''}
      </li>`,
    );
  lines.push(
    html`<li id="call-in-force"><strong>${t('callInForce')}</strong>: ${callText(g.call)}</li>`,
  );
  for (const p of m.players) {
    if ((g.consecutiveFouls[p.id] ?? 0) >= 2 && m.discipline !== 'EIGHT_BALL')
      lines.push(
        html`<li class="warn" data-two-fouls=${p.id}>
          ${t('twoFouls', { p: p.name })} ${g.twoFoulWarned[p.id] ? t('warned') : t('notWarned')}
        </li>`,
      );
  }
  return html`<section id="game" class="game">
    <ul class="facts">
      ${lines}
    </ul>
    ${m.discipline === 'EIGHT_BALL' ? eightBallRack(m, groups) : rotationRack(g.ballsOnTable)}
  </section>`;
}

function callText(call: ShotCall | null): string {
  if (!call) return t('noCall');
  if (call.pushOut) return t('flag_pushOut');
  if (call.safety) return t('flag_safety');
  return `${t('ball', { n: call.ball ?? '' })} → ${t(`pocket_${call.pocket}`)}`;
}

function balls(list: number[]) {
  return html`<span class="balls"
    >${list.map((b) => html`<span class="ball" data-ball=${b} data-on=${b}>${b}</span>`)}</span
  >`;
}

function eightBallRack(m: MatchState, groups: Record<string, 'SOLIDS' | 'STRIPES'> | null) {
  const on = m.currentGame!.ballsOnTable;
  const owner = (grp: string) =>
    groups ? m.players.find((p) => groups[p.id] === grp)?.name : null;
  return html`<div id="rack" class="rack" aria-label=${t('onTable')}>
    ${!groups ? html`<p class="muted">${t('openTable')}</p>` : ''}
    ${(['SOLIDS', 'STRIPES'] as const).map(
      (grp) =>
        html`<div class="group" data-group=${grp}>
          <span class="label">${t(grp)}${owner(grp) ? ` · ${owner(grp)}` : ''}</span>
          ${balls(on.filter((b) => groupOf(b) === grp))}
        </div>`,
    )}
    ${on.includes(8)
      ? html`<div class="group" data-group="EIGHT">
          <span class="label">${t('eight')}</span> ${balls([8])}
        </div>`
      : ''}
  </div>`;
}

function rotationRack(on: number[]) {
  return html`<div id="rack" class="rack" aria-label=${t('onTable')}>
    <div class="group"><span class="label">${t('onTable')}</span>${balls(on)}</div>
  </div>`;
}

export function RulingPanel({ s }: { s: Snapshot }) {
  const m = s.shown!;
  const queued = [...s.queue]
    .reverse()
    .find((q) => q.ruled?.some((e) => e.type === 'ShotAdjudicated'));
  let ruling: Ruling | null = null;
  let provisional = false;
  if (queued) {
    const e = queued.ruled!.find((x) => x.type === 'ShotAdjudicated')!;
    ruling = e.type === 'ShotAdjudicated' ? e.data.ruling : null;
    provisional = true;
  }
  let at = -1;
  for (const { event, revision } of provisional ? [] : s.events) {
    if (event.type === 'ShotAdjudicated') ruling = event.data.ruling;
    else if (event.type === 'ShotCorrected') ruling = event.data.corrected.ruling;
    else continue;
    at = revision;
  }
  const last = s.outcomes.at(-1);
  // Only while that answer holds the latest ruling (no later shot or correction since).
  const differs =
    !provisional && last?.differs && last.server && last.provisional && last.revision >= at;
  // The server's answer to the device's last command, when it differs from the device's.
  if (differs) ruling = last.server;
  if (!ruling) return null;
  return html`<section
    id="ruling"
    class=${`ruling${provisional ? ' provisional' : ''}`}
    aria-live="polite"
    data-provisional=${String(provisional)}
  >
    <h2>${t('ruling')}</h2>
    ${provisional ? html`<p id="provisional" class="tag">${t('provisional')}</p>` : ''}
    ${differs
      ? html`<p id="differs" class="warn">${t('differs')}</p>
          <p class="struck">${pick(last.provisional as any, 'explanation')}</p>`
      : ''}
    <p id="explanation">${pick(ruling as any, 'explanation')}</p>
    <p class="rules">
      <strong>${t('rules')}</strong>:
      <span id="rule-ids">${ruling.rules.map((r) => html`<span class="rule">${r}</span>`)}</span>
    </p>
    <ul id="fouls">
      ${ruling.fouls.length
        ? ruling.fouls.map(
            (f) => html`<li data-foul=${f.kind}>${f.rule} · ${pick(f as any, 'detail')}</li>`,
          )
        : html`<li>${t('noFoul')}</li>`}
    </ul>
    ${m.winner ? html`<p id="match-over">${t('matchOver', { p: name(m, m.winner) })}</p>` : ''}
  </section>`;
}

// A12: the choice owed, one button per option with what it leads to.
export function ChoicePanel({ m, choose }: { m: MatchState; choose: (o: string) => void }) {
  const p = m.pendingChoice;
  if (!p) return null;
  const other = opponentOf(m, p.player);
  return html`<section id="choice" class="choice">
    <h2>${t('pending')}: ${t('choice', { p: name(m, p.player) })} (${p.rule})</h2>
    <div class="options">
      ${choiceConsequences(p, other).map((c) => {
        const bits = [];
        if (c.rerack) bits.push(t('rerack', { p: name(m, c.breaker) }));
        else if (c.nextShooter) bits.push(t('nextShooter', { p: name(m, c.nextShooter) }));
        if (c.ballInHand !== 'NONE') bits.push(`${t('ballInHand')}: ${t(`bih_${c.ballInHand}`)}`);
        if (c.spotted.length) bits.push(t('spotted', { b: c.spotted.join(', ') }));
        if (c.foulBy) bits.push(t('foulBy', { p: name(m, c.foulBy) }));
        return html`<button class="big" data-option=${c.option} onClick=${() => choose(c.option)}>
          <strong>${t(`opt_${c.option}`)}</strong><small>${bits.join(' · ')}</small>
        </button>`;
      })}
    </div>
  </section>`;
}
