/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { LedgerEvent, MatchState } from '../../domain';
import { fold, type ConsoleCommand } from './commands';
import { ShotEntry } from './entry';
import { declarerOf } from './declarer';
import { FrozenBall, RefereePanel } from './officials';
import { LayoutEditor } from './layout-editor';
import { lang, t } from './i18n';
import { follow } from './live';
import { keepPageOffline } from './offline-cache';
import { Session, type Snapshot } from './session';
import { ChoicePanel, GameState, RulingPanel, Scoreboard } from './view';

// The scoring console (/score/:matchId): entry point of the browser bundle.
interface Credential {
  token: string;
  role: string;
  subject: string;
  matchId: string | null;
  tableId: string | null;
  expiresAt: string;
}

const matchId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const tableId = new URLSearchParams(location.search).get('table');
// The language asked for in the address, kept on the way back to the table's page.
const langAsked = new URLSearchParams(location.search).has('lang') ? `?lang=${lang}` : '';

// The device's credential (written by /enrol): only for this match, or this match's table.
function credential(): Credential | null {
  try {
    const c = JSON.parse(localStorage.getItem('cue-ledger.credential') ?? 'null') as Credential;
    if (!c?.token || Date.parse(c.expiresAt) <= Date.now()) return null;
    if (c.matchId && c.matchId !== matchId) return null;
    if (c.tableId && c.tableId !== tableId) return null;
    return c;
  } catch {
    return null;
  }
}

const cred = credential();
const session = new Session(matchId, () => cred?.token ?? null);

// The last shot not yet corrected away, and the state it was played in (a correction re-enters
// it from there).
function lastShot(s: Snapshot): { revision: number; before: MatchState } | null {
  const superseded = new Set<number>();
  for (const { event } of s.events)
    if (event.type === 'ShotCorrected') event.data.supersedes.forEach((r) => superseded.add(r));
  const shot = [...s.events]
    .reverse()
    .find((e) => e.event.type === 'ShotPlayed' && !superseded.has(e.revision));
  if (!shot) return null;
  const events: LedgerEvent[] = s.events
    .filter((e) => e.revision < shot.revision)
    .map((e) => e.event);
  const before = fold(null, events);
  return before ? { revision: shot.revision, before } : null;
}

// Once, on mount: follow the session's changes, load the match, keep the page for offline use
// and follow the match live.
function start(setS: (s: Snapshot) => void, setConnected: (on: boolean) => void): void {
  session.onChange(() => setS(session.snapshot()));
  session.load().catch(() => setS(session.snapshot()));
  void keepPageOffline().catch(() => undefined);
  void follow(
    matchId,
    () => session.snapshot().lastPosition,
    (e) => session.live(e),
    setConnected,
    cred?.token ?? null,
  );
}

function App() {
  const [s, setS] = useState<Snapshot>(session.snapshot());
  const [correcting, setCorrecting] = useState(false);
  const [connected, setConnected] = useState(false);
  useEffect(() => start(setS, setConnected), []);
  const m = s.shown;
  const submit = (c: ConsoleCommand) => void session.record(c);
  const role = cred?.role ?? '';
  const scorer = role === 'SCORER' || role === 'ADMIN';
  const referee = role === 'REFEREE' || role === 'ADMIN';
  const last = correcting ? lastShot(s) : null;
  const enrolled = cred && s.stop?.kind !== 'auth';
  return html`<div
    id="console"
    data-revision=${s.server ? s.server.version - 1 : -1}
    data-queued=${s.queue.length}
    data-online=${String(s.online)}
  >
    ${consoleHeader(s, connected)}
    <main>
      ${!enrolled ? notEnrolled(s) : ''}
      ${s.stop && s.stop.kind !== 'auth' ? html`<${StopBanner} s=${s} />` : ''}
      ${!m
        ? html`<p role="status">${t('loading')}</p>`
        : html` <${Scoreboard} m=${m} />
            <div class="columns">
              <div class="left">
                <${GameState} m=${m} />
                <${RulingPanel} s=${s} />
              </div>
              <div class="right">
                ${enrolled && m.status === 'AWAITING_BREAK_ORDER' && !m.pendingChoice
                  ? tossButtons(m, submit)
                  : ''}
                ${enrolled ? choicePanel(m, submit) : ''}
                ${enrolled &&
                scorer &&
                m.status === 'IN_PLAY' &&
                !m.pendingChoice &&
                !correcting &&
                m.currentGame
                  ? html`<${ShotEntry}
                        m=${m}
                        before=${m}
                        correcting=${false}
                        submit=${submit}
                        cancel=${() => {}}
                      />
                      <${FrozenBall} m=${m} subject=${cred?.subject ?? null} submit=${submit} />`
                  : ''}
                ${enrolled && scorer && last ? correctionEntry(m, last, submit, setCorrecting) : ''}
                ${enrolled &&
                scorer &&
                !correcting &&
                s.events.some((e) => e.event.type === 'ShotPlayed')
                  ? undoButton(s, setCorrecting)
                  : ''}
                ${enrolled && referee ? html`<${RefereePanel} m=${m} submit=${submit} />` : ''}
                ${enrolled && m.status === 'IN_PLAY' && !m.pendingChoice && m.currentGame
                  ? html`<${LayoutEditor}
                      key=${`${m.currentGame.number}:${m.currentGame.rack}:${m.currentGame.ballsOnTable.join()}`}
                      m=${m}
                      declaredBy=${declarerOf(m, cred?.subject ?? null)}
                      submit=${submit}
                    />`
                  : ''}
              </div>
            </div>`}
    </main>
  </div>`;
}

// The bar: the language links, the connection and the queue, the way back to the table.
function consoleHeader(s: Snapshot, connected: boolean) {
  return html`<header class="bar">
    <h1>${t('title')}</h1>
    <nav class="langs" aria-label=${t('language')}>
      <a
        href="?lang=en${tableId ? `&table=${tableId}` : ''}"
        aria-current=${lang === 'en' ? 'page' : undefined}
        >EN</a
      >
      <a
        href="?lang=pt${tableId ? `&table=${tableId}` : ''}"
        aria-current=${lang === 'pt' ? 'page' : undefined}
        >PT</a
      >
    </nav>
    <p id="net" class=${`net${s.online ? '' : ' off'}`} role="status">
      ${s.online ? t('online') : t('offline')}${connected ? ` · ${t('live')}` : ''}
      ${s.queue.length
        ? html` · <span id="queue">${t('queued', { n: s.queue.length })}</span>`
        : ''}
    </p>
    ${tableId
      ? html`<a class="back" href=${`/table/${encodeURIComponent(tableId)}${langAsked}`}
          >${t('backToTable')}</a
        >`
      : ''}
  </header>`;
}

function choicePanel(m: MatchState, submit: (c: ConsoleCommand) => void) {
  return html`<${ChoicePanel}
    m=${m}
    choose=${(option: string) =>
      submit({
        mutation: 'chooseOption',
        input: { player: m.pendingChoice!.player, option } as any,
      })}
  />`;
}

function notEnrolled(s: Snapshot) {
  return html`<section id="not-enrolled" class="notice" role="alert">
    <h2>${t('notEnrolled')}</h2>
    <p>${s.stop?.kind === 'auth' ? t('authLost', { code: s.stop.code }) : ''}${t('howToEnrol')}</p>
  </section>`;
}

// G1.6: the coin toss's winner, one button per player.
function tossButtons(m: MatchState, submit: (c: ConsoleCommand) => void) {
  return html`<section id="toss" class="choice">
    <div class="options">
      ${m.players.map(
        (p) =>
          html`<button
            class="big"
            data-tap=${`toss-${p.id}`}
            onClick=${() =>
              submit({
                mutation: 'decideBreakOrder',
                input: { method: 'COIN_TOSS', winner: p.id },
              })}
          >
            ${t('tossWon', { p: p.name })}
          </button>`,
      )}
    </div>
  </section>`;
}

// The last shot re-entered from the state it was played in; confirming records its correction.
function correctionEntry(
  m: MatchState,
  last: { revision: number; before: MatchState },
  submit: (c: ConsoleCommand) => void,
  setCorrecting: (on: boolean) => void,
) {
  return html`<${ShotEntry}
    m=${m}
    before=${last.before}
    correcting=${true}
    submit=${(c: ConsoleCommand) => {
      if (c.mutation === 'correctShot')
        submit({ ...c, input: { ...c.input, revision: last.revision } });
      setCorrecting(false);
    }}
    cancel=${() => setCorrecting(false)}
  />`;
}

function undoButton(s: Snapshot, setCorrecting: (on: boolean) => void) {
  return html`<button
    id="undo"
    class="undo"
    data-tap="undo"
    disabled=${!s.online || s.queue.length > 0}
    onClick=${() => setCorrecting(true)}
  >
    ${t('undo')}
  </button>`;
}

function StopBanner({ s }: { s: Snapshot }) {
  const stop = s.stop!;
  return html`<section id="stop" class="notice" role="alert" data-stop=${stop.kind}>
    <p>
      ${stop.kind === 'conflict'
        ? t('conflict', { events: stop.others.join(', '), n: s.queue.length })
        : stop.kind === 'refused'
          ? t('refused', { code: stop.code, message: stop.message })
          : ''}
    </p>
    <ol id="queued-list">
      ${s.queue.map((q) => html`<li>${q.q.command.mutation}</li>`)}
    </ol>
    <div class="row">
      ${stop.kind === 'conflict'
        ? html`<button class="big" data-tap="resume" onClick=${() => void session.resume()}>
            ${t('resume')}
          </button>`
        : ''}
      <button class="big" data-tap="discard" onClick=${() => void session.discardFirst()}>
        ${t('discard')}
      </button>
    </div>
  </section>`;
}

document.documentElement.lang = lang === 'pt' ? 'pt-PT' : 'en';
document.title = `${t('title')} · Cue Ledger`;
render(html`<${App} />`, document.getElementById('app')!);
