import { APPEAL_STATUSES, MATCH_STATE_VERSION } from '../../src/domain';
import { ANA, Table } from '../support/match-fixtures';
import { simulateMatch } from '../support/simulator';

// Read models store MatchState as JSON and feed it back into evolve; they are rebuilt only when
// MATCH_STATE_VERSION changes. A change of shape without a new version would feed old views into
// the new code: when this fails, bump the version and pin the new shape under it (replacing the
// old pin: only the current version's shape matters).
const SHAPES: Record<number, string[]> = {
  6: [
    'appealWindowMinutes',
    'appeals[].againstRevision',
    'appeals[].by',
    'appeals[].decidedAt',
    'appeals[].decidedBy',
    'appeals[].decisionDeadline',
    'appeals[].evidence[]',
    'appeals[].fee',
    'appeals[].feeOutcome',
    'appeals[].filedAt',
    'appeals[].gameNumber',
    'appeals[].grounds',
    'appeals[].id',
    'appeals[].proposal',
    'appeals[].reason',
    'appeals[].reasonPt',
    'appeals[].remedy',
    'appeals[].review',
    'appeals[].reviewedBy',
    'appeals[].status',
    'appeals[].windowClosesAt',
    'breakOrder',
    'competition',
    'currentGame.ballInHand',
    'currentGame.ballsOnTable[]',
    'currentGame.breaker',
    'currentGame.call',
    'currentGame.claimedFouls[]',
    'currentGame.consecutiveFouls.p1',
    'currentGame.consecutiveFouls.p2',
    'currentGame.cueBallPlacement',
    'currentGame.endReason',
    'currentGame.endRule',
    'currentGame.fouls.p1',
    'currentGame.fouls.p2',
    'currentGame.frozenDeclared[]',
    'currentGame.groups.p1',
    'currentGame.groups.p2',
    'currentGame.isBreakShot',
    'currentGame.number',
    'currentGame.pocketed[]',
    'currentGame.pushOutAvailable',
    'currentGame.rack',
    'currentGame.shooter',
    'currentGame.shotRecords',
    'currentGame.shotsPlayed',
    'currentGame.status',
    'currentGame.twoFoulWarned.p1',
    'currentGame.twoFoulWarned.p2',
    'currentGame.winner',
    'discipline',
    'final',
    'games[].breaker',
    'games[].loser',
    'games[].number',
    'games[].reason',
    'games[].rule',
    'games[].shots',
    'games[].winner',
    'id',
    'officials.referees[]',
    'officials.scorers[]',
    'pendingChoice',
    'players[].id',
    'players[].name',
    'raceTo',
    'refereePresent',
    'ruleProfile',
    'score.p1',
    'score.p2',
    'signatures[]',
    'signaturesAskedAgain[]',
    'status',
    'version',
    'warnings.p1[]',
    'warnings.p2[]',
    'winner',
  ],
};

// Version 6 also holds the appeal window frozen at scheduling and what it counts from, what mooted
// an appeal, and who asked for the review of its decision.
SHAPES[6] = [
  ...SHAPES[6],
  'appealWindowFrozen',
  'appealWindowStart',
  'appeals[].mootedBy',
  'appeals[].reviewRequestedBy',
].sort(bySegments);

// The values an appeal's status may hold, per version.
const APPEAL_STATUS_VALUES: Record<number, string[]> = {
  5: ['PENDING', 'DISMISSED', 'ALLOWED', 'WITHDRAWN', 'MOOT'],
  6: ['PENDING', 'DISMISSED', 'ALLOWED', 'WITHDRAWN', 'MOOT'],
};

// The order paths() lists them in: key by key, a key before the keys it prefixes.
function bySegments(a: string, b: string): number {
  const [x, y] = [a, b].map((p) => p.replace(/\[\]/g, '').split('.'));
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

// A played match's state, with the fields of an appeal filed in another match in place of its
// empty list of appeals.
function statePaths(): string[] {
  const t = new Table();
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.run({
    type: 'FileAppeal',
    by: ANA.id,
    againstRevision: t.history.length - 1,
    grounds: 'g',
    proposal: { kind: 'REPLAY_GAME' },
  });
  const appeal = paths(t.state.appeals, 'appeals');
  return paths(simulateMatch(2).state).flatMap((p) => (p === 'appeals[]' ? appeal : [p]));
}

function paths(v: unknown, at = ''): string[] {
  if (Array.isArray(v)) return v.length ? paths(v[0], `${at}[]`) : [`${at}[]`];
  if (v !== null && typeof v === 'object')
    return Object.keys(v)
      .sort()
      .flatMap((k) => paths((v as Record<string, unknown>)[k], at ? `${at}.${k}` : k));
  return [at];
}

describe('the stored shape of MatchState', () => {
  it('is the one pinned for MATCH_STATE_VERSION', () => {
    expect(statePaths()).toEqual(SHAPES[MATCH_STATE_VERSION]);
  });

  it('an appeal status holds the values pinned for MATCH_STATE_VERSION', () => {
    expect([...APPEAL_STATUSES]).toEqual(APPEAL_STATUS_VALUES[MATCH_STATE_VERSION]);
  });
});
