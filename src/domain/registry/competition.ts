import {
  APPEAL_WINDOW_STARTS,
  DEFAULT_APPEAL_WINDOW_MINUTES,
  MAX_APPEAL_WINDOW_MINUTES,
} from '../match/amendments/window';
import { DISCIPLINES, RULE_PROFILES } from '../table/vocabulary';
import { APPEAL_FEE_RULES, DEFAULT_APPEAL_FEE_RULE } from '../events/appeals';
import { RegistryError } from './errors';
import type { CompetitionFields, RegistryEvent } from './events';
import { optionalText, requireDate, requireId, requireText, requireWhole } from './validation';

export const DEFAULT_DECISION_DEADLINE_HOURS = 72;
const MAX_DECISION_DEADLINE_HOURS = 30 * 24;
const CURRENCY = /^[A-Z]{3}$/;

export interface CompetitionRecord extends CompetitionFields {
  competitionId: string;
  // Token subjects who may decide appeals here (CommitteeAssigned); empty until assigned.
  committee: string[];
  version: number;
}

export interface CreateCompetition {
  type: 'CreateCompetition';
  competitionId: string;
  fields: Omit<CompetitionFields, 'appealWindowMinutes' | 'decisionDeadlineHours'> &
    Partial<Pick<CompetitionFields, 'appealWindowMinutes' | 'decisionDeadlineHours'>>;
}

// Fields left undefined keep their value.
export interface UpdateCompetition {
  type: 'UpdateCompetition';
  competitionId: string;
  fields: Partial<CompetitionFields>;
}

export interface AssignCommittee {
  type: 'AssignCommittee';
  competitionId: string;
  members: string[];
}

export type CompetitionCommand = CreateCompetition | UpdateCompetition | AssignCommittee;

function checkFields(f: CompetitionFields): void {
  requireText(f.name, 'name', 200);
  requireText(f.season, 'season', 40);
  optionalText(f.venue, 'venue', 200);
  // 9-ball and 10-ball exist only under the WPA profile (rule book, profiles).
  if (!DISCIPLINES.includes(f.discipline) || !RULE_PROFILES.includes(f.ruleProfile))
    throw new RegistryError('INVALID_RECORD', 'Unknown discipline or rule profile', 'discipline');
  if (f.discipline !== 'EIGHT_BALL' && f.ruleProfile !== 'WPA')
    throw new RegistryError(
      'INVALID_RECORD',
      `${f.discipline} is played under WPA only`,
      'ruleProfile',
    );
  requireDate(f.startsOn, 'startsOn');
  requireDate(f.endsOn, 'endsOn');
  if (f.startsOn !== null && f.endsOn !== null && f.endsOn < f.startsOn)
    throw new RegistryError('INVALID_RECORD', 'endsOn is before startsOn', 'endsOn');
  requireWhole(f.appealWindowMinutes, 'appealWindowMinutes', 0, MAX_APPEAL_WINDOW_MINUTES);
  if (f.appealWindowStart !== undefined && !APPEAL_WINDOW_STARTS.includes(f.appealWindowStart))
    throw new RegistryError(
      'INVALID_RECORD',
      `appealWindowStart must be one of ${APPEAL_WINDOW_STARTS.join(', ')}`,
      'appealWindowStart',
    );
  requireWhole(f.decisionDeadlineHours, 'decisionDeadlineHours', 1, MAX_DECISION_DEADLINE_HOURS);
  if (f.appealFeeRule !== undefined && !APPEAL_FEE_RULES.includes(f.appealFeeRule))
    throw new RegistryError('INVALID_RECORD', 'Unknown appeal fee rule', 'appealFeeRule');
  if (f.appealFee !== null) {
    const { amount, currency } = f.appealFee;
    if (!Number.isFinite(amount) || amount < 0 || Math.round(amount * 100) !== amount * 100)
      throw new RegistryError(
        'INVALID_RECORD',
        'appealFee.amount must be ≥ 0 with at most 2 decimals',
        'appealFee',
      );
    if (!CURRENCY.test(currency))
      throw new RegistryError(
        'INVALID_RECORD',
        'appealFee.currency must be ISO 4217 (e.g. EUR)',
        'appealFee',
      );
  }
}

const same = (a: CompetitionFields, b: CompetitionFields): boolean =>
  (Object.keys(a) as (keyof CompetitionFields)[]).every(
    (k) => JSON.stringify(a[k]) === JSON.stringify(b[k]),
  );

export function decideCompetition(
  command: CompetitionCommand,
  state: CompetitionRecord | null,
): RegistryEvent[] {
  const id = command.competitionId;
  if (command.type === 'CreateCompetition') {
    if (state !== null)
      throw new RegistryError('COMPETITION_ALREADY_EXISTS', `Competition ${id} already exists`);
    requireId(id, 'competitionId');
    const fields: CompetitionFields = {
      ...command.fields,
      appealWindowMinutes: command.fields.appealWindowMinutes ?? DEFAULT_APPEAL_WINDOW_MINUTES,
      decisionDeadlineHours:
        command.fields.decisionDeadlineHours ?? DEFAULT_DECISION_DEADLINE_HOURS,
      appealFeeRule: command.fields.appealFeeRule ?? DEFAULT_APPEAL_FEE_RULE,
      appealRefileAfterWithdrawal: command.fields.appealRefileAfterWithdrawal ?? false,
    };
    checkFields(fields);
    return [{ type: 'CompetitionCreated', version: 1, data: { competitionId: id, ...fields } }];
  }
  if (state === null)
    throw new RegistryError('COMPETITION_NOT_FOUND', `No competition with id ${id}`);
  if (command.type === 'AssignCommittee') {
    for (const m of command.members) requireId(m, 'members');
    const members = [...new Set(command.members)].sort();
    if (JSON.stringify(members) === JSON.stringify(state.committee)) return [];
    return [{ type: 'CommitteeAssigned', version: 1, data: { competitionId: id, members } }];
  }
  const { competitionId: _id, committee: _c, version: _v, ...current } = state;
  const defined = Object.fromEntries(
    Object.entries(command.fields).filter(([, v]) => v !== undefined),
  ) as Partial<CompetitionFields>;
  const next: CompetitionFields = { ...current, ...defined };
  checkFields(next);
  if (same(current, next)) return [];
  return [{ type: 'CompetitionUpdated', version: 1, data: { competitionId: id, ...next } }];
}

export function evolveCompetition(
  state: CompetitionRecord | null,
  event: RegistryEvent,
): CompetitionRecord {
  const version = (state?.version ?? 0) + 1;
  switch (event.type) {
    case 'CompetitionCreated':
    case 'CompetitionUpdated':
      return { ...event.data, committee: state?.committee ?? [], version };
    case 'CommitteeAssigned':
      if (state === null) throw new Error('CommitteeAssigned before CompetitionCreated');
      return { ...state, committee: [...event.data.members], version };
    default:
      throw new Error(`${event.type} is not an event of a competition stream`);
  }
}
