import { Field, InputType, Int } from '@nestjs/graphql';
import {
  ArrayMaxSize,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';
import { EVENT_TYPES } from '../../domain/events/catalogue';

@InputType('LedgerFeedFilter', {
  description: 'Every field optional; all given fields must match.',
})
export class LedgerFeedFilterInput {
  @Field(() => String, { nullable: true, description: 'A registered competition id.' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'competitionId must be 1–64 letters, digits or ._:-' })
  competitionId?: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  tableNumber?: number;

  @Field(() => [String], { nullable: true, description: 'Event types, e.g. ShotAdjudicated.' })
  @IsOptional()
  @ArrayMaxSize(40)
  @IsIn(EVENT_TYPES as readonly string[], { each: true })
  types?: string[];
}
