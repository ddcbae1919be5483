import {
  GraphQLInt,
  GraphQLList,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type DocumentNode,
} from 'graphql';
import { complexityPlugin } from '../../src/api/graphql/limits';

// A list priced by its page size, and plain fields that cost 1 each.
const item = new GraphQLObjectType({ name: 'Item', fields: { id: { type: GraphQLString } } });
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      items: {
        type: new GraphQLList(item),
        args: { first: { type: GraphQLInt } },
        extensions: {
          complexity: ({
            args,
            childComplexity,
          }: {
            args: { first: number };
            childComplexity: number;
          }) => args.first * childComplexity,
        },
      },
      name: { type: GraphQLString },
    },
  }),
});

async function check(document: DocumentNode, variables: Record<string, unknown>, maximum: number) {
  const hooks = await complexityPlugin({ maximum }).requestDidStart!({} as never);
  return hooks!.didResolveOperation!({
    request: { variables },
    document,
    schema,
    contextValue: {},
  } as never);
}

describe('operation complexity, priced once for documents whose variables cannot change it', () => {
  it('prices a page by the variable that sizes it, on every request of the same document', async () => {
    const doc = parse('query($n: Int) { items(first: $n) { id } }');
    await expect(check(doc, { n: 5 }, 10)).resolves.toBeUndefined();
    await expect(check(doc, { n: 50 }, 10)).rejects.toMatchObject({
      extensions: { code: 'QUERY_TOO_COMPLEX', complexity: 50 },
    });
  });

  it('counts @include by its variable, on every request of the same document', async () => {
    const doc = parse(
      'query($big: Boolean!) { name a: name @include(if: $big) b: name @include(if: $big) }',
    );
    await expect(check(doc, { big: false }, 2)).resolves.toBeUndefined();
    await expect(check(doc, { big: true }, 2)).rejects.toMatchObject({
      extensions: { complexity: 3 },
    });
  });

  it('gives a document of plain fields the same price on every request', async () => {
    const doc = parse('query($x: String) { name b: name c: name }');
    await expect(check(doc, { x: 'a' }, 2)).rejects.toMatchObject({
      extensions: { complexity: 3 },
    });
    await expect(check(doc, { x: 'b' }, 2)).rejects.toMatchObject({
      extensions: { complexity: 3 },
    });
    await expect(check(doc, { x: 'b' }, 3)).resolves.toBeUndefined();
  });
});
