import { Field, InputType, Int } from '@nestjs/graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { IsDate, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

// Fields every write takes: which match, the revision the client saw, and its own command id.
@InputType({ isAbstract: true })
export abstract class CommandInput {
  @Field({
    description:
      'Client-chosen id of this command (a fresh UUID per command). A retry with the same id returns the original result and appends nothing; the same id with a different command is refused (IDEMPOTENCY_KEY_REUSED).',
  })
  @IsString()
  @Matches(ID_PATTERN, { message: 'commandId must be 1–64 letters, digits or ._:-' })
  commandId!: string;

  @Field(() => GraphQLDateTime, {
    nullable: true,
    description: 'When it happened at the table; defaults to the recording time.',
  })
  @IsOptional()
  @IsDate()
  occurredAt?: Date;
}

@InputType({ isAbstract: true })
export abstract class MatchCommandInput extends CommandInput {
  @Field()
  @IsString()
  @Matches(ID_PATTERN, { message: 'matchId must be 1–64 letters, digits or ._:-' })
  matchId!: string;

  @Field(() => Int, {
    description:
      'The match revision this write was decided on (the revision the client last saw); a stale one is a CONFLICT carrying the current revision.',
  })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  expectedRevision!: number;
}

export const PLAYER_ID_RULE = Matches(ID_PATTERN, {
  message: 'player ids are 1–64 letters, digits or ._:-',
});
export const PLAYER_ID_RULE_EACH = Matches(ID_PATTERN, {
  each: true,
  message: 'ids are 1–64 letters, digits or ._:-',
});
export const SHORT_TEXT = MaxLength(500);
