import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import type { AssignOfficials } from './commands';
import type { MatchState } from './state';

export const MAX_OFFICIALS_PER_DUTY = 10;

// The admin names who may record at this match: scorers (shots, calls, placements) and referees
// (rulings). The assignment replaces the previous one; a player of the match cannot officiate it.
export function assignOfficials(c: AssignOfficials, state: MatchState): LedgerEvent[] {
  for (const [duty, ids] of [
    ['scorers', c.scorers],
    ['referees', c.referees],
  ] as const) {
    if (ids.length > MAX_OFFICIALS_PER_DUTY)
      throw new DomainError(
        'INVALID_OFFICIALS',
        `At most ${MAX_OFFICIALS_PER_DUTY} ${duty} per match`,
      );
    if (new Set(ids).size !== ids.length)
      throw new DomainError('INVALID_OFFICIALS', `The ${duty} list names someone twice`);
    const player = ids.find((id) => state.players.some((p) => p.id === id));
    if (player !== undefined)
      throw new DomainError(
        'INVALID_OFFICIALS',
        `${player} plays in this match and cannot be one of its ${duty}`,
      );
  }
  return [
    {
      type: 'OfficialsAssigned',
      version: 1,
      data: { scorers: [...c.scorers], referees: [...c.referees] },
    },
  ];
}
