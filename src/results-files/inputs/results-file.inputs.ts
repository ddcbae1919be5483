import { Field, InputType } from '@nestjs/graphql';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

@InputType({ description: 'Which matches a results file holds; every filter optional, combined.' })
export class ResultsFileFilterInput {
  @Field({ nullable: true, description: 'Only matches of this registered competition.' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'competitionId must be 1–64 letters, digits or ._:-' })
  competitionId?: string;

  @Field({ nullable: true, description: 'Matches dated on or after this day (YYYY-MM-DD).' })
  @IsOptional()
  @Matches(DATE, { message: 'from must be a date, YYYY-MM-DD' })
  from?: string;

  @Field({ nullable: true, description: 'Matches dated on or before this day (YYYY-MM-DD).' })
  @IsOptional()
  @Matches(DATE, { message: 'to must be a date, YYYY-MM-DD' })
  to?: string;

  @Field({ nullable: true, description: 'One row per game instead of per match.' })
  @IsOptional()
  @IsBoolean()
  perGame?: boolean;
}
