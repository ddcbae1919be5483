import { DomainError } from '../../src/domain/errors';
import { previewAppeal } from '../../src/domain/match/amendments';
import type { MatchState } from '../../src/domain/match/state';
import { given, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, Table } from '../support/match-fixtures';

// The committee's preview is the decision it would take, not a separate what-if: the same
// refusals with the same codes, the same resulting match, and, once the appeal is closed, what
// closed it.

// A race to 1 lost by Bruno on a G1.39 ruling, Bruno's appeal filed, then both players sign.
function signedWithAppeal(): Table {
  const t = new Table({ raceTo: 1 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.run({
    type: 'RecordRefereeRuling',
    kind: 'UNSPORTSMANLIKE_CONDUCT',
    player: BRUNO.id,
    restored: null,
    sanction: 'LOSS_OF_GAME',
    note: '',
  });
  const ruled = t.history.findIndex((e) => e.type === 'RefereeRuled');
  t.run({ type: 'SignOffMatch', by: ANA.id, capacity: 'PLAYER' });
  t.run({
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: ruled,
    grounds: 'the referee did not warn first',
    proposal: { kind: 'AWARD_GAME', player: BRUNO.id },
  });
  t.run({ type: 'SignOffMatch', by: BRUNO.id, capacity: 'PLAYER' });
  return t;
}

// The appeal's own record differs (a preview is nobody's decision); everything else must not.
const withoutAppeals = ({ appeals: _a, ...rest }: MatchState) => rest;

describe('appeal preview', () => {
  it('of a pending appeal is the match as the decision leaves it: signatures cleared, not final (G1.39)', () => {
    const t = signedWithAppeal();
    expect(t.state).toMatchObject({ final: true, signatures: [ANA.id, BRUNO.id] });
    const preview = previewAppeal(recordedHistory(t.history).events, t.state, 'A1');
    expect(preview).toMatchObject({ status: 'PENDING', closedAt: null });
    expect(preview.amended).toMatchObject({ final: false, signatures: [], winner: BRUNO.id });
    t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'ALLOWED',
      reason: 'no warning was given',
    });
    expect(withoutAppeals(preview.amended)).toEqual(withoutAppeals(t.state));
  });

  it('refuses what the decision refuses, with the same code', () => {
    const t = signedWithAppeal();
    const remedy = { kind: 'AWARD_GAME' as const, player: 'nobody' };
    let code: string | undefined;
    try {
      previewAppeal(recordedHistory(t.history).events, t.state, 'A1', remedy);
    } catch (err) {
      code = err instanceof DomainError ? err.code : 'not a DomainError';
    }
    expect(code).toBe('NOT_A_PLAYER_OF_MATCH');
    given(...t.history)
      .when({
        type: 'DecideAppeal',
        appealId: 'A1',
        decidedBy: 'ac-1',
        outcome: 'ALLOWED',
        remedy,
        reason: 'r',
      })
      .thenRefuses('NOT_A_PLAYER_OF_MATCH');
  });

  it('of a decided appeal is the decision itself, not a new what-if', () => {
    const t = signedWithAppeal();
    const before = t.state;
    t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'ALLOWED',
      reason: 'no warning was given',
    });
    const decided = t.history.findIndex((e) => e.type === 'AppealDecided');
    const preview = previewAppeal(recordedHistory(t.history).events, t.state, 'A1');
    expect(preview).toMatchObject({ status: 'ALLOWED', closedAt: decided });
    expect(preview.recorded).toEqual(before);
    expect(preview.amended).toEqual(t.state);
    expect(preview.remedy).toEqual({ kind: 'AWARD_GAME', player: BRUNO.id });
  });

  it('of a withdrawn appeal says so and changes nothing', () => {
    const t = signedWithAppeal();
    t.run({ type: 'WithdrawAppeal', appealId: 'A1', by: BRUNO.id, reason: 'we talked it over' });
    const preview = previewAppeal(recordedHistory(t.history).events, t.state, 'A1');
    expect(preview).toMatchObject({ status: 'WITHDRAWN', ruling: null, supersedes: [] });
    expect(preview.amended).toEqual(t.state);
  });
});
