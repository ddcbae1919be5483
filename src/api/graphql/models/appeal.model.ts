import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  APPEAL_OUTCOMES,
  REMEDY_KINDS,
  type AppealOutcome,
  type RemedyKind,
} from '../../../domain';
import { MatchModel } from './match.model';
import { RulingModel } from './ruling.model';

function enumOf<T extends string>(values: readonly T[], name: string, description: string) {
  const e = Object.fromEntries(values.map((v) => [v, v])) as Record<T, T>;
  registerEnumType(e, { name, description });
  return e;
}

export const RemedyKindEnum = enumOf(
  REMEDY_KINDS,
  'RemedyKind',
  'How an overturning appeal decision amends the record.',
);
export const AppealOutcomeEnum = enumOf(
  APPEAL_OUTCOMES,
  'AppealOutcome',
  'UPHELD: the record stands; OVERTURNED: the remedy applies.',
);
export const AppealStatusEnum = enumOf(
  ['PENDING', ...APPEAL_OUTCOMES] as const,
  'AppealStatus',
  'Where an appeal stands.',
);

@ObjectType({ description: 'An appeal filed in this match.' })
export class AppealModel {
  @Field() id!: string;
  @Field() by!: string;
  @Field(() => Int) againstRevision!: number;
  @Field(() => Int, { nullable: true }) gameNumber!: number | null;
  @Field() grounds!: string;
  @Field(() => RemedyKindEnum) proposal!: RemedyKind;
  @Field(() => AppealStatusEnum) status!: 'PENDING' | AppealOutcome;
  @Field(() => String, { nullable: true }) decidedBy!: string | null;
  @Field(() => RemedyKindEnum, { nullable: true }) remedy!: RemedyKind | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType({
  description:
    'What-if: the remedy applied to a branch of the recorded history, beside the record. Nothing is appended.',
})
export class AppealPreviewModel {
  @Field() appealId!: string;
  @Field(() => Int) againstRevision!: number;
  @Field(() => RemedyKindEnum) remedy!: RemedyKind;
  @Field(() => Int, { description: 'The stream revision the preview was computed on.' })
  streamRevision!: number;
  @Field(() => MatchModel, { description: 'The match as recorded.' }) recorded!: MatchModel;
  @Field(() => MatchModel, { description: 'The match as it would be with the remedy applied.' })
  amended!: MatchModel;
  @Field(() => RulingModel, { nullable: true, description: 'The disputed shot’s recorded ruling.' })
  recordedRuling!: RulingModel | null;
  @Field(() => RulingModel, {
    nullable: true,
    description: 'AMEND_FACTS: the ruling on the amended facts.',
  })
  ruling!: RulingModel | null;
  @Field(() => [Int], { description: 'Revisions the remedy would supersede.' })
  supersedes!: number[];
}
