import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_TYPES } from '../../src/domain';

// The viewer's event list names every event a match's stream can hold, in both languages: a type
// added to the ledger's catalogue without a name here fails this spec instead of showing raw.
const REGISTRY = new Set([
  'PlayerRegistered',
  'PlayerUpdated',
  'CompetitionCreated',
  'CompetitionUpdated',
  'CommitteeAssigned',
]);

describe("the viewer's event names", () => {
  const source = readFileSync(join(__dirname, '../../src/viewer/assets/event-names.js'), 'utf8');
  const block = (lang: 'en' | 'pt') => {
    const start = source.indexOf(`  ${lang}: {`);
    return source.slice(start, source.indexOf('\n  },', start));
  };

  it.each(['en', 'pt'] as const)('names every match event type in %s', (lang) => {
    const named = [...block(lang).matchAll(/^ {4}(\w+):/gm)].map((m) => m[1]);
    const matchTypes = EVENT_TYPES.filter((t) => !REGISTRY.has(t));
    expect(named.sort()).toEqual([...matchTypes].sort());
  });

  it('gives the appeal and layout events their words, not their type names', () => {
    expect(block('en')).toContain("AppealReviewRequested: 'Review requested'");
    expect(block('pt')).toContain("AppealFeeSettled: 'Taxa de recurso liquidada'");
    expect(block('pt')).toContain("LayoutRecorded: 'Posição registada'");
  });
});
