import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { ConnectionOf } from '../../kernel/graphql/pagination';
import * as E from '../../kernel/graphql/enums';
import type { Discipline } from '../../domain';

@ObjectType('RatedGame', { description: 'One rated game: who won it, and the events behind it.' })
export class RatedGameModel {
  @Field() matchId!: string;
  @Field(() => Int) gameNumber!: number;
  @Field() winner!: string;
  @Field() loser!: string;
  @Field(() => [String], {
    description:
      'The GameEnded that recorded the game, then the correction or appeal decision that changed it (if any).',
  })
  eventIds!: string[];
  @Field({ description: 'Ledger position of the last of those events.' })
  position!: string;
  @Field(() => String, { nullable: true, description: 'When that event was recorded.' })
  recordedAt!: string | null;
}

@ObjectType('Rating', {
  description:
    'A player’s game-level rating in one discipline: Bradley–Terry on a log2-odds scale (100 points = 2:1 odds per game), see docs/ratings.md.',
})
export class RatingModel {
  @Field() playerId!: string;
  @Field(() => E.Discipline) discipline!: Discipline;
  @Field(() => Float) rating!: number;
  @Field(() => Int, { description: 'Robustness: the rated games behind the rating.' })
  robustness!: number;
  @Field(() => Int) wins!: number;
  @Field(() => Int) losses!: number;
  @Field(() => Float, { description: 'One standard error of the rating, in points.' })
  uncertainty!: number;
  @Field(() => Int, { description: '1 for the highest rating of the discipline.' })
  rank!: number;
  @Field(() => [RatedGameModel], {
    nullable: true,
    description:
      'The games whose recording or amendment last changed this rating (all at the latest ledger position among the player’s games). Served by `rating` only.',
  })
  lastChange!: RatedGameModel[] | null;
}

@ObjectType('RatingConnection', { description: 'Ratings of a discipline, highest first.' })
export class RatingConnectionModel extends ConnectionOf(RatingModel, 'Rating') {}

@ObjectType('FairRace', {
  description: 'The race lengths that bring a match between two players closest to even.',
})
export class FairRaceModel {
  @Field() playerA!: string;
  @Field() playerB!: string;
  @Field(() => Float) ratingA!: number;
  @Field(() => Float) ratingB!: number;
  @Field(() => Float, { description: 'P(A wins one game).' }) gameWinProbabilityA!: number;
  @Field(() => Int, { description: 'Games A must win.' }) raceA!: number;
  @Field(() => Int, { description: 'Games B must win.' }) raceB!: number;
  @Field(() => Float, { description: 'P(A wins the match) at these race lengths.' })
  matchWinProbabilityA!: number;
}

@ObjectType('RatedResult', { description: 'A game result as it stood, or as it now stands.' })
export class ResultModel {
  @Field() winner!: string;
  @Field() loser!: string;
}

@ObjectType('ChangedResult', {
  description:
    'An appeal or correction that changed (or voided) a game already rated: one entry per change.',
})
export class ChangedResultModel {
  @Field(() => Int, { description: 'Place in the feed (1, 2, ...).' }) seq!: number;
  @Field() matchId!: string;
  @Field(() => Int) gameNumber!: number;
  @Field(() => E.Discipline) discipline!: Discipline;
  @Field(() => ResultModel) old!: ResultModel;
  @Field(() => ResultModel, {
    nullable: true,
    description: 'null: the game was taken back into play or ordered replayed.',
  })
  new!: ResultModel | null;
  @Field({ description: 'The amending event (ShotCorrected or AppealDecided).' })
  eventId!: string;
  @Field() eventType!: string;
  @Field({ description: 'Its ledger position.' }) position!: string;
  @Field(() => String, { nullable: true }) recordedAt!: string | null;
}

@ObjectType('ChangedResultConnection', { description: 'The changed-results feed, oldest first.' })
export class ChangedResultConnectionModel extends ConnectionOf(
  ChangedResultModel,
  'ChangedResult',
) {}
