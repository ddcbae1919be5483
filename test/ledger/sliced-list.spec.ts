import { execute, GraphQLInt, GraphQLList, GraphQLObjectType, GraphQLSchema, parse } from 'graphql';
import { inSlices } from '../../src/ledger/sliced-list';
import { SliceQueue } from '../../src/ledger/slices';
import { countLoopTurns } from '../support/loop-turns';

// A long list field (matchHistory) is completed by graphql-js an item per slice: the fields of
// each item resolve on a turn of the event loop of their own, not the whole list in one turn.
describe('inSlices', () => {
  const run = async (sliced: boolean) => {
    const turns = countLoopTurns();
    const seen: number[] = [];
    const Item = new GraphQLObjectType({
      name: 'Item',
      fields: {
        n: {
          type: GraphQLInt,
          resolve: (item: { n: number }) => {
            seen.push(turns.count());
            return item.n;
          },
        },
      },
    });
    const items = Array.from({ length: 40 }, (_, n) => n);
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: {
          list: {
            type: new GraphQLList(Item),
            // A zero-length slice: every item is a slice boundary, whatever the machine's speed.
            resolve: (_root, _args, lane: object) =>
              sliced
                ? inSlices(items, (n) => ({ n }), lane, new SliceQueue(0))
                : items.map((n) => ({ n })),
          },
        },
      }),
    });
    const result = await execute({ schema, document: parse('{ list { n } }'), contextValue: {} });
    turns.stop();
    return { result, turnsSeen: new Set(seen).size };
  };

  it('completes each item on its own turn, with the same result as a plain list', async () => {
    const plain = await run(false);
    const sliced = await run(true);
    expect(sliced.result).toEqual(plain.result);
    expect((sliced.result.data as { list: unknown[] }).list).toHaveLength(40);
    expect(plain.turnsSeen).toBe(1);
    expect(sliced.turnsSeen).toBe(40);
  });

  it('a shape that throws fails its item only', async () => {
    const out = inSlices(
      [1, 2],
      (n) => {
        if (n === 1) throw new Error('bad');
        return n;
      },
      {},
      new SliceQueue(0),
    );
    await expect(out[0]).rejects.toThrow('bad');
    await expect(out[1]).resolves.toBe(2);
  });
});
