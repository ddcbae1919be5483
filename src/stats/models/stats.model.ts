import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  RATIO_DESCRIPTIONS,
  STAT_COUNTERS,
  STAT_DESCRIPTIONS,
  STAT_RATIOS,
  type Counters,
  type StatRatio,
} from '../../domain/stats';
import { ConnectionOf } from '../../kernel/graphql/pagination';

// A stat by name, for leaderboards: MATCHES_WON, BREAK_AND_RUNS, BALL_IN_HAND_CONVERSION, ...
export const upperSnake = (s: string): string => s.replace(/[A-Z]/g, (m) => `_${m}`).toUpperCase();
export const StatName = Object.fromEntries(
  [...STAT_COUNTERS, ...STAT_RATIOS].map((s) => [upperSnake(s), s]),
) as Record<string, string>;
registerEnumType(StatName, {
  name: 'StatName',
  description: 'A stat of docs/stats.md: a counter or a ratio of two counters.',
});

@ObjectType('FoulTally', { description: 'Fouls committed, by kind and rule id.' })
export class FoulTallyModel {
  @Field() kind!: string;
  @Field() rule!: string;
  @Field(() => Int) count!: number;
}

// Every counter (Int) and ratio (Float, null when undefined) is a field of the figures.
@ObjectType('StatFigures', {
  description: 'Counters and ratios of docs/stats.md, under the stats version they were computed.',
})
export class StatFiguresModel {
  @Field(() => Int, { description: 'The version of the stat definitions (docs/stats.md).' })
  statsVersion!: number;
}
export type StatFigures = StatFiguresModel & Counters & Record<StatRatio, number | null>;
for (const c of STAT_COUNTERS)
  Field(() => Int, { description: STAT_DESCRIPTIONS[c] })(StatFiguresModel.prototype, c);
for (const r of STAT_RATIOS)
  Field(() => Float, { nullable: true, description: RATIO_DESCRIPTIONS[r] })(
    StatFiguresModel.prototype,
    r,
  );

@ObjectType('PlayerStats', { description: "A player's figures over the matches a filter keeps." })
export class PlayerStatsModel {
  @Field({ description: 'The player id (licence id of registered players).' }) playerId!: string;
  @Field({ description: 'The name the player was scheduled under.' }) name!: string;
  @Field(() => StatFiguresModel) stats!: StatFigures;
  @Field(() => [FoulTallyModel]) foulsByKind!: FoulTallyModel[];
}

@ObjectType('HeadToHead', { description: 'Two players in the matches they played each other.' })
export class HeadToHeadModel {
  @Field(() => PlayerStatsModel) a!: PlayerStatsModel;
  @Field(() => PlayerStatsModel) b!: PlayerStatsModel;
}

@ObjectType('GameStatLine', { description: "A player's figures in one game of a match." })
export class GameStatLineModel {
  @Field(() => Int) game!: number;
  @Field() playerId!: string;
  @Field(() => StatFiguresModel) stats!: StatFigures;
}

@ObjectType('MatchStatsSheet', {
  description: "A match's stats sheet, from its effective history.",
})
export class MatchStatsSheetModel {
  @Field() matchId!: string;
  @Field(() => Int) statsVersion!: number;
  @Field() discipline!: string;
  @Field() ruleProfile!: string;
  @Field(() => String, { nullable: true }) competitionId!: string | null;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) winner!: string | null;
  @Field(() => [PlayerStatsModel]) players!: PlayerStatsModel[];
  @Field(() => [GameStatLineModel]) games!: GameStatLineModel[];
  @Field(() => Int, { description: 'Games played in the match (both levels).' })
  gamesPlayed!: number;
  @Field(() => Int, { description: 'Of those, the games recorded shot by shot.' })
  gamesWithShots!: number;
  @Field(() => Float, { nullable: true, description: 'gamesWithShots / gamesPlayed.' })
  shotCoverage!: number | null;
}

@ObjectType('AppealStats', {
  description:
    'Appeals filed and allowed (upheld) in the matches a filter keeps, e.g. a competition.',
})
export class AppealStatsModel {
  @Field(() => Int) statsVersion!: number;
  @Field(() => Int) appealsFiled!: number;
  @Field(() => Int) appealsAllowed!: number;
}

@ObjectType('LeaderboardEntry')
export class LeaderboardEntryModel {
  @Field() playerId!: string;
  @Field() name!: string;
  @Field(() => Float) value!: number;
  @Field(() => Int) gamesPlayed!: number;
  @Field(() => Int, { description: 'Of gamesPlayed, those recorded shot by shot.' })
  gamesWithShots!: number;
  @Field(() => Float, {
    nullable: true,
    description: 'gamesWithShots / gamesPlayed: how much of the player’s play shot stats see.',
  })
  shotCoverage!: number | null;
  @Field(() => Int) statsVersion!: number;
}

@ObjectType('LeaderboardConnection')
export class LeaderboardConnectionModel extends ConnectionOf(
  LeaderboardEntryModel,
  'Leaderboard',
) {}
