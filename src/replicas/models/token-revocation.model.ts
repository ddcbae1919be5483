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
      'Where the revocation stands in its control stream (null on a server without one); not a read-model position, so not one to send as X-Ledger-Min-Position.',
  })
  position!: string | null;
}
