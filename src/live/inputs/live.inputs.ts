import { Field, InputType, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { EVENT_TYPES } from '../../domain/events/catalogue';

@InputType('LedgerFeedFilter', {
  description: 'Every field optional; all given fields must match.',
})
export class LedgerFeedFilterInput {
  @Field(() => String, { nullable: true, description: 'A registered competition id.' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
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
