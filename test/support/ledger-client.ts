import { randomUUID } from 'node:crypto';
import { bearer, type GqlResponse, type TestServer } from './server';

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
  match { ${MATCH_FIELDS} officials { scorers referees } }
  events { type revision gameNumber explanation metadata { recordedBy role commandId engineVersion ruleProfile } }`;

const MUTATION = (name: string, input: string) =>
  `mutation($input: ${input}!) { ${name}(input: $input) { ${RESULT} } }`;

export type Result = Record<string, any>;

// A client holding one bearer token. Every write gets a fresh commandId and the last revision
// this server's clients saw of the match as expectedRevision, unless the test gives its own.
export class LedgerClient {
  private readonly auth: Record<string, string>;

  constructor(
    private readonly server: TestServer,
    role = 'SCORER',
    subject = 'scorer-1',
  ) {
    this.auth = bearer(role, subject);
  }

  private async run(
    name: string,
    inputType: string,
    input: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GqlResponse> {
    const full: Record<string, unknown> = { commandId: randomUUID(), ...input };
    const matchId = input.matchId as string | undefined;
    if (matchId !== undefined && full.expectedRevision === undefined)
      full.expectedRevision = this.server.revisions.get(matchId) ?? 0;
    const res = await this.server.gql(
      MUTATION(name, inputType),
      { input: full },
      { ...this.auth, ...headers },
    );
    const result = res.data?.[name] as Result | undefined;
    if (result) this.server.revisions.set(result.matchId, result.revision);
    return res;
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
  declareFrozenBall(input: Record<string, unknown>) {
    return this.ok('declareFrozenBall', 'DeclareFrozenBallInput', input);
  }
  recordRefereeRuling(input: Record<string, unknown>) {
    return this.ok('recordRefereeRuling', 'RecordRefereeRulingInput', input);
  }
  assignOfficials(input: Record<string, unknown>) {
    return this.ok('assignOfficials', 'AssignOfficialsInput', input);
  }

  // Results-level recording.
  recordGameResult(input: Record<string, unknown>) {
    return this.ok('recordGameResult', 'RecordGameResultInput', input);
  }
  correctGameResult(input: Record<string, unknown>) {
    return this.ok('correctGameResult', 'CorrectGameResultInput', input);
  }

  // Corrections, appeals and sign-off.
  correctShot(input: Record<string, unknown>) {
    return this.ok('correctShot', 'CorrectShotInput', input);
  }
  fileAppeal(input: Record<string, unknown>) {
    return this.ok('fileAppeal', 'FileAppealInput', input);
  }
  decideAppeal(input: Record<string, unknown>) {
    return this.ok('decideAppeal', 'DecideAppealInput', input);
  }
  attachAppealEvidence(input: Record<string, unknown>) {
    return this.ok('attachAppealEvidence', 'AttachAppealEvidenceInput', input);
  }
  reviewAppealDecision(input: Record<string, unknown>) {
    return this.ok('reviewAppealDecision', 'ReviewAppealDecisionInput', input);
  }
  requestAppealReview(input: Record<string, unknown>) {
    return this.ok('requestAppealReview', 'RequestAppealReviewInput', input);
  }
  withdrawAppeal(input: Record<string, unknown>) {
    return this.ok('withdrawAppeal', 'WithdrawAppealInput', input);
  }
  signOffMatch(input: Record<string, unknown>) {
    return this.ok('signOffMatch', 'SignOffMatchInput', input);
  }

  async appealPreview(
    matchId: string,
    appealId: string,
    remedy?: Record<string, unknown>,
  ): Promise<Result> {
    const res = await this.server.gql(
      `query($i: AppealPreviewInput!) { appealPreview(input: $i) {
         appealId againstRevision remedy streamRevision supersedes
         recorded { ${MATCH_FIELDS} } amended { ${MATCH_FIELDS} }
         recordedRuling { foul rules turn nextShooter explanation appliedFoul { kind rule } }
         ruling { foul rules turn nextShooter ballInHand spotted explanation appliedFoul { kind rule } gameResult { winner } } } }`,
      { i: { matchId, appealId, remedy: remedy ?? null } },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.appealPreview;
  }

  // The match with its appeal and sign-off fields.
  async matchRecord(id: string): Promise<Result> {
    const res = await this.server.gql(
      `query($id: String!) { match(id: $id) { ${MATCH_FIELDS} appealWindowMinutes signatures final
         appeals { id by againstRevision gameNumber grounds proposal status decidedBy remedy reason } } }`,
      { id },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.match;
  }

  // The whole story: every event with what superseded it, its data and who recorded it.
  async audit(matchId: string): Promise<Result[]> {
    const res = await this.server.gql(
      `query($m: String!) { matchHistory(matchId: $m) {
         type revision gameNumber explanation supersededBy data metadata { recordedBy role } } }`,
      { m: matchId },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.matchHistory;
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
