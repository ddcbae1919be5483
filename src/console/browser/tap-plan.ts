import type { MatchState, ShotCall, ShotFacts } from '../../domain';
import { canonicalJson, decide } from '../../domain';
import { build, run, type Tap } from './composer';

// The fewest taps the console needs for a shot: tries the quick taps, then "More" with only the
// facts that differ from the defaults. Every plan is checked by running the composer itself, so
// a count is only given for a sequence that really makes those facts (null: it cannot).

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

// The same facts, or facts the engine rules exactly the same way (a scorer does not tap that the
// cue ball reached a cushion on a shot that pocketed a ball: it changes nothing).
function makes(taps: Tap[], state: MatchState, facts: ShotFacts, call: ShotCall | null) {
  const d = run(taps);
  if (!d.done) return false;
  const got = build(d, state);
  if (same(got.facts, facts) && same(got.call, call)) return true;
  return same(ruled(state, got.facts, got.call), ruled(state, facts, call));
}

function ruled(state: MatchState, facts: ShotFacts, call: ShotCall | null): unknown {
  const shooter = state.currentGame!.shooter;
  try {
    const events = decide({ type: 'PlayShot', shooter, facts, ...(call ? { call } : {}) }, state);
    const adjudicated = events.find((e) => e.type === 'ShotAdjudicated');
    return adjudicated ? adjudicated.data.ruling : events;
  } catch (err) {
    return (err as Error).message;
  }
}

export function planShot(state: MatchState, facts: ShotFacts, call: ShotCall | null): Tap[] | null {
  const first = facts.firstContact;
  const quick: Tap[][] = [[{ t: 'miss' }], [{ t: 'scratch' }]];
  if (first !== null) {
    quick.push([{ t: 'ball', ball: first }, { t: 'miss' }]);
    quick.push([{ t: 'ball', ball: first }, { t: 'scratch' }]);
  }
  if (facts.pocketed.length === 1) {
    const p = facts.pocketed[0];
    quick.push([
      { t: 'ball', ball: p.ball },
      { t: 'pocket', pocket: p.pocket },
    ]);
  }
  for (const taps of quick) if (makes(taps, state, facts, call)) return taps;
  for (const explicitFirst of [false, true])
    for (const explicitCall of [false, true]) {
      const taps = detail(facts, call, explicitFirst, explicitCall);
      if (taps && makes(taps, state, facts, call)) return taps;
    }
  return null;
}

function detail(
  facts: ShotFacts,
  call: ShotCall | null,
  explicitFirst: boolean,
  explicitCall: boolean,
): Tap[] | null {
  const taps: Tap[] = [{ t: 'more' }];
  if (call?.pushOut) taps.push({ t: 'flag', flag: 'pushOut' });
  else if (call?.safety) taps.push({ t: 'flag', flag: 'safety' });
  else if (call && explicitCall && call.ball !== null) {
    taps.push({ t: 'mode', mode: 'call' }, { t: 'ball', ball: call.ball });
    if (call.pocket) taps.push({ t: 'pocket', pocket: call.pocket });
    else taps.push({ t: 'mode', mode: 'call' });
  }
  if (facts.noStroke) taps.push({ t: 'flag', flag: 'noStroke' });
  if (facts.callObvious) taps.push({ t: 'flag', flag: 'obvious' });
  else if (!call && facts.pocketed.length) taps.push({ t: 'flag', flag: 'noCall' });
  if (explicitFirst) {
    if (facts.firstContact === null) taps.push({ t: 'mode', mode: 'first' }, { t: 'noContact' });
    else taps.push({ t: 'mode', mode: 'first' }, { t: 'ball', ball: facts.firstContact });
  }
  for (const p of facts.pocketed)
    taps.push({ t: 'ball', ball: p.ball }, { t: 'pocket', pocket: p.pocket });
  if (facts.railContactsAfterFirstContact.some((c) => c.cushion || c.kind)) return null;
  const cushions = facts.railContactsAfterFirstContact.map((c) => c.ball);
  if (cushions.length === 0) taps.push({ t: 'flag', flag: 'noCushion' });
  else {
    taps.push({ t: 'mode', mode: 'cushion' });
    for (const b of cushions) taps.push({ t: 'ball', ball: b });
    taps.push({ t: 'mode', mode: 'cushion' });
  }
  if (facts.ballsOffTable.length) {
    taps.push({ t: 'mode', mode: 'offTable' });
    for (const b of facts.ballsOffTable) taps.push({ t: 'ball', ball: b });
    taps.push({ t: 'mode', mode: 'offTable' });
  }
  if (facts.cueBallScratched) taps.push({ t: 'scratch' });
  if (facts.cueBallOffTable) taps.push({ t: 'flag', flag: 'offTable' });
  if (facts.objectBallsDrivenToRail !== 4)
    taps.push({ t: 'rails', count: facts.objectBallsDrivenToRail });
  for (const f of facts.strokeFouls) taps.push({ t: 'foul', kind: f.kind });
  if (facts.placement) taps.push({ t: 'zone', zone: facts.placement.zone });
  taps.push({ t: 'record' });
  return taps;
}

// Taps that only restate a default are dropped by trying the plan without each one in turn.
export function shortest(state: MatchState, facts: ShotFacts, call: ShotCall | null): Tap[] | null {
  const plan = planShot(state, facts, call);
  if (!plan) return null;
  let best: Tap[] = plan;
  for (let i = best.length - 2; i >= 1; i--) {
    const without: Tap[] = [...best.slice(0, i), ...best.slice(i + 1)];
    if (makes(without, state, facts, call)) best = without;
  }
  return best;
}
