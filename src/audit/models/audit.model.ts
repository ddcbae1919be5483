import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ConnectionOf } from '../../kernel/graphql/pagination';
import { LedgerEventModel } from '../../kernel/match/models/ledger-event.model';
import { RulingModel } from '../../kernel/match/models/ruling.model';
import { MatchModel } from '../../kernel/match/models/match.model';

@ObjectType('Supersession', {
  description: 'A later correction, committee decision or review that changed a recorded state.',
})
export class SupersessionModel {
  @Field(() => Int, { description: 'The revision of the event that superseded it.' })
  revision!: number;
  @Field({ description: 'Its type (ShotCorrected, AppealDecided or AppealReviewed).' })
  type!: string;
  @Field({ description: 'What it was, in table words.' }) what!: string;
  @Field(() => String, { nullable: true }) recordedBy!: string | null;
  @Field() recordedAt!: string;
  @Field(() => [Int], { description: 'The revisions of this state it superseded.' })
  revisions!: number[];
  @Field() explanation!: string;
  @Field() explanationPt!: string;
}

@ObjectType('MatchAt', {
  description: 'A match as it stood at a revision or instant, and whether that was later changed.',
})
export class MatchAtModel extends MatchModel {
  @Field(() => SupersessionModel, {
    nullable: true,
    description:
      'The first later correction, decision or review that superseded events of this state (null: it is still the record).',
  })
  supersededBy!: SupersessionModel | null;
}

@ObjectType('AuditEntry', {
  description:
    'One event of the audit trail: the event with its metadata and ruling, and its place in the hash chain.',
})
export class AuditEntryModel extends LedgerEventModel {
  @Field(() => String, { nullable: true, description: 'The match the event belongs to.' })
  matchId!: string | null;
  @Field(() => String, { nullable: true, description: 'The command hash (sha256) of the write.' })
  commandHash!: string | null;
  @Field(() => String, { nullable: true, description: 'Hash of the previous event in the stream.' })
  prevHash!: string | null;
  @Field(() => String, { nullable: true, description: 'This event’s hash in its stream’s chain.' })
  hash!: string | null;
}

@ObjectType('AuditConnection', { description: 'A page of the audit trail, in commit order.' })
export class AuditConnectionModel extends ConnectionOf(AuditEntryModel, 'AuditEntry') {}

@ObjectType('ChainBreak', { description: 'The first broken link of a stream’s hash chain.' })
export class ChainBreakModel {
  @Field() streamId!: string;
  @Field(() => Int) revision!: number;
  @Field(() => String, {
    nullable: true,
    description: 'Global position of the event where the break was seen (null: missing tail).',
  })
  position!: string | null;
  @Field({
    description:
      'CONTENT_ALTERED, LINK_BROKEN, MISSING_EVENT, REORDERED, HEAD_MISMATCH or STREAM_ALTERED (the store reports the stream truncated, deleted or its metadata changed).',
  })
  reason!: string;
  @Field(() => String, { nullable: true }) expectedHash!: string | null;
  @Field(() => String, { nullable: true }) foundHash!: string | null;
  @Field() message!: string;
}

@ObjectType('LedgerVerification', {
  description: 'The result of checking every stream’s hash chain.',
})
export class LedgerVerificationModel {
  @Field() ok!: boolean;
  @Field(() => Int) streams!: number;
  @Field(() => Int) events!: number;
  @Field({
    description:
      'Whether deleted stream tails could be checked (the store keeps an independent head record).',
  })
  headsChecked!: boolean;
  @Field(() => ChainBreakModel, { nullable: true }) firstBreak!: ChainBreakModel | null;
  @Field(() => [ChainBreakModel], { description: 'The first break of each broken stream.' })
  breaks!: ChainBreakModel[];
}

@ObjectType('RulingDifference', {
  description: 'A recorded ruling the current engine would rule differently.',
})
export class RulingDifferenceModel {
  @Field() matchId!: string;
  @Field(() => Int) gameNumber!: number;
  @Field(() => Int) shotNumber!: number;
  @Field(() => Int, {
    description:
      'Revision of the event holding the ruling (ShotAdjudicated, ShotCorrected, AppealDecided or AppealReviewed).',
  })
  revision!: number;
  @Field({ description: 'Where the ruling is recorded: SHOT, CORRECTION, DECISION or REVIEW.' })
  source!: string;
  @Field(() => String, { nullable: true, description: 'The appeal of a decision or a review.' })
  appealId!: string | null;
  @Field(() => [String], { description: 'The ruling fields that differ.' }) fields!: string[];
  @Field(() => RulingModel, { description: 'The official ruling, as recorded.' })
  recorded!: RulingModel;
  @Field(() => RulingModel, {
    nullable: true,
    description: 'The current engine’s ruling (null if it refuses the facts).',
  })
  current!: RulingModel | null;
  @Field(() => String, { nullable: true }) refusal!: string | null;
}

@ObjectType('Readjudication', {
  description:
    'Every recorded ruling (shots, corrections, committee decisions, reviews) re-derived by the current engine (nothing is written).',
})
export class ReadjudicationModel {
  @Field() engineVersion!: string;
  @Field(() => Int) shotsChecked!: number;
  @Field(() => Int, { description: 'Official rulings re-derived, of every source.' })
  rulingsChecked!: number;
  @Field(() => Int, { description: 'Superseded rulings re-derived (no longer official).' })
  supersededChecked!: number;
  @Field(() => [RulingDifferenceModel], { description: 'Official rulings that differ.' })
  differences!: RulingDifferenceModel[];
  @Field(() => [RulingDifferenceModel], {
    description: 'Superseded rulings that differ: reported apart, they are no longer official.',
  })
  superseded!: RulingDifferenceModel[];
}
