import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { TokenService } from '../../api/auth/tokens';
import type { GqlContext } from '../../kernel/request-context';
import { MatchCommandService } from '../match-commands.service';
import { runMatchCommand } from '../match.resolver';
import { CommandResultModel } from '../../kernel/match/models/ledger-event.model';
import {
  CorrectGameResultInput,
  RecordGameResultInput,
  resultChanges,
} from '../../kernel/match/inputs/game-result.inputs';

// Result-level recording over GraphQL: a game recorded as its result, and its correction.
@Resolver()
export class GameResultsResolver {
  constructor(
    @Inject(MatchCommandService) private readonly commands: MatchCommandService,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  @Mutation(() => CommandResultModel, {
    description:
      "Record a game as its result (no shots): who broke, who won, break-and-run or win on the break, a foul or forfeit with its rule id, and who attests it. Refused with WRONG_GAME_NUMBER, WRONG_BREAKER (G1.34), RACE_ALREADY_WON, GAME_RECORDED_BY_SHOTS or INVALID_RESULT; the game's end, the next game or the match's end follow as for a scored game.",
  })
  recordGameResult(
    @Args('input') input: RecordGameResultInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return runMatchCommand(
      this.commands,
      this.tokens,
      'recordGameResult',
      input,
      ctx,
      (actor, role) => ({
        type: 'RecordGameResult',
        gameNumber: input.gameNumber,
        breaker: input.breaker,
        winner: input.winner,
        ending: input.ending,
        rule: input.rule ?? null,
        breakAndRun: input.breakAndRun,
        winOnBreak: input.winOnBreak,
        by: actor,
        attestation: input.attestation,
        // A referee recording the result attests it themselves unless another is named.
        referee:
          input.referee ?? (input.attestation === 'REFEREE' && role === 'REFEREE' ? actor : null),
      }),
    );
  }

  @Mutation(() => CommandResultModel, {
    description:
      'Correct a recorded result, citing its revision, while no later game is recorded and the match is not signed off; the score, next breaker and match end are re-derived. Later: file an appeal (remedy AMEND_RESULT).',
  })
  correctGameResult(
    @Args('input') input: CorrectGameResultInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return runMatchCommand(
      this.commands,
      this.tokens,
      'correctGameResult',
      input,
      ctx,
      (actor) => ({
        type: 'CorrectGameResult',
        by: actor,
        revision: input.revision,
        result: resultChanges(input.result),
        reason: input.reason,
      }),
    );
  }
}
