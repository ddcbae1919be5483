import { validateSync } from 'class-validator';
import { PlainName, PlainText } from '../../src/kernel/graphql/inputs/plain-text';

class Named {
  @PlainName() name!: string;
  @PlainText() text = 'ok';
}

const refusal = (name: string, text = 'ok'): string[] =>
  validateSync(Object.assign(new Named(), { name, text })).flatMap((e) =>
    Object.values(e.constraints ?? {}),
  );

// Names and free text: refused by Unicode property, not by a list of characters.
describe('plain names and text', () => {
  it.each([
    ['a noncharacter U+FFFF', 'Ana\uFFFF'],
    ['a noncharacter U+FDD0', 'Ana\uFDD0'],
    ['a plane-1 noncharacter U+1FFFE', 'Ana\u{1FFFE}'],
    ['a private-use U+E000', 'Ana\uE000'],
    ['a supplementary private-use U+F0000', 'Ana\u{F0000}'],
    ['an unassigned U+0378', 'Ana\u0378'],
    ['an unassigned U+E0080', 'Ana\u{E0080}'],
  ])('a name with %s is refused', (_what, name) => {
    expect(refusal(name)).toEqual([expect.stringMatching(/private-use, unassigned, noncharacter/)]);
  });

  it.each([
    ['the Hangul filler U+3164', '\u3164'],
    ['the Hangul choseong filler U+115F', '\u115F'],
    ['the Hangul jungseong filler U+1160', '\u1160'],
    ['the halfwidth Hangul filler U+FFA0', '\uFFA0'],
    ['fillers and spaces', ' \u3164 \uFFA0 '],
    ['a lone variation selector U+FE0F', '\uFE0F'],
    ['a lone combining acute U+0301', '\u0301'],
    ['a combining mark with no base', '\u0301Ana'],
    ['spaces only', '   '],
    ['an ideographic space only', '\u3000'],
    ['a no-break space only', '\u00A0'],
  ])('a name of %s renders blank and is refused', (_what, name) => {
    expect(refusal(name)).toEqual([expect.stringMatching(/must show a visible character/)]);
  });

  it.each([
    ['accents and apostrophes', 'Zoë O’Brien-Łukasiewicz'],
    ['a decomposed accent', 'Zoe\u0308'],
    ['CJK with a space', '山田 太郎'],
    ['Hangul', '김민지'],
    ['an emoji with its variation selector', 'Ana \u2764\uFE0F'],
    ['Arabic', 'أحمد'],
  ])('a name with %s is accepted', (_what, name) => {
    expect(refusal(name)).toEqual([]);
  });

  it('free text refuses the same code points, keeps line breaks and tabs', () => {
    expect(refusal('Ana', 'line one\n\tline two')).toEqual([]);
    for (const bad of ['x\uFFFF', 'x\uE000', 'x\u0378', 'x\uFDD0'])
      expect(refusal('Ana', bad)).toEqual([expect.stringMatching(/private-use, unassigned/)]);
  });
});
