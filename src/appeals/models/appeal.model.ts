import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { AppealState, RemedyKind } from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { MatchModel } from '../../kernel/match/models/match.model';
import { RulingModel } from '../../kernel/match/models/ruling.model';

@ObjectType('ForeclosedAppeal', {
  description: 'A pending appeal a decision would close as moot, and why.',
})
export class ForeclosedAppealModel {
  @Field() appealId!: string;
  @Field() reason!: string;
  @Field({ description: 'What closing it as moot would say, in English and Portuguese.' })
  explanation!: string;
  @Field() explanationPt!: string;
}

@ObjectType('AppealPreview', {
  description:
    'An appeal decision as it would be (pending appeal) or as it was (closed appeal), beside the record. Nothing is appended.',
})
export class AppealPreviewModel {
  @Field() appealId!: string;
  @Field(() => Int) againstRevision!: number;
  @Field(() => E.AppealStatus, {
    description: 'PENDING: a what-if; otherwise the appeal is closed and this is what closed it.',
  })
  status!: AppealState['status'];
  @Field(() => Int, {
    nullable: true,
    description: 'The revision of the decision, withdrawal or moot that closed the appeal.',
  })
  closedAt!: number | null;
  @Field(() => E.RemedyKind) remedy!: RemedyKind;
  @Field(() => Int, { description: 'The stream revision the preview was computed on.' })
  streamRevision!: number;
  @Field(() => MatchModel, { description: 'The match before the decision.' })
  recorded!: MatchModel;
  @Field(() => MatchModel, {
    description: 'The match as the decision leaves it (signatures and finality included).',
  })
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
  @Field(() => [ForeclosedAppealModel], {
    description:
      'PENDING: the other pending appeals the decision would close as moot (it forecloses them); closed: none.',
  })
  forecloses!: ForeclosedAppealModel[];
}
