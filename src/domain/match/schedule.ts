import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import {
  APPEAL_WINDOW_STARTS,
  DEFAULT_APPEAL_WINDOW_MINUTES,
  MAX_APPEAL_WINDOW_MINUTES,
} from './amendments/window';
import type { ScheduleMatch } from './commands';
import type { MatchState } from './state';

export function schedule(c: ScheduleMatch, state: MatchState | null): LedgerEvent[] {
  if (state !== null)
    throw new DomainError('MATCH_ALREADY_SCHEDULED', `Match ${c.matchId} is already scheduled`);
  // 9-ball and 10-ball exist only under the WPA profile (rule book, profiles).
  if (c.discipline !== 'EIGHT_BALL' && c.ruleProfile !== 'WPA') {
    throw new DomainError(
      'UNSUPPORTED_RULES',
      `${c.discipline} is played under the WPA profile only`,
    );
  }
  if (c.players[0].id === c.players[1].id) {
    throw new DomainError('INVALID_MATCH_SETUP', 'A match needs two different players');
  }
  if (
    c.appealWindowMinutes !== undefined &&
    (!Number.isInteger(c.appealWindowMinutes) ||
      c.appealWindowMinutes < 0 ||
      c.appealWindowMinutes > MAX_APPEAL_WINDOW_MINUTES)
  ) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      `appealWindowMinutes must be a whole number from 0 to ${MAX_APPEAL_WINDOW_MINUTES}`,
    );
  }
  if (c.appealWindowStart !== undefined && !APPEAL_WINDOW_STARTS.includes(c.appealWindowStart))
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      `appealWindowStart must be one of ${APPEAL_WINDOW_STARTS.join(', ')}`,
    );
  if (!Number.isInteger(c.raceTo) || c.raceTo < 1) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      'raceTo must be a whole number of games, at least 1',
    );
  }
  if (c.tableNumber !== undefined && (!Number.isInteger(c.tableNumber) || c.tableNumber < 1))
    throw new DomainError('INVALID_MATCH_SETUP', 'tableNumber must be a whole number, at least 1');
  if (c.scheduledAt !== undefined && Number.isNaN(Date.parse(c.scheduledAt)))
    throw new DomainError('INVALID_MATCH_SETUP', 'scheduledAt must be an ISO instant');
  return [
    {
      type: 'MatchScheduled',
      version: 1,
      data: {
        matchId: c.matchId,
        discipline: c.discipline,
        ruleProfile: c.ruleProfile,
        raceTo: c.raceTo,
        players: [{ ...c.players[0] }, { ...c.players[1] }],
        breakOrder: c.breakOrder,
        refereePresent: c.refereePresent,
        competition: c.competition,
        ...(c.competitionId !== undefined ? { competitionId: c.competitionId } : {}),
        ...(c.appealWindowStart !== undefined
          ? {
              appealWindow: {
                minutes: c.appealWindowMinutes ?? DEFAULT_APPEAL_WINDOW_MINUTES,
                start: c.appealWindowStart,
              },
            }
          : {}),
        ...(c.appealWindowMinutes !== undefined
          ? { appealWindowMinutes: c.appealWindowMinutes }
          : {}),
        ...(c.competitionId !== undefined ? { competitionId: c.competitionId } : {}),
        ...(c.venue !== undefined ? { venue: c.venue } : {}),
        ...(c.tableNumber !== undefined ? { tableNumber: c.tableNumber } : {}),
        ...(c.scheduledAt !== undefined ? { scheduledAt: c.scheduledAt } : {}),
        ...(c.imported !== undefined ? { imported: { ...c.imported } } : {}),
      },
    },
  ];
}
