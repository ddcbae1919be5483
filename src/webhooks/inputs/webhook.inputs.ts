import { Field, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, IsString, Length, Matches } from 'class-validator';

@InputType('RegisterWebhookInput')
export class RegisterWebhookInput {
  @Field({ description: 'Where deliveries are POSTed (http or https; https recommended).' })
  @IsString()
  @Length(8, 2048)
  url!: string;

  @Field(() => [String], { description: 'Event types to receive, e.g. GameEnded, MatchSignedOff.' })
  @ArrayMinSize(1)
  @ArrayMaxSize(40)
  @IsString({ each: true })
  kinds!: string[];
}

@InputType('ReplayWebhookInput')
export class ReplayWebhookInput {
  @Field() @IsString() @Length(1, 64) endpointId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Send again every event after this ledger position (omit: from the start).',
  })
  @IsOptional()
  @Matches(/^\d{1,40}$/)
  after?: string;
}
