import type { Discipline, RuleProfileId } from '../../src/domain/table/vocabulary';
import { Table } from '../support/match-fixtures';
import { A, B, PROFILES } from './eight-ball-scenarios';

// A10: the second warned violation of G1.9 or G1.29 forfeits the match. The ruling lists the
// violation as the foul it is and the forfeit as its own kind (SECOND_WARNED_VIOLATION), as the
// other escalations have theirs (THIRD_CONSECUTIVE_FOUL, EIGHT_POCKETED_ON_FOUL): no kind twice.

const games: { discipline: Discipline; profile: RuleProfileId }[] = [
  ...PROFILES.map((profile) => ({ discipline: 'EIGHT_BALL' as const, profile })),
  { discipline: 'NINE_BALL', profile: 'WPA' },
  { discipline: 'TEN_BALL', profile: 'WPA' },
];
const breakShot = { firstContact: 1, objectBallsDrivenToRail: 5 };
const interference = { kind: 'BREAK_CUE_BALL_INTERFERENCE' as const, reportedBy: 'referee' };
const nonTip = { kind: 'NON_TIP_CONTACT' as const, intentional: true, reportedBy: 'referee' };

describe.each(games)('the match forfeit has its own foul kind ($discipline, $profile)', (game) => {
  it.each([
    ['G1.9', interference, 'BREAK_CUE_BALL_INTERFERENCE'],
    ['G1.29', nonTip, 'NON_TIP_CONTACT'],
  ] as const)('A10, %s: the second warned violation', (rule, report, kind) => {
    const t = new Table({ ...game });
    // The first warning, from the referee before the break (G1.9 or G1.29).
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'WARNING',
      player: A,
      restored: null,
      violation: kind,
      note: '',
    });
    const r = t.shoot(A, { ...breakShot, strokeFouls: [report] });
    const kinds = r.fouls.map((f) => f.kind);
    expect(kinds).toContain(kind);
    expect(kinds).toContain('SECOND_WARNED_VIOLATION');
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(r.appliedFoul).toMatchObject({
      kind: 'SECOND_WARNED_VIOLATION',
      rule,
      penalty: 'FORFEIT_OF_MATCH',
    });
    expect(r.explanation).toContain(
      `a second violation of ${rule} after a warning forfeits the match (A10)`,
    );
    expect(r.gameResult).toMatchObject({ winner: B, reason: 'MATCH_FORFEITED', rule });
  });
});
