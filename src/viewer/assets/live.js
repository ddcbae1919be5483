import { EVENT, MATCH } from './api.js';
import { h, replace } from './dom.js';
import { t } from './i18n.js';

// Live mode: follows the match through the matchUpdated subscription (graphql-ws, a WebSocket to
// this server's GraphQL path) and hands each event, with the state after it, to the viewer.
const SUBSCRIPTION = `subscription($m: ID!, $after: String) {
  matchUpdated(matchId: $m, after: $after) { cursor event { ${EVENT} } match { ${MATCH} } } }`;
// Events whose effect reaches beyond the appended event: results, appeals, sign-offs, and the
// superseded marks a correction or an allowed appeal puts on earlier events.
const RESULTS = new Set([
  'GameEnded',
  'MatchEnded',
  'MatchSigned',
  'MatchSignedOff',
  'ShotCorrected',
  'GameResultRecorded',
  'GameResultCorrected',
  'RefereeRuled',
  'AppealFiled',
  'AppealEvidenceAttached',
  'AppealReviewRequested',
  'AppealReviewed',
  'AppealDecided',
  'AppealWithdrawn',
  'AppealMooted',
  'AppealFeeSettled',
]);
// Waits between reconnect attempts; the last one repeats.
const RETRY_MS = [500, 1000, 2000, 4000, 8000, 15000];

const live = {
  viewer: null,
  matchId: '',
  on: false,
  state: 'stopped',
  cursor: null,
  client: null,
  dispose: null,
  timer: null,
  tries: 0,
  refreshing: null,
  again: false,
  latest: null,
  onToggle: () => {},
};

// The UMD build defines globalThis.graphqlWs; it is fetched only when live mode is first turned on.
function loadClient() {
  if (globalThis.graphqlWs) return Promise.resolve(globalThis.graphqlWs);
  return new Promise((resolve, reject) => {
    const src = new URL('graphql-ws.min.js', import.meta.url).href;
    const script = h('script', { src, onload: () => resolve(globalThis.graphqlWs) });
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    document.head.append(script);
  });
}

function setState(state) {
  live.state = state;
  const box = document.getElementById('live');
  if (!box) return;
  box.dataset.state = state;
  const status = document.getElementById('live-state');
  status.className = `live-state ${state}`;
  replace(status, t(`live_${state}`));
  document.getElementById('live-toggle').setAttribute('aria-pressed', String(live.on));
}

async function ensureClient() {
  if (live.client) return live.client;
  const { createClient } = await loadClient();
  const url = new URL('/graphql', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // Reconnecting is done here, not by the client: a new subscription carries the last cursor,
  // where the client's own retry would resend the first one.
  live.client = createClient({
    url: url.href,
    lazy: true,
    retryAttempts: 0,
    on: {
      connected: () => {
        live.tries = 0;
        if (live.on) setState('connected');
      },
      closed: () => {
        if (live.on) setState('reconnecting');
      },
    },
  });
  return live.client;
}

async function subscribe() {
  let client;
  try {
    client = await ensureClient();
  } catch {
    return retry();
  }
  if (!live.on || live.dispose) return;
  const variables = { m: live.matchId, after: live.cursor };
  live.dispose = client.subscribe(
    { query: SUBSCRIPTION, variables },
    {
      next: ({ data, errors }) => (errors?.length ? stopLive() : receive(data.matchUpdated)),
      // An array is the server refusing the subscription (an unknown match, a limit): retrying
      // would not help. Anything else is the connection going away.
      error: (e) => (Array.isArray(e) ? stopLive() : retry()),
      complete: () => retry(),
    },
  );
}

function retry() {
  live.dispose = null;
  if (!live.on) return;
  setState('reconnecting');
  const wait = RETRY_MS[Math.min(live.tries++, RETRY_MS.length - 1)];
  clearTimeout(live.timer);
  live.timer = setTimeout(subscribe, wait);
}

function receive(update) {
  // A subscription renewed on a socket that stayed open gets no new "connected" from the client.
  if (live.state !== 'connected') setState('connected');
  live.cursor = update.cursor;
  live.viewer.onEvent(update.event, update.match);
  if (RESULTS.has(update.event.type)) refresh(update.match);
}

// One refresh at a time; updates arriving meanwhile are folded into one more.
function refresh(match) {
  live.latest = match;
  if (live.refreshing) return void (live.again = true);
  live.refreshing = live.viewer
    .refresh(live.latest)
    .catch(() => {})
    .finally(() => {
      live.refreshing = null;
      if (live.again) {
        live.again = false;
        refresh(live.latest);
      }
    });
}

export function startLive() {
  if (live.on) return;
  live.on = true;
  // Resume right after the last event shown: the server replays what followed it, then goes live.
  live.cursor = live.viewer.timeline?.events.at(-1)?.position ?? live.cursor;
  setState('connecting');
  subscribe();
}

export function stopLive() {
  live.on = false;
  clearTimeout(live.timer);
  const dispose = live.dispose;
  live.dispose = null;
  dispose?.();
  setState('stopped');
}

export const isLive = () => live.on;

export function setupLive({ viewer, matchId, onToggle }) {
  Object.assign(live, { viewer, matchId, onToggle });
}

// The header's toggle and the connection state, a polite status for screen readers.
export function liveControls() {
  return [
    h(
      'button',
      {
        type: 'button',
        id: 'live-toggle',
        'aria-pressed': String(live.on),
        onclick: () => {
          if (live.on) stopLive();
          else startLive();
          live.onToggle();
        },
      },
      t('followLive'),
    ),
    h(
      'span',
      { id: 'live-state', class: `live-state ${live.state}`, role: 'status' },
      t(`live_${live.state}`),
    ),
  ];
}
