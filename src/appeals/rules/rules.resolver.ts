import { Args, Query, Resolver } from '@nestjs/graphql';
import { RuleTextModel } from '../models/rule-text.model';
import { RULE_IDS, ruleText, type RuleText } from '../../domain';
import { InputValidationError } from '../../kernel/input-errors';

// The rules' texts, for the decision document, the viewer and anyone reading a ruling's ids.
@Resolver(() => RuleTextModel)
export class RulesResolver {
  @Query(() => [RuleTextModel], {
    description:
      'Each rule’s text in Portuguese and English, in book order; `ids` filters (an id with no text is refused, BAD_USER_INPUT).',
  })
  rules(@Args('ids', { type: () => [String], nullable: true }) ids: string[] | null): RuleText[] {
    if (!ids) return RULE_IDS.map((id) => ruleText(id)!);
    if (ids.length > RULE_IDS.length)
      throw new InputValidationError([
        { field: 'ids', problems: [`at most ${RULE_IDS.length} ids`] },
      ]);
    const unknown = ids.filter((id) => ruleText(id) === null);
    if (unknown.length > 0)
      throw new InputValidationError([
        { field: 'ids', problems: [`no rule text for ${unknown.slice(0, 5).join(', ')}`] },
      ]);
    return [...new Set(ids)].map((id) => ruleText(id)!);
  }
}
