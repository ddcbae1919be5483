import { Field, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-scalars';
import type { AppealStatus } from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { ConnectionOf } from '../../kernel/graphql/pagination';
import { LedgerEventModel } from '../../kernel/match/models/ledger-event.model';
import { AppealFeeOutcomeModel, AppealModel } from '../../kernel/match/models/match.model';
import { RulingModel } from '../../kernel/match/models/ruling.model';

@ObjectType('PreviewRefusal', { description: 'Why the proposed remedy cannot be applied now.' })
export class PreviewRefusalModel {
  @Field() code!: string;
  @Field() message!: string;
}

@ObjectType('AppealCaseFile', {
  description:
    'What the committee reads: the disputed event and its ruling beside the proposed remedy and the ruling it produces, the evidence, the decision and its review.',
})
export class AppealCaseFileModel {
  @Field(() => LedgerEventModel, { description: 'The event appealed.' })
  disputed!: LedgerEventModel;
  @Field(() => LedgerEventModel, {
    nullable: true,
    description: 'The shot’s recorded facts (ShotPlayed) when a shot or its ruling is disputed.',
  })
  shot!: LedgerEventModel | null;
  @Field(() => RulingModel, { nullable: true, description: 'The ruling as recorded.' })
  recordedRuling!: RulingModel | null;
  @Field(() => GraphQLJSON, {
    description:
      'The remedy proposed (AMEND_FACTS: the whole facts, the recorded ones with the changes merged).',
  })
  proposal!: unknown;
  @Field(() => RulingModel, {
    nullable: true,
    description:
      'The ruling the proposed facts produce (pending: the preview; decided: the ruling the decision recorded).',
  })
  proposedRuling!: RulingModel | null;
  @Field(() => PreviewRefusalModel, { nullable: true })
  previewRefusal!: PreviewRefusalModel | null;
  @Field(() => [LedgerEventModel], { description: 'Evidence attached, each with its author.' })
  evidence!: LedgerEventModel[];
  @Field(() => LedgerEventModel, { nullable: true }) decision!: LedgerEventModel | null;
  @Field(() => LedgerEventModel, { nullable: true }) review!: LedgerEventModel | null;
}

@ObjectType('AppealCase', { description: 'An appeal in the committee’s list, across matches.' })
export class AppealCaseModel {
  @Field() matchId!: string;
  @Field() appealId!: string;
  @Field(() => String, { nullable: true }) competitionId!: string | null;
  @Field(() => E.AppealStatus) status!: AppealStatus;
  @Field() filedAt!: string;
  @Field({ description: 'Pending past its decision deadline (at the server’s clock now).' })
  overdue!: boolean;
  @Field(() => AppealFeeOutcomeModel, {
    nullable: true,
    description:
      'What became of the fee when the appeal closed: REFUNDED or FORFEITED by the competition’s rule (null while pending, or without a fee).',
  })
  feeOutcome!: AppealFeeOutcomeModel | null;
  @Field(() => AppealModel, {
    description: 'The appeal: dates, fee, evidence, decision, reasons, who decided and reviewed.',
  })
  appeal!: AppealModel;
}

@ObjectType('AppealCaseConnection', { description: 'A page of appeals, in filing order.' })
export class AppealCaseConnectionModel extends ConnectionOf(AppealCaseModel, 'AppealCase') {}
