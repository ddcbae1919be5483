import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { RemedyKind } from '../../domain';
import * as E from '../../api/graphql/enums';
import { MatchModel } from '../../matches/models/match.model';
import { RulingModel } from '../../matches/models/ruling.model';

@ObjectType('AppealPreview', {
  description:
    'What-if: the remedy applied to a branch of the recorded history, beside the record. Nothing is appended.',
})
export class AppealPreviewModel {
  @Field() appealId!: string;
  @Field(() => Int) againstRevision!: number;
  @Field(() => E.RemedyKind) remedy!: RemedyKind;
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
