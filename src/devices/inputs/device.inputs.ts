import { Field, InputType } from '@nestjs/graphql';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';
import { PlainName } from '../../kernel/graphql/inputs/plain-text';
import { DeviceRole, EnrolmentKindEnum } from '../models/device.models';

const ID_RULE = Matches(ID_PATTERN, { message: 'ids are 1–64 letters, digits or ._:-' });

@InputType()
export class IssueEnrolmentInput {
  @Field(() => EnrolmentKindEnum, {
    description: 'MATCH or TABLE (a desk link comes from the CLI).',
  })
  @IsIn(['MATCH', 'TABLE'], { message: 'kind must be MATCH or TABLE' })
  kind!: 'MATCH' | 'TABLE';

  @Field(() => DeviceRole)
  @IsIn(['SCORER', 'REFEREE'], { message: 'role must be SCORER or REFEREE' })
  role!: 'SCORER' | 'REFEREE';

  @Field(() => String, { nullable: true, description: 'MATCH: the match the device records.' })
  @IsOptional()
  @IsString()
  @ID_RULE
  matchId?: string | null;

  @Field(() => String, { nullable: true, description: 'TABLE: the table the tablet stays at.' })
  @IsOptional()
  @IsString()
  @ID_RULE
  tableId?: string | null;

  @Field(() => String, { nullable: true, description: 'How the desk knows the device.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(40)
  @PlainName()
  label?: string | null;
}

@InputType()
export class PushMatchInput {
  @Field() @IsString() @ID_RULE tableId!: string;
  @Field() @IsString() @ID_RULE matchId!: string;
}
