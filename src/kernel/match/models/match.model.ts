import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type {
  FeeOutcome,
  AppealStatus,
  EvidenceKind,
  StatementCapacity,
  BallInHand,
  BreakOrderRule,
  Cushion,
  Discipline,
  FoulKind,
  GameEndReason,
  PlacementZone,
  Pocket,
  RemedyKind,
  ReviewOutcome,
  RuleProfileId,
} from '../../../domain';
import * as E from '../../graphql/enums';
import { ConnectionOf } from '../../graphql/pagination';
import { GroupAssignmentModel, PendingChoiceModel } from './ruling.model';

@ObjectType('Player')
export class PlayerModel {
  @Field() id!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Games won in this match.' }) score!: number;
  @Field(() => [String], { description: 'Rule ids of warnings received (G1.9, G1.29).' })
  warnings!: string[];
}

@ObjectType('PlayerCount')
export class PlayerCountModel {
  @Field() player!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('ShotCall')
export class ShotCallModel {
  @Field(() => Int, { nullable: true }) ball!: number | null;
  @Field(() => E.Pocket, { nullable: true }) pocket!: Pocket | null;
  @Field() safety!: boolean;
  @Field({ nullable: true, description: 'A declared push out (N9.2).' }) pushOut?: boolean;
}

@ObjectType('FrozenDeclaration', {
  description: 'A ball declared frozen to a cushion before the next shot (G1.36).',
})
export class FrozenDeclarationModel {
  @Field(() => Int) ball!: number;
  @Field(() => E.Cushion) cushion!: Cushion;
}

@ObjectType('ClaimedFoul', {
  description:
    'A foul the opponent claimed by taking ball in hand (G1.37 without a referee); it counts in fouls and consecutiveFouls.',
})
export class ClaimedFoulModel {
  @Field({ description: 'Whose foul it is.' }) player!: string;
  @Field(() => E.FoulKind) kind!: FoulKind;
  @Field() rule!: string;
}

@ObjectType('Game', { description: 'A game (rack) as it stands, rebuilt by replaying the ledger.' })
export class GameModel {
  @Field(() => Int) number!: number;
  @Field(() => Int, { description: 'Increments on a re-rack within the same game.' }) rack!: number;
  @Field() breaker!: string;
  @Field(() => E.GameStatus) status!: 'IN_PROGRESS' | 'OVER';
  @Field(() => [Int]) ballsOnTable!: number[];
  @Field(() => [Int]) pocketed!: number[];
  @Field(() => [GroupAssignmentModel], {
    nullable: true,
    description: 'Null while the table is open (E8.8).',
  })
  groups!: GroupAssignmentModel[] | null;
  @Field() shooter!: string;
  @Field() isBreakShot!: boolean;
  @Field(() => E.BallInHand) ballInHand!: BallInHand;
  @Field(() => E.PlacementZone, { nullable: true }) cueBallPlacement!: PlacementZone | null;
  @Field(() => ShotCallModel, { nullable: true }) call!: ShotCallModel | null;
  @Field(() => Int, {
    description: 'Strokes played in this game; a foul recorded without a stroke is no shot.',
  })
  shotsPlayed!: number;
  @Field(() => [PlayerCountModel]) consecutiveFouls!: PlayerCountModel[];
  @Field(() => [PlayerCountModel]) fouls!: PlayerCountModel[];
  @Field({ description: '9- and 10-ball: the next shot may be a push out (N9.2).' })
  pushOutAvailable!: boolean;
  @Field(() => [String], { description: 'Players who have had the two-foul warning (N9.8).' })
  twoFoulWarned!: string[];
  @Field(() => [FrozenDeclarationModel], {
    description: 'Balls declared frozen for the next shot (G1.36); emptied by the shot.',
  })
  frozenDeclared!: FrozenDeclarationModel[];
  @Field(() => [ClaimedFoulModel], {
    description: 'Fouls claimed under G1.37 in this game, in order.',
  })
  claimedFouls!: ClaimedFoulModel[];
  @Field(() => String, { nullable: true }) winner!: string | null;
  @Field(() => E.GameEndReason, { nullable: true }) endReason!: GameEndReason | null;
  @Field(() => String, { nullable: true }) endRule!: string | null;
}

@ObjectType('GameSummary')
export class GameSummaryModel {
  @Field(() => Int) number!: number;
  @Field() breaker!: string;
  @Field() winner!: string;
  @Field() loser!: string;
  @Field(() => E.GameEndReason) reason!: GameEndReason;
  @Field() rule!: string;
  @Field(() => Int, { description: 'Strokes played in the game.' }) shots!: number;
}

@ObjectType('Officials', { description: 'Who may record at the match (assigned by an admin).' })
export class OfficialsModel {
  @Field(() => [String]) scorers!: string[];
  @Field(() => [String]) referees!: string[];
}

@ObjectType('AppealFee', {
  description: 'The appeal fee the competition sets (recorded, not collected).',
})
export class AppealFeeModel {
  @Field(() => Float) amount!: number;
  @Field() currency!: string;
}

@ObjectType('AppealFeeOutcome', {
  description:
    'What became of the fee when the appeal closed (AppealFeeSettled, by the competition’s rule).',
})
export class AppealFeeOutcomeModel {
  @Field(() => E.FeeOutcome) outcome!: FeeOutcome;
  @Field(() => Float) amount!: number;
  @Field() currency!: string;
}

@ObjectType('AppealEvidence', {
  description: 'Evidence attached to an appeal by reference, with its author.',
})
export class AppealEvidenceModel {
  @Field() evidenceId!: string;
  @Field(() => E.EvidenceKind) kind!: EvidenceKind;
  @Field({ description: 'Who attached it (the token subject).' }) by!: string;
  @Field(() => E.StatementCapacity) capacity!: StatementCapacity;
  @Field(() => String, { nullable: true }) url!: string | null;
  @Field(() => Int, { nullable: true, description: 'VIDEO: the second to watch from.' })
  atSecond!: number | null;
  @Field(() => String, { nullable: true, description: 'PHOTO: an archive reference.' })
  reference!: string | null;
  @Field(() => String, { nullable: true }) text!: string | null;
  @Field({ description: 'Attached for the review of the decision (not for the decision).' })
  forReview!: boolean;
}

@ObjectType('Appeal', { description: 'An appeal filed in this match.' })
export class AppealModel {
  @Field() id!: string;
  @Field() by!: string;
  @Field(() => Int) againstRevision!: number;
  @Field(() => Int, { nullable: true }) gameNumber!: number | null;
  @Field() grounds!: string;
  @Field(() => E.RemedyKind) proposal!: RemedyKind;
  @Field(() => E.AppealStatus) status!: AppealStatus;
  @Field(() => String, { nullable: true }) decidedBy!: string | null;
  @Field(() => E.RemedyKind, { nullable: true }) remedy!: RemedyKind | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { nullable: true, description: 'Who reviewed the decision, if anyone.' })
  reviewedBy!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The player who asked for the review of the decision, if anyone.',
  })
  reviewRequestedBy!: string | null;
  @Field(() => E.ReviewOutcome, { nullable: true }) review!: ReviewOutcome | null;
  @Field(() => String, { nullable: true, description: 'The decision’s reason in Portuguese.' })
  reasonPt!: string | null;
  @Field(() => String, { nullable: true, description: 'When it was filed (null before recorded).' })
  filedAt!: string | null;
  @Field({ description: 'When the filing window of the disputed event closed.' })
  windowClosesAt!: string;
  @Field(() => String, {
    nullable: true,
    description: 'By when the committee should decide (null: the competition sets none).',
  })
  decisionDeadline!: string | null;
  @Field(() => String, { nullable: true }) decidedAt!: string | null;
  @Field(() => AppealFeeModel, { nullable: true }) fee!: AppealFeeModel | null;
  @Field(() => AppealFeeOutcomeModel, {
    nullable: true,
    description: 'The fee refunded or forfeited (null while pending, or without a fee).',
  })
  feeOutcome!: AppealFeeOutcomeModel | null;
  @Field(() => [AppealEvidenceModel]) evidence!: AppealEvidenceModel[];
  @Field(() => String, {
    nullable: true,
    description: 'MOOT: the appeal whose decision (or its review) made this one moot.',
  })
  mootedBy!: string | null;
}

@ObjectType('Match', { description: 'A match and its current state.' })
export class MatchModel {
  @Field() id!: string;
  @Field(() => E.Discipline) discipline!: Discipline;
  @Field(() => E.RuleProfile) ruleProfile!: RuleProfileId;
  @Field(() => Int) raceTo!: number;
  @Field(() => [PlayerModel]) players!: PlayerModel[];
  @Field(() => E.BreakOrderRule) breakOrder!: BreakOrderRule;
  @Field() refereePresent!: boolean;
  @Field(() => String, { nullable: true }) competition!: string | null;
  @Field(() => E.MatchStatus) status!: 'AWAITING_BREAK_ORDER' | 'IN_PLAY' | 'COMPLETED';
  @Field(() => PendingChoiceModel, { nullable: true }) pendingChoice!: PendingChoiceModel | null;
  @Field(() => GameModel, { nullable: true }) currentGame!: GameModel | null;
  @Field(() => [GameSummaryModel], { description: 'Finished games, in order.' })
  games!: GameSummaryModel[];
  @Field(() => String, { nullable: true }) winner!: string | null;
  @Field(() => OfficialsModel) officials!: OfficialsModel;
  @Field(() => Int, { description: 'Minutes a player has to appeal a ruling or event.' })
  appealWindowMinutes!: number;
  @Field(() => [AppealModel]) appeals!: AppealModel[];
  @Field(() => [String], { description: 'Who has signed the scoresheet.' }) signatures!: string[];
  @Field(() => [String], {
    description:
      'Who had signed before a committee decision cleared the signatures and is asked to sign the amended result again.',
  })
  signaturesAskedAgain!: string[];
  @Field({ description: 'Signed off: final, only an appeal filed before can change it.' })
  final!: boolean;
  @Field(() => Int, {
    description: 'Revision of the last event; send it back as expectedRevision.',
  })
  revision!: number;
}

@ObjectType('MatchConnection', { description: 'A page of matches.' })
export class MatchConnectionModel extends ConnectionOf(MatchModel, 'Match') {}
