import { Field, InputType } from '@nestjs/graphql';
import { IsOptional, IsString, Matches } from 'class-validator';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';

@InputType('RevokeTokenInput', {
  description:
    'One token by its id (jti), or every token of a subject issued until now: one of them.',
})
export class RevokeTokenInput {
  @Field(() => String, { nullable: true, description: "The token's id (see `token --show-id`)." })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    message: 'jti must be a token id (a UUID)',
  })
  jti?: string;

  @Field(() => String, {
    nullable: true,
    description: 'Whose tokens, all of them issued until now.',
  })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'subject must be 1–64 letters, digits or ._:-' })
  subject?: string;
}
