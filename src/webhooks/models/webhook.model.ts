import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { DeliveryStatus } from '../outbox';

export enum WebhookDeliveryStatus {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description:
    'PENDING: not yet delivered (retrying); DELIVERED: a 2xx answer; FAILED: out of tries.',
});

@ObjectType('WebhookEndpoint', { description: 'A receiver of signed deliveries of ledger events.' })
export class WebhookEndpointModel {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field(() => [String], { description: 'The event types it receives.' }) kinds!: string[];
  @Field() createdBy!: string;
  @Field(() => GraphQLDateTime) createdAt!: Date;
}

@ObjectType('WebhookRegistration')
export class WebhookRegistrationModel {
  @Field(() => WebhookEndpointModel) endpoint!: WebhookEndpointModel;
  @Field({ description: 'The signing secret: shown once, keep it with the receiver.' })
  secret!: string;
}

@ObjectType('WebhookDelivery', {
  description: 'One event to one endpoint, and how sending it went.',
})
export class WebhookDeliveryModel {
  @Field(() => ID, { description: 'Stable per endpoint and event: de-duplicate on it.' })
  id!: string;
  @Field(() => ID) endpointId!: string;
  @Field({ description: 'The event type.' }) kind!: string;
  @Field({ description: 'The ledger position of the event (decimal).' }) position!: string;
  @Field(() => WebhookDeliveryStatus) status!: DeliveryStatus;
  @Field(() => Int) attempts!: number;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the next try is due.' })
  nextAttemptAt!: Date | null;
  @Field(() => GraphQLDateTime, { nullable: true }) deliveredAt!: Date | null;
}

@ObjectType('WebhookReplay')
export class WebhookReplayModel {
  @Field(() => ID) endpointId!: string;
  @Field(() => Int, { description: 'Deliveries queued (again) by the replay.' }) queued!: number;
}
