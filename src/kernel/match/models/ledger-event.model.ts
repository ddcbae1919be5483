import { Field, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { GraphQLJSON } from 'graphql-scalars';
import type { ActorRole } from '../../../domain';
import * as E from '../../graphql/enums';
import { MatchModel } from './match.model';
import { RulingModel } from './ruling.model';
import { TableLayoutModel } from './layout.model';

@ObjectType('EventMetadata', {
  description: 'Who recorded an event, in which role, when and from where.',
})
export class EventMetadataModel {
  @Field() recordedBy!: string;
  @Field(() => E.ActorRole) role!: ActorRole;
  @Field(() => GraphQLDateTime) recordedAt!: Date;
  @Field(() => GraphQLDateTime) occurredAt!: Date;
  @Field(() => String, {
    nullable: true,
    description:
      'The client address and user agent of the write: served to admins only, and only while kept (see docs/privacy.md).',
  })
  origin!: string | null;
  // Not a field: lets the origin be looked up in the erasable origin log.
  eventId?: string;
  @Field() commandId!: string;
  @Field() correlationId!: string;
  @Field(() => String, { nullable: true }) causationId!: string | null;
  @Field() engineVersion!: string;
  @Field(() => String, { nullable: true }) ruleProfile!: string | null;
}

@ObjectType('LedgerEvent', { description: 'One immutable event of the ledger.' })
export class LedgerEventModel {
  @Field() eventId!: string;
  @Field() streamId!: string;
  @Field(() => Int) revision!: number;
  @Field({
    description:
      'Global position in commit order (an unsigned integer as a decimal string; may exceed 64 bits).',
  })
  position!: string;
  @Field() type!: string;
  @Field(() => Int) schemaVersion!: number;
  @Field(() => Int, { nullable: true, description: 'The game the event belongs to, if any.' })
  gameNumber!: number | null;
  @Field(() => GraphQLJSON) data!: unknown;
  @Field(() => EventMetadataModel) metadata!: EventMetadataModel;
  @Field(() => RulingModel, { nullable: true, description: 'For ShotAdjudicated: the ruling.' })
  ruling!: RulingModel | null;
  @Field(() => String, {
    nullable: true,
    description: 'The sentence explaining a ruling, choice or referee decision.',
  })
  explanation!: string | null;
  @Field(() => String, { nullable: true, description: 'The explanation in European Portuguese.' })
  explanationPt!: string | null;
  @Field(() => Int, {
    nullable: true,
    description:
      'Revision of the correction or appeal decision that superseded this event (it stays in the ledger).',
  })
  supersededBy?: number | null;
  @Field(() => TableLayoutModel, {
    nullable: true,
    description: 'For LayoutRecorded: where the balls lay, and what the layout says (its checks).',
  })
  layout?: TableLayoutModel | null;
}

@ObjectType('CommandResult', {
  description: 'What a write did: the events it appended, the ruling, and the state after.',
})
export class CommandResultModel {
  @Field() matchId!: string;
  @Field(() => Int, { description: 'Stream revision after the write.' }) revision!: number;
  @Field(() => [LedgerEventModel]) events!: LedgerEventModel[];
  @Field(() => RulingModel, { nullable: true }) ruling!: RulingModel | null;
  @Field(() => MatchModel, { description: 'The match right after this write.' }) match!: MatchModel;
  @Field(() => String, {
    nullable: true,
    description:
      "The ledger position this write reached (its last event's): a query on any replica sent with it (@atLeastPosition or X-Ledger-Min-Position) sees the write.",
  })
  position!: string | null;
}
