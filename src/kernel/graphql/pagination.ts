import type { Type } from '@nestjs/common';
import { Field, Int, ObjectType, type ComplexityEstimator } from '@nestjs/graphql';
import { InputValidationError } from '../input-errors';

// Lists are Relay-style connections: edges with opaque cursors, pageInfo, and totalCount.
export const MAX_PAGE = 200;
export const DEFAULT_PAGE = 50;

@ObjectType('PageInfo')
export class PageInfoModel {
  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page (opaque).',
  })
  endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfoModel;
  totalCount: number;
}

// The GraphQL types of a connection of `node`: <Name>Edge and <Name>Connection.
export function ConnectionOf<T>(node: Type<T>, name: string): Type<Connection<T>> {
  @ObjectType(`${name}Edge`)
  class EdgeType {
    @Field() cursor!: string;
    @Field(() => node) node!: T;
  }

  @ObjectType({ isAbstract: true })
  abstract class ConnectionType {
    @Field(() => [EdgeType]) edges!: Edge<T>[];
    @Field(() => PageInfoModel) pageInfo!: PageInfoModel;
    @Field(() => Int, { description: 'How many items the whole list has.' }) totalCount!: number;
  }
  return ConnectionType as unknown as Type<Connection<T>>;
}

// A page costs its fields once per item it may return; a `first` out of range is refused by the
// resolver (BAD_USER_INPUT), so it is not what makes the operation too complex.
export const pageComplexity: ComplexityEstimator = ({ args, childComplexity }) => {
  const first = Number(args.first ?? DEFAULT_PAGE);
  return 1 + childComplexity * (validFirst(first) ? first : 1);
};

function validFirst(first: number): boolean {
  return Number.isInteger(first) && first >= 1 && first <= MAX_PAGE;
}

export function checkFirst(first: number): void {
  if (!validFirst(first))
    throw new InputValidationError([
      { field: 'first', problems: [`must be a whole number from 1 to ${MAX_PAGE}`] },
    ]);
}

export function encodeCursor(prefix: string, key: string): string {
  return Buffer.from(`${prefix}:${key}`).toString('base64url');
}

// The key of a cursor this API issued with this prefix; anything else is refused.
export function decodeCursor(prefix: string, cursor: string, key: RegExp): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const value = text.startsWith(`${prefix}:`) ? text.slice(prefix.length + 1) : '';
  if (!key.test(value))
    throw new InputValidationError([
      { field: 'after', problems: [`not a cursor of this list: ${cursor}`] },
    ]);
  return value;
}

// A connection from one page of rows a service read (with one row past it, to know whether more
// follow); `after` is the cursor the page was asked after.
export function pageOf<R, N>(
  page: { rows: R[]; hasNextPage: boolean; totalCount: number },
  after: string | null,
  cursor: (row: R) => string,
  node: (row: R) => N,
): Connection<N> {
  const edges = page.rows.map((r) => ({ cursor: cursor(r), node: node(r) }));
  return {
    edges,
    pageInfo: { endCursor: edges.at(-1)?.cursor ?? after, hasNextPage: page.hasNextPage },
    totalCount: page.totalCount,
  };
}
