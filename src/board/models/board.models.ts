import { Field, ObjectType } from '@nestjs/graphql';
import { ScheduledMatchModel } from '../../registry/models/registry.models';

@ObjectType('Board', {
  description: "A competition's or a venue's matches: now playing, upcoming and finished.",
})
export class BoardModel {
  @Field(() => [ScheduledMatchModel], { description: 'In play, by table.' })
  playing!: ScheduledMatchModel[];
  @Field(() => [ScheduledMatchModel], { description: 'Awaiting the break, by scheduled time.' })
  upcoming!: ScheduledMatchModel[];
  @Field(() => [ScheduledMatchModel], { description: 'Completed, most recent first.' })
  finished!: ScheduledMatchModel[];
}

@ObjectType('BoardUpdate', {
  description: 'A match on the board changed (once per committed write): its place and state.',
})
export class BoardUpdateModel {
  @Field({ description: 'The ledger position of its last event.' }) cursor!: string;
  @Field(() => ScheduledMatchModel) item!: ScheduledMatchModel;
}
