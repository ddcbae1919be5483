import { canonicalJson } from '../domain';
import type { EventStore } from '../ledger/event-store';
import { MatchProjector } from './match-projector';
import { ReadModel } from './read-model';

export interface ViewDifference {
  matchId: string;
  // DIFFERS: served and replayed views disagree; MISSING: the ledger has the match, the read
  // model does not; EXTRA: the read model serves a match the ledger does not have.
  kind: 'DIFFERS' | 'MISSING' | 'EXTRA';
}

const PAGE = 500;

function allViews(model: ReadModel): Map<string, string> {
  const views = new Map<string, string>();
  for (let before: string | undefined; ; ) {
    const page = model.matchPage(before, PAGE);
    for (const row of page) views.set(row.state.id, canonicalJson(row.state));
    if (page.length < PAGE) return views;
    before = page[page.length - 1].key;
  }
}

// Replays the whole ledger into a fresh in-memory read model and compares every match view with
// the one being served.
export async function checkReadModel(
  store: EventStore,
  served: ReadModel,
): Promise<ViewDifference[]> {
  const replayed = new ReadModel(':memory:');
  try {
    await new MatchProjector(store, replayed).rebuild();
    const want = allViews(replayed);
    const have = allViews(served);
    const differences: ViewDifference[] = [];
    for (const [matchId, view] of want) {
      const got = have.get(matchId);
      if (got === undefined) differences.push({ matchId, kind: 'MISSING' });
      else if (got !== view) differences.push({ matchId, kind: 'DIFFERS' });
    }
    for (const matchId of have.keys())
      if (!want.has(matchId)) differences.push({ matchId, kind: 'EXTRA' });
    return differences.sort((a, b) => a.matchId.localeCompare(b.matchId));
  } finally {
    replayed.close();
  }
}

// Whether the read model claims events the ledger does not hold: its checkpoint is not the
// position of an event in the ledger (the ledger was cut back, or the checkpoint was edited).
export async function readModelAhead(store: EventStore, readModel: ReadModel): Promise<boolean> {
  const checkpoint = readModel.checkpoint('matches');
  if (checkpoint === undefined) return false;
  const [event] = await store.readAll({ after: checkpoint - 1n, maxCount: 1 });
  return event?.position !== checkpoint;
}
