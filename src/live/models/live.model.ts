import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { LedgerEventModel } from '../../kernel/match/models/ledger-event.model';
import { MatchModel } from '../../kernel/match/models/match.model';
import { RulingModel } from '../../kernel/match/models/ruling.model';

const CURSOR =
  'The ledger position of this event (decimal). Pass it as `after` when resubscribing to resume right after it.';

@ObjectType('MatchUpdate', {
  description:
    'One new event of a match, its ruling (for a ShotAdjudicated) and the match right after it.',
})
export class MatchUpdateModel {
  @Field({ description: CURSOR }) cursor!: string;
  @Field() matchId!: string;
  @Field(() => LedgerEventModel) event!: LedgerEventModel;
  @Field(() => RulingModel, { nullable: true }) ruling!: RulingModel | null;
  @Field(() => MatchModel, { description: 'The match state right after this event.' })
  match!: MatchModel;
}

@ObjectType('FeedEvent', {
  description: 'One new event of the ledger, for boards following many matches.',
})
export class FeedEventModel {
  @Field({ description: CURSOR }) cursor!: string;
  @Field() matchId!: string;
  @Field(() => LedgerEventModel) event!: LedgerEventModel;
}

export enum ResultKind {
  GAME_WON = 'GAME_WON',
  MATCH_WON = 'MATCH_WON',
  MATCH_SIGNED_OFF = 'MATCH_SIGNED_OFF',
  APPEAL_DECIDED = 'APPEAL_DECIDED',
}
registerEnumType(ResultKind, { name: 'ResultKind', description: 'What kind of result changed.' });

@ObjectType('ResultChange', {
  description: 'A result: a game or a match won, a match signed off, an appeal decided.',
})
export class ResultChangeModel {
  @Field({ description: CURSOR }) cursor!: string;
  @Field(() => ResultKind) kind!: ResultKind;
  @Field() matchId!: string;
  @Field(() => Int, { nullable: true }) gameNumber!: number | null;
  @Field(() => String, { nullable: true, description: 'The winner, for a game or match won.' })
  winner!: string | null;
  @Field(() => LedgerEventModel) event!: LedgerEventModel;
}
