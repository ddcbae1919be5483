import { AppealPolicyService } from '../../src/appeals/policy/appeal-policy.service';
import type { CompetitionAppealPolicy } from '../../src/kernel/registry/competition-appeal-policy.port';
import { NO_STREAM } from '../../src/ledger/event-store';
import { sealEvents } from '../../src/ledger/hash-chain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { ANA, BRUNO } from '../support/match-fixtures';
import { commandMetadata } from '../support/ledger-rows';

// The committee that may decide a match's appeals comes from the competition the match itself
// was scheduled in (its first event), not from a view: no read model is even built here, as when
// the projector lags or failed, and the committee still applies.
describe('the appeal policy of a match', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const asked: string[] = [];
  const port: CompetitionAppealPolicy = {
    forCompetition: (id) => {
      asked.push(id);
      return Promise.resolve(
        id === 'liga'
          ? {
              competitionId: 'liga',
              appealWindowMinutes: 45,
              decisionDeadlineHours: 48,
              appealFee: null,
              committee: ['ac-1'],
            }
          : null,
      );
    },
  };
  const policies = new AppealPolicyService(store, port);

  const schedule = (matchId: string, competitionId?: string) =>
    store.append(
      `match-${matchId}`,
      sealEvents(`match-${matchId}`, null, [
        {
          eventId: `${matchId}-0`,
          type: 'MatchScheduled',
          data: {
            matchId,
            discipline: 'EIGHT_BALL',
            ruleProfile: 'FPB',
            raceTo: 2,
            players: [ANA, BRUNO],
            breakOrder: 'WINNER',
            refereePresent: true,
            competition: null,
            ...(competitionId ? { competitionId } : {}),
          },
          metadata: commandMetadata(`${matchId}-cmd`, null),
        },
      ]),
      NO_STREAM,
    );

  afterAll(() => store.close());

  it("takes the committee of the competition named in the match's own schedule", async () => {
    await schedule('in-liga', 'liga');
    expect(await policies.forMatch('in-liga')).toMatchObject({
      appealWindowMinutes: 45,
      committee: ['ac-1'],
    });
  });

  it('has none for a match outside a competition, or a match that does not exist', async () => {
    await schedule('friendly');
    expect(await policies.forMatch('friendly')).toBeNull();
    expect(await policies.forMatch('nowhere')).toBeNull();
    expect(asked).toEqual(['liga']);
  });
});
