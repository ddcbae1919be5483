import { readFileSync } from 'node:fs';
import {
  BreakingChangeType,
  buildSchema,
  findBreakingChanges,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLSchema,
} from 'graphql';

// The API stability policy (docs/api.md#api-stability) as a check between two releases' schemas:
// a field, argument or enum value is removed only after a release that kept it deprecated, and
// every breaking change graphql-js finds is declared in CHANGELOG.md under its release.

export interface Violation {
  change: string;
  why: 'NOT_DECLARED' | 'REMOVED_WITHOUT_DEPRECATION';
}

export function readSchema(path: string): GraphQLSchema {
  return buildSchema(readFileSync(path, 'utf8'));
}

// The breaking changes CHANGELOG.md declares for one version: the code spans (graphql-js's own
// description of the change) of the "- Breaking:" lines of that version's section.
export function declaredBreaking(changelog: string, version: string): string[] {
  const sections = changelog.split(/^## /m);
  const section = sections.find((s) => s.startsWith(`${version} `) || s.startsWith(`${version}\n`));
  if (!section) return [];
  return section
    .split('\n')
    .filter((l) => l.startsWith('- Breaking:'))
    .flatMap((l) => [...l.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

// Whether the thing a removal names was deprecated in the older schema.
function wasDeprecated(old: GraphQLSchema, type: BreakingChangeType, description: string): boolean {
  if (type === BreakingChangeType.FIELD_REMOVED) {
    const m = /^(\w+)\.(\w+) was removed\.$/.exec(description);
    const t = m && old.getType(m[1]);
    if (!m || !t) return false;
    if (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t))
      return Boolean(t.getFields()[m[2]]?.deprecationReason);
    return false;
  }
  if (type === BreakingChangeType.VALUE_REMOVED_FROM_ENUM) {
    const m = /^(\w+) was removed from enum type (\w+)\.$/.exec(description);
    const t = m && old.getType(m[2]);
    return Boolean(m && t && isEnumType(t) && t.getValue(m[1])?.deprecationReason);
  }
  if (type === BreakingChangeType.ARG_REMOVED) {
    const m = /^(\w+)\.(\w+) arg (\w+) was removed\.$/.exec(description);
    const t = m && old.getType(m[1]);
    if (!m || !t || !(isObjectType(t) || isInterfaceType(t))) return false;
    return Boolean(t.getFields()[m[2]]?.args.find((a) => a.name === m[3])?.deprecationReason);
  }
  return false;
}

const REMOVALS: string[] = [
  BreakingChangeType.FIELD_REMOVED,
  BreakingChangeType.VALUE_REMOVED_FROM_ENUM,
  BreakingChangeType.ARG_REMOVED,
];

export function policyViolations(
  previous: GraphQLSchema,
  current: GraphQLSchema,
  declared: readonly string[],
): Violation[] {
  const out: Violation[] = [];
  for (const c of findBreakingChanges(previous, current)) {
    if (REMOVALS.includes(c.type) && !wasDeprecated(previous, c.type, c.description))
      out.push({ change: c.description, why: 'REMOVED_WITHOUT_DEPRECATION' });
    else if (!declared.includes(c.description))
      out.push({ change: c.description, why: 'NOT_DECLARED' });
  }
  return out;
}
