import type { INestApplication } from '@nestjs/common';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';

export const SCHEMA_HEADER =
  '# Generated from the code-first resolvers by `npm run schema`. Do not edit by hand.\n\n';

// The committed schema.graphql must equal this text; a test fails when it is stale.
export function schemaText(app: INestApplication): string {
  const { schema } = app.get(GraphQLSchemaHost);
  return `${SCHEMA_HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}
