import { Field, Int, ObjectType } from '@nestjs/graphql';
import type {
  BallInHand,
  ChoiceKind,
  FoulKind,
  GameEndReason,
  Group,
  OptionKind,
  Penalty,
  RuleProfileId,
  TurnResult,
} from '../../../domain';
import * as E from '../../graphql/enums';

@ObjectType('FoulFinding', { description: 'A foul found on a shot, with the rule it breaks.' })
export class FoulFindingModel {
  @Field(() => E.FoulKind) kind!: FoulKind;
  @Field({ description: 'Rule id, e.g. G1.18' }) rule!: string;
  @Field(() => E.Penalty) penalty!: Penalty;
  @Field() detail!: string;
  @Field({ description: 'The same in European Portuguese.' }) detailPt!: string;
}

@ObjectType('OptionConsequence', {
  description:
    'What choosing one option does (A12): who shoots next and with what ball in hand, or whether the balls are re-racked and who breaks.',
})
export class OptionConsequenceModel {
  @Field(() => E.OptionKind) option!: OptionKind;
  @Field(() => String, {
    nullable: true,
    description:
      'Who shoots next from the position (null when the balls are re-racked: the breaker breaks).',
  })
  nextShooter!: string | null;
  @Field(() => E.BallInHand, {
    description:
      'Ball in hand for the next shooter: ANYWHERE, BEHIND_HEAD_STRING (the kitchen, G1.10) or NONE (the cue ball as it lies).',
  })
  ballInHand!: BallInHand;
  @Field({ description: 'The game is re-racked (same game number, next rack).' })
  rerack!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'Who breaks the re-rack (or the first rack, after the lag or toss, G1.6).',
  })
  breaker!: string | null;
  @Field(() => [Int], {
    description: 'Balls put back on the table (the 8 spotted, E8.7; balls restored, G1.37).',
  })
  spotted!: number[];
  @Field(() => String, {
    nullable: true,
    description:
      'The player charged with a foul by this option (G1.37 without a referee: taking ball in hand claims the foul).',
  })
  foulBy!: string | null;
}

@ObjectType('PendingChoice', {
  description: 'A choice owed to a player; other play is refused until it is recorded (A12).',
})
export class PendingChoiceModel {
  @Field(() => E.ChoiceKind) kind!: ChoiceKind;
  @Field() player!: string;
  @Field(() => [E.OptionKind]) options!: OptionKind[];
  @Field() rule!: string;
  @Field(() => [OptionConsequenceModel], {
    description: 'The consequence of each option, in the order of options.',
  })
  consequences!: OptionConsequenceModel[];
}

@ObjectType('GroupAssignment')
export class GroupAssignmentModel {
  @Field() player!: string;
  @Field(() => E.Group) group!: Group;
}

@ObjectType('GameResult')
export class GameResultModel {
  @Field() winner!: string;
  @Field() loser!: string;
  @Field(() => E.GameEndReason) reason!: GameEndReason;
  @Field() rule!: string;
}

@ObjectType('Ruling', {
  description: 'The engine’s adjudication of one shot, with every rule it applied.',
})
export class RulingModel {
  @Field(() => E.RuleProfile) profile!: RuleProfileId;
  @Field() engineVersion!: string;
  @Field() shooter!: string;
  @Field() isBreak!: boolean;
  @Field({ description: 'True when a foul penalty was applied.' }) foul!: boolean;
  @Field(() => [FoulFindingModel], { description: 'Every foul found on the stroke (G1.30).' })
  fouls!: FoulFindingModel[];
  @Field(() => FoulFindingModel, {
    nullable: true,
    description: 'The foul whose penalty was applied: the most severe (A8).',
  })
  appliedFoul!: FoulFindingModel | null;
  @Field(() => E.Penalty) penalty!: Penalty;
  @Field(() => [String], { description: 'Rule ids applied, in order.' }) rules!: string[];
  @Field(() => E.TurnResult) turn!: TurnResult;
  @Field(() => String, { nullable: true }) nextShooter!: string | null;
  @Field(() => E.BallInHand) ballInHand!: BallInHand;
  @Field(() => [Int]) legallyPocketed!: number[];
  @Field(() => [Int]) ballsOnTableAfter!: number[];
  @Field(() => [Int]) spotted!: number[];
  @Field(() => [GroupAssignmentModel], { nullable: true }) groupsAssigned!:
    | GroupAssignmentModel[]
    | null;
  @Field(() => PendingChoiceModel, { nullable: true }) pendingChoice!: PendingChoiceModel | null;
  @Field(() => GameResultModel, { nullable: true }) gameResult!: GameResultModel | null;
  @Field(() => Int, { description: 'The shooter’s run of consecutive fouls after this shot.' })
  consecutiveFoulsAfter!: number;
  @Field({ description: 'Whether the next shot may be a push out (N9.2).' })
  pushOutAvailable!: boolean;
  @Field(() => [String], {
    description:
      'The rules (G1.9, G1.29) under which this ruling warned the shooter, one warning per rule violated (A14); a second warned violation of a rule forfeits the match (A10).',
  })
  warningsIssued!: string[];
  @Field(() => String, {
    nullable: true,
    deprecationReason: 'Use warningsIssued: one stroke may be warned under several rules (A14).',
    description: 'The first of warningsIssued, or null.',
  })
  warningIssued!: string | null;
  @Field() explanation!: string;
  @Field({ description: 'The explanation in European Portuguese, the federation’s language.' })
  explanationPt!: string;
}
