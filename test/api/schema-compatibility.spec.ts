import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  print,
  visit,
  type GraphQLSchema,
} from 'graphql';
import { declaredBreaking, policyViolations, readSchema } from '../support/schema-compat';

// The API stability policy (docs/api.md#api-stability): schema.graphql against the last release's
// schema (test/fixtures/schema-<version>.graphql), every breaking change declared in CHANGELOG.md
// under the release being made, and nothing removed that the last release did not deprecate.

const PREVIOUS = '0.2.0';
const changelog = readFileSync('CHANGELOG.md', 'utf8');
// The release being made: the first version heading of CHANGELOG.md.
const NEXT = /^## (\d+\.\d+\.\d+)/m.exec(changelog)![1];
const previous = readSchema(`test/fixtures/schema-${PREVIOUS}.graphql`);
const current = readSchema('schema.graphql');

// The current schema with one field of one type taken out, as a careless change would.
function without(typeName: string, field: string): GraphQLSchema {
  const ast = visit(parse(readFileSync('schema.graphql', 'utf8')), {
    ObjectTypeDefinition(node) {
      if (node.name.value !== typeName) return undefined;
      return { ...node, fields: node.fields?.filter((f) => f.name.value !== field) };
    },
  });
  return buildSchema(print(ast));
}

// The current schema with one field's type changed from Int! to String!.
function retyped(typeName: string, field: string): GraphQLSchema {
  const ast = visit(parse(readFileSync('schema.graphql', 'utf8')), {
    FieldDefinition(node, _key, _parent, _path, ancestors) {
      const owner = ancestors[ancestors.length - 1] as { kind?: string; name?: { value: string } };
      if (owner.kind !== Kind.OBJECT_TYPE_DEFINITION || owner.name?.value !== typeName)
        return undefined;
      if (node.name.value !== field) return undefined;
      const named = { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: 'String' } } as const;
      return { ...node, type: { kind: Kind.NON_NULL_TYPE, type: named } };
    },
  });
  return buildSchema(print(ast));
}

describe('API stability: schema.graphql against the last release', () => {
  it(`has no breaking change since ${PREVIOUS} that CHANGELOG.md does not declare under ${NEXT}`, () => {
    expect(NEXT).not.toBe(PREVIOUS);
    expect(policyViolations(previous, current, declaredBreaking(changelog, NEXT))).toEqual([]);
  });

  it('CHANGELOG.md has a section for the package version and for the last release', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const v of [version, PREVIOUS]) expect(changelog).toMatch(new RegExp(`^## ${v}\\b`, 'm'));
  });

  it('every deprecation names its replacement, which exists beside it', () => {
    const reasons: string[] = [];
    for (const t of Object.values(current.getTypeMap())) {
      if (t.name.startsWith('__')) continue;
      const members =
        isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)
          ? Object.values(t.getFields()).map((f) => ({ name: f.name, reason: f.deprecationReason }))
          : isEnumType(t)
            ? t.getValues().map((v) => ({ name: v.name, reason: v.deprecationReason }))
            : [];
      const names = members.map((m) => m.name);
      for (const m of members.filter((x) => x.reason)) {
        reasons.push(`${t.name}.${m.name}`);
        const replacement = /^Use (\w+)/.exec(m.reason!)?.[1];
        expect(`${t.name}.${m.name} → ${replacement}`).toBe(
          `${t.name}.${m.name} → ${names.find((n) => n === replacement) ?? '(none)'}`,
        );
      }
    }
    expect(reasons).toContain('Ruling.warningIssued');
  });
});

describe('API stability: the check refuses what the policy forbids', () => {
  it('a field removed without a deprecation in the last release fails, even when declared', () => {
    const next = without('Ruling', 'explanationPt');
    const change = 'Ruling.explanationPt was removed.';
    const why = [{ change, why: 'REMOVED_WITHOUT_DEPRECATION' }];
    expect(policyViolations(current, next, [])).toEqual(why);
    expect(policyViolations(current, next, [change])).toEqual(why);
  });

  it('a field deprecated in the last release may be removed, when the changelog declares it', () => {
    const next = without('Ruling', 'warningIssued');
    const change = 'Ruling.warningIssued was removed.';
    expect(policyViolations(current, next, [])).toEqual([{ change, why: 'NOT_DECLARED' }]);
    expect(policyViolations(current, next, [change])).toEqual([]);
  });

  it('any other breaking change fails until it is declared', () => {
    const next = retyped('Ruling', 'consecutiveFoulsAfter');
    const [v] = policyViolations(current, next, []);
    expect(v).toEqual({
      change: expect.stringMatching(
        /^Ruling\.consecutiveFoulsAfter changed type from Int! to String!/,
      ),
      why: 'NOT_DECLARED',
    });
    expect(policyViolations(current, next, [v.change])).toEqual([]);
  });

  it('reads the declarations of one version from the changelog', () => {
    const text =
      '# Changelog\n\n## 0.3.0 (next)\n\n- Breaking: `A.b was removed.` and `C.d was removed.`\n- Added: `E.f`\n\n## 0.2.0\n\n- Breaking: `G.h was removed.`\n';
    expect(declaredBreaking(text, '0.3.0')).toEqual(['A.b was removed.', 'C.d was removed.']);
    expect(declaredBreaking(text, '0.2.0')).toEqual(['G.h was removed.']);
    expect(declaredBreaking(text, '0.1.0')).toEqual([]);
  });
});
