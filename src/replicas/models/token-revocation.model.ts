import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('TokenRevocation', {
  description:
    'A revocation, kept in the ledger: every replica refuses the token once it has read it.',
})
export class TokenRevocationModel {
  @Field(() => String, { nullable: true }) jti!: string | null;
  @Field(() => String, { nullable: true }) subject!: string | null;
  @Field() revokedAt!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The ledger position the revocation reached (null on a server without a shared ledger stream).',
  })
  position!: string | null;
}
