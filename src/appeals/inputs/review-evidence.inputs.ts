import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  APPEAL_OUTCOMES,
  EVIDENCE_KINDS,
  REVIEW_OUTCOMES,
  type AppealOutcome,
  type EvidenceKind,
  type ReviewOutcome,
} from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { MatchCommandInput, PLAYER_ID_RULE } from '../../kernel/graphql/inputs/command.input';
import { PlainName, PlainText } from '../../kernel/graphql/inputs/plain-text';
import { AmendmentInput } from './appeal.inputs';

// Evidence for a pending appeal, and the review of a committee decision.

@InputType({
  description:
    'Evidence by reference for a pending appeal: VIDEO (url, atSecond), PHOTO (url or reference), STATEMENT or HEARING_NOTES (text).',
})
export class AttachAppealEvidenceInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  appealId!: string;

  @Field(() => E.EvidenceKind)
  @IsIn(EVIDENCE_KINDS)
  kind!: EvidenceKind;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @PlainName()
  url?: string;

  @Field(() => Int, { nullable: true, description: 'VIDEO: the second to watch from.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  atSecond?: number;

  @Field(() => String, { nullable: true, description: 'PHOTO: an archive reference.' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @PlainName()
  reference?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  @PlainText()
  text?: string;
}

@InputType({
  description:
    'A review panel confirms a committee decision or sets it aside and substitutes its own; a written reason is required.',
})
export class ReviewAppealDecisionInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  appealId!: string;

  @Field(() => E.ReviewOutcome)
  @IsIn(REVIEW_OUTCOMES)
  outcome!: ReviewOutcome;

  @Field(() => E.AppealOutcome, {
    nullable: true,
    description: 'SET_ASIDE: the decision substituted (required then; none with CONFIRMED).',
  })
  @IsOptional()
  @IsIn(APPEAL_OUTCOMES)
  decision?: AppealOutcome;

  @Field(() => AmendmentInput, {
    nullable: true,
    description: 'SET_ASIDE to ALLOWED: the remedy (default: the appellant’s proposal).',
  })
  @IsOptional()
  @ValidateIf((o: ReviewAppealDecisionInput) => o.remedy !== null)
  @ValidateNested()
  @Type(() => AmendmentInput)
  remedy?: AmendmentInput;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @PlainText()
  reason!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The reason in Portuguese; the Portuguese explanation quotes it.',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @PlainText()
  reasonPt?: string;
}

@InputType({
  description:
    'A player of the match asks for the review of a committee decision, within the match’s appeal window counted from the decision; evidence may then be attached for the review.',
})
export class RequestAppealReviewInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  appealId!: string;

  @Field({ description: 'Why the decision should be reviewed.' })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @PlainText()
  reason!: string;
}
