import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import {
  DEFAULT_APPEAL_FEE_RULE,
  TIE_BREAK_ORDER,
  type AppealFeeRule,
  type AppealWindowStart,
  type CompetitionRecord,
  type Discipline,
  type PlayerRecord,
  type RuleProfileId,
  type StandingRow,
} from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { ConnectionOf } from '../../kernel/graphql/pagination';
import { MatchModel } from '../../kernel/match/models/match.model';
import { toMatchModel } from '../../kernel/match/models/mappers';
import type { MatchRow } from '../../kernel/registry/scheduled-match';

@ObjectType('RegisteredPlayer', {
  description: 'A player of the federation registry; the licence id is their id in every match.',
})
export class RegisteredPlayerModel {
  @Field() licenceId!: string;
  @Field() displayName!: string;
  @Field(() => String, { nullable: true }) club!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-3.' })
  nationality!: string | null;
  @Field(() => Int, { description: "Revision of the last event of the player's stream." })
  revision!: number;
}

@ObjectType('RegisteredPlayerConnection')
export class RegisteredPlayerConnectionModel extends ConnectionOf(
  RegisteredPlayerModel,
  'RegisteredPlayer',
) {}

@ObjectType('Money')
export class MoneyModel {
  @Field(() => Float) amount!: number;
  @Field() currency!: string;
}

@ObjectType('Competition')
export class CompetitionModel {
  @Field() id!: string;
  @Field() name!: string;
  @Field(() => E.Discipline) discipline!: Discipline;
  @Field(() => E.RuleProfile) ruleProfile!: RuleProfileId;
  @Field() season!: string;
  @Field(() => String, { nullable: true }) startsOn!: string | null;
  @Field(() => String, { nullable: true }) endsOn!: string | null;
  @Field(() => String, { nullable: true }) venue!: string | null;
  @Field(() => Int, { description: 'Minutes a player has to appeal in this competition.' })
  appealWindowMinutes!: number;
  @Field(() => E.AppealWindowStart, {
    description:
      'What the appeal window counts from: the disputed shot, the end of its game or of the match. Copied into each match when it is scheduled.',
  })
  appealWindowStart!: AppealWindowStart;
  @Field(() => Int, { description: 'Hours the committee has to decide an appeal.' })
  decisionDeadlineHours!: number;
  @Field(() => MoneyModel, { nullable: true }) appealFee!: MoneyModel | null;
  @Field(() => E.AppealFeeRule, { description: 'What becomes of a closed appeal’s fee.' })
  appealFeeRule!: AppealFeeRule;
  @Field({ description: 'Whether a withdrawn claim may be filed again.' })
  appealRefileAfterWithdrawal!: boolean;
  @Field(() => [String], { description: 'Who may decide appeals here (token subjects).' })
  committee!: string[];
  @Field(() => Int) revision!: number;
}

@ObjectType('CompetitionConnection')
export class CompetitionConnectionModel extends ConnectionOf(CompetitionModel, 'Competition') {}

@ObjectType('ScheduledMatch', { description: 'A match with where and when it is played.' })
export class ScheduledMatchModel {
  @Field(() => MatchModel) match!: MatchModel;
  @Field(() => String, { nullable: true }) competitionId!: string | null;
  @Field(() => String, { nullable: true }) scheduledAt!: string | null;
  @Field(() => String, { nullable: true }) venue!: string | null;
  @Field(() => Int, { nullable: true }) tableNumber!: number | null;
}

@ObjectType('ScheduledMatchConnection')
export class ScheduledMatchConnectionModel extends ConnectionOf(
  ScheduledMatchModel,
  'ScheduledMatch',
) {}

@ObjectType('Standing', {
  description: `A line of a competition's table. Order: ${TIE_BREAK_ORDER.join('; then ')}.`,
})
export class StandingModel {
  @Field(() => Int) position!: number;
  @Field() playerId!: string;
  @Field(() => String, { nullable: true }) displayName!: string | null;
  @Field(() => Int, { description: 'Completed matches.' }) played!: number;
  @Field(() => Int) won!: number;
  @Field(() => Int) lost!: number;
  @Field(() => Int) gamesFor!: number;
  @Field(() => Int) gamesAgainst!: number;
  @Field(() => Int) gameDifferential!: number;
  @Field(() => Int, { description: 'Matches won against players level on matches won.' })
  headToHeadWins!: number;
}

export const toPlayerModel = (p: PlayerRecord): RegisteredPlayerModel => ({
  licenceId: p.licenceId,
  displayName: p.displayName,
  club: p.club,
  nationality: p.nationality,
  revision: p.version - 1,
});

export const toCompetitionModel = (c: CompetitionRecord): CompetitionModel => ({
  id: c.competitionId,
  name: c.name,
  discipline: c.discipline,
  ruleProfile: c.ruleProfile,
  season: c.season,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
  venue: c.venue,
  appealWindowMinutes: c.appealWindowMinutes,
  appealWindowStart: c.appealWindowStart ?? 'SHOT',
  decisionDeadlineHours: c.decisionDeadlineHours,
  appealFee: c.appealFee ? { ...c.appealFee } : null,
  appealFeeRule: c.appealFeeRule ?? DEFAULT_APPEAL_FEE_RULE,
  appealRefileAfterWithdrawal: c.appealRefileAfterWithdrawal ?? false,
  committee: [...c.committee],
  revision: c.version - 1,
});

export const toScheduledMatchModel = (r: MatchRow): ScheduledMatchModel => ({
  match: toMatchModel(r.state),
  competitionId: r.competitionId,
  scheduledAt: r.scheduledAt,
  venue: r.venue,
  tableNumber: r.tableNumber,
});

export const toStandingModel = (
  r: StandingRow & { displayName: string | null },
): StandingModel => ({
  ...r,
});
