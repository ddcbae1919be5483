import type { GqlResponse, TestServer } from './server';

// GraphQL operations a scorer's client would send, as plain strings over HTTP.
const MATCH_FIELDS = `id status winner revision players { id score }
          pendingChoice { kind player options rule }
          games { number winner loser reason rule breaker }
          currentGame { number rack breaker shooter ballInHand isBreakShot ballsOnTable pocketed status
                        groups { player group } call { ball pocket safety } }`;

const RESULT = `
  matchId revision
  ruling { foul penalty rules turn nextShooter ballInHand explanation legallyPocketed ballsOnTableAfter spotted pushOutAvailable consecutiveFoulsAfter
           appliedFoul { kind rule } fouls { kind rule }
           groupsAssigned { player group } pendingChoice { kind player options }
           gameResult { winner loser reason rule } }
  match { ${MATCH_FIELDS} }
  events { type revision gameNumber explanation metadata { recordedBy role commandId engineVersion ruleProfile } }`;

const MUTATION = (name: string, input: string) =>
  `mutation($input: ${input}!) { ${name}(input: $input) { ${RESULT} } }`;

export type Result = Record<string, any>;

export class LedgerClient {
  constructor(private readonly server: TestServer) {}

  private async run(
    name: string,
    inputType: string,
    input: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GqlResponse> {
    return this.server.gql(MUTATION(name, inputType), { input }, headers);
  }

  // Succeeds or fails the test with the server's error.
  private async ok(
    name: string,
    inputType: string,
    input: Record<string, unknown>,
  ): Promise<Result> {
    const res = await this.run(name, inputType, input);
    if (res.errors) throw new Error(`${name} failed: ${JSON.stringify(res.errors)}`);
    return res.data![name];
  }

  scheduleMatch(input: Record<string, unknown>) {
    return this.ok('scheduleMatch', 'ScheduleMatchInput', input);
  }
  decideBreakOrder(input: Record<string, unknown>) {
    return this.ok('decideBreakOrder', 'DecideBreakOrderInput', input);
  }
  chooseOption(input: Record<string, unknown>) {
    return this.ok('chooseOption', 'ChooseOptionInput', input);
  }
  placeCueBall(input: Record<string, unknown>) {
    return this.ok('placeCueBall', 'PlaceCueBallInput', input);
  }
  callShot(input: Record<string, unknown>) {
    return this.ok('callShot', 'CallShotInput', input);
  }
  recordShot(input: Record<string, unknown>) {
    return this.ok('recordShot', 'RecordShotInput', input);
  }
  recordRefereeRuling(input: Record<string, unknown>) {
    return this.ok('recordRefereeRuling', 'RecordRefereeRulingInput', input);
  }

  // For refusals: returns the raw response so the test can check the error code.
  attempt(
    name: string,
    inputType: string,
    input: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    return this.run(name, inputType, input, headers);
  }

  async match(id: string): Promise<Result> {
    const res = await this.server.gql(
      `query($id: String!) { match(id: $id) { ${MATCH_FIELDS} } }`,
      { id },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.match;
  }

  async history(matchId: string, gameNumber?: number): Promise<Result[]> {
    const res = await this.server.gql(
      `query($m: String!, $g: Int) { matchHistory(matchId: $m, gameNumber: $g) {
         type revision gameNumber explanation ruling { rules explanation penalty appliedFoul { rule } }
         metadata { recordedBy role recordedAt occurredAt commandId engineVersion ruleProfile } } }`,
      { m: matchId, g: gameNumber ?? null },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.matchHistory;
  }
}
