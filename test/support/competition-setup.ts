import { bearer, type TestServer } from './server';

// A competition with a 25 EUR appeal fee, a 60-minute window and a 72-hour decision deadline, its
// players registered by the record keeper and its committee assigned by the admin: the setting
// of the appeal stories that go through the API.
export async function competitionWithCommittee(
  server: TestServer,
  c: { competitionId: string; name: string; players: [string, string][]; members: string[] },
): Promise<void> {
  const keeper = bearer('RECORD_KEEPER', 'keeper-1');
  const write = async (mutation: string, type: string, input: Record<string, unknown>) => {
    const res = await server.gql(
      `mutation($i: ${type}!) { ${mutation}(input: $i) { revision } }`,
      { i: { commandId: `setup-${mutation}-${JSON.stringify(input).length}`, ...input } },
      mutation === 'assignCommittee' ? bearer('ADMIN', 'admin-1') : keeper,
    );
    if (res.errors) throw new Error(`${mutation} failed: ${JSON.stringify(res.errors)}`);
  };
  for (const [licenceId, displayName] of c.players)
    await write('registerPlayer', 'RegisterPlayerInput', { licenceId, displayName });
  await write('createCompetition', 'CreateCompetitionInput', {
    competitionId: c.competitionId,
    name: c.name,
    discipline: 'EIGHT_BALL',
    ruleProfile: 'FPB',
    season: '2026',
    appealWindowMinutes: 60,
    decisionDeadlineHours: 72,
    appealFee: { amount: 25, currency: 'EUR' },
  });
  await write('assignCommittee', 'AssignCommitteeInput', {
    competitionId: c.competitionId,
    members: c.members,
  });
}
