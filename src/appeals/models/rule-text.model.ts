import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('RuleText', {
  description:
    'A rule the engine cites, in English and Portuguese. G1.x in Portuguese is the federation’s own text; the game rules (E8, N9, T10) are the ledger’s short statements in both languages.',
})
export class RuleTextModel {
  @Field({ description: 'The rule id rulings cite (G1.19, E8.18, N9.3, T10.7…).' }) id!: string;
  @Field({ description: 'A short English statement of the rule.' }) en!: string;
  @Field({ description: 'The rule in Portuguese.' }) pt!: string;
  @Field({
    description:
      'Where the Portuguese comes from: FEDERATION (the federation’s text, as written) or LEDGER.',
  })
  ptSource!: string;
}
