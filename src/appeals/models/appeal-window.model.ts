import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { AppealWindowStart } from '../../domain';
import * as E from '../../kernel/graphql/enums';

@ObjectType('GameAppealWindow', { description: 'When the window to appeal a game closes.' })
export class GameAppealWindowModel {
  @Field(() => Int) gameNumber!: number;
  @Field(() => String, {
    nullable: true,
    description:
      'When the window for the game’s last event closes; null while the game (MATCH_END: the match) is not over.',
  })
  closesAt!: string | null;
}

@ObjectType('MatchAppealWindow', {
  description: 'The appeal window in force for a match, and when it closes for each game.',
})
export class MatchAppealWindowModel {
  @Field(() => Int) minutes!: number;
  @Field(() => E.AppealWindowStart) start!: AppealWindowStart;
  @Field({
    description:
      'Copied from the competition when the match was scheduled; false: scheduled before, its competition’s current window applies, counted from the disputed event.',
  })
  frozen!: boolean;
  @Field(() => [GameAppealWindowModel]) games!: GameAppealWindowModel[];
}
