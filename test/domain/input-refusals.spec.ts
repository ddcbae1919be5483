import type { MatchCommand } from '../../src/domain/match/commands';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, Table } from '../support/match-fixtures';

// Malformed referee rulings and officials lists are refused with their own codes, before anything
// is recorded (G1.29, G1.31, G1.33, G1.39).
describe('refusals of malformed input', () => {
  const ruling = (r: Partial<MatchCommand & { type: 'RecordRefereeRuling' }>): MatchCommand => ({
    type: 'RecordRefereeRuling',
    kind: 'WARNING',
    player: null,
    restored: null,
    note: '',
    ...r,
  });

  it.each([
    [
      'G1.31 a spontaneous movement without the ball',
      { kind: 'SPONTANEOUS_MOVEMENT', movement: 'STAYS' },
    ],
    ['G1.31 a spontaneous movement without its outcome', { kind: 'SPONTANEOUS_MOVEMENT', ball: 3 }],
    [
      'G1.39 unsportsmanlike conduct without the offender',
      { kind: 'UNSPORTSMANLIKE_CONDUCT', sanction: 'WARNING' },
    ],
    [
      'G1.39 unsportsmanlike conduct without the sanction',
      { kind: 'UNSPORTSMANLIKE_CONDUCT', player: ANA.id },
    ],
    ['G1.29 a warning naming nobody', { kind: 'WARNING' }],
    [
      'G1.33 outside interference without saying if the balls were restored',
      { kind: 'OUTSIDE_INTERFERENCE' },
    ],
  ] as const)('refuses %s as INVALID_REFEREE_RULING', (_what, r) => {
    given(...new Table().history)
      .when(ruling(r))
      .thenRefuses('INVALID_REFEREE_RULING');
  });

  it('still refuses an offender who is not a player of the match as NOT_A_PLAYER_OF_MATCH', () => {
    given(...new Table().history)
      .when(ruling({ kind: 'WARNING', player: 'carla' }))
      .thenRefuses('NOT_A_PLAYER_OF_MATCH');
  });

  it.each([
    [
      'more than ten scorers',
      { scorers: Array.from({ length: 11 }, (_, i) => `s${i}`), referees: [] },
    ],
    ['a referee named twice', { scorers: [], referees: ['r1', 'r1'] }],
    ['a player of the match as scorer', { scorers: [BRUNO.id], referees: [] }],
  ])('refuses officials with %s as INVALID_OFFICIALS', (_what, lists) => {
    given(...new Table().history)
      .when({ type: 'AssignOfficials', ...lists })
      .thenRefuses('INVALID_OFFICIALS');
  });

  it('accepts ten of each duty', () => {
    const ten = (p: string) => Array.from({ length: 10 }, (_, i) => `${p}${i}`);
    given(...new Table().history)
      .when({ type: 'AssignOfficials', scorers: ten('s'), referees: ten('r') })
      .then((events, after) => {
        expect(events).toHaveLength(1);
        expect(after.officials.referees).toHaveLength(10);
      });
  });
});
