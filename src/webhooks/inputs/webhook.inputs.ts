import { Field, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, IsString, Length, Matches } from 'class-validator';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';
import { PlainName } from '../../kernel/graphql/inputs/plain-text';

@InputType('RegisterWebhookInput')
export class RegisterWebhookInput {
  @Field({ description: 'Where deliveries are POSTed (http or https; https recommended).' })
  @IsString()
  @Length(8, 2048)
  @PlainName()
  url!: string;

  @Field(() => [String], { description: 'Event types to receive, e.g. GameEnded, MatchSignedOff.' })
  @ArrayMinSize(1)
  @ArrayMaxSize(40)
  @IsString({ each: true })
  // The shape of an event type; which ones exist the service checks (and names them when refused).
  @Matches(/^[A-Za-z]{1,64}$/, { each: true, message: 'kinds are event types: 1–64 letters' })
  kinds!: string[];
}

@InputType('ReplayWebhookInput')
export class ReplayWebhookInput {
  @Field()
  @IsString()
  @Matches(ID_PATTERN, { message: 'endpointId must be 1–64 letters, digits or ._:-' })
  endpointId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Send again every event after this ledger position (omit: from the start).',
  })
  @IsOptional()
  @Matches(/^\d{1,40}$/)
  after?: string;
}
