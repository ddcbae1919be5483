import { Field, InputType } from '@nestjs/graphql';
import { IsDate, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { GraphQLDateTime } from 'graphql-scalars';
import { DISCIPLINES, RULE_PROFILES, type Discipline, type RuleProfileId } from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';

@InputType({ description: 'Which matches a stat counts; every filter optional, all combined.' })
export class StatsFilterInput {
  @Field(() => E.Discipline, { nullable: true })
  @IsOptional()
  @IsIn(DISCIPLINES)
  discipline?: Discipline;

  @Field({ nullable: true, description: 'Only matches of this registered competition.' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'competitionId must be 1–64 letters, digits or ._:-' })
  competitionId?: string;

  @Field(() => E.RuleProfile, { nullable: true })
  @IsOptional()
  @IsIn(RULE_PROFILES)
  ruleProfile?: RuleProfileId;

  @Field({ nullable: true, description: 'Only matches against this player.' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'opponent must be 1–64 letters, digits or ._:-' })
  opponent?: string;

  @Field(() => GraphQLDateTime, {
    nullable: true,
    description: 'Matches dated (scheduled, else recorded) at or after this instant.',
  })
  @IsOptional()
  @IsDate()
  from?: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: '… at or before this instant.' })
  @IsOptional()
  @IsDate()
  to?: Date;
}
