import { Field, InputType } from '@nestjs/graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsDate,
  IsOptional,
  IsString,
  Matches,
} from 'class-validator';
import { ACTOR_ROLES, type ActorRole } from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';

@InputType({ description: 'Audit trail filters; every one optional, all of them combined (AND).' })
export class AuditFilterInput {
  @Field({ nullable: true, description: 'Only this match.' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'matchId must be 1–64 letters, digits or ._:-' })
  matchId?: string;

  @Field({ nullable: true, description: 'Only events recorded by this subject (recordedBy).' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'actor must be 1–64 letters, digits or ._:-' })
  actor?: string;

  @Field(() => E.ActorRole, { nullable: true, description: 'Only events recorded in this role.' })
  @IsOptional()
  @IsIn(ACTOR_ROLES)
  role?: ActorRole;

  @Field(() => [String], { nullable: true, description: 'Only these event types.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @Matches(/^[A-Za-z]{1,64}$/, { each: true, message: 'event types are 1–64 letters' })
  types?: string[];

  @Field(() => GraphQLDateTime, {
    nullable: true,
    description: 'Recorded at or after this instant.',
  })
  @IsOptional()
  @IsDate()
  from?: Date;

  @Field(() => GraphQLDateTime, {
    nullable: true,
    description: 'Recorded at or before this instant.',
  })
  @IsOptional()
  @IsDate()
  to?: Date;
}
