import { Matches } from 'class-validator';

// Names and free text reach scoresheets, explanations and logs: no control characters, no
// invisible format characters (bidi overrides, zero-width joiners), no lone surrogate halves,
// no line or paragraph separators, and nothing without an agreed glyph: private-use, unassigned
// and noncharacter code points (U+FFFF, U+FDD0…). Free text may keep line breaks and tabs.
const NAME = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Noncharacter_Code_Point}\p{Zl}\p{Zp}]*$/u;
const TEXT =
  /^(?:[\n\t]|[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Noncharacter_Code_Point}\p{Zl}\p{Zp}])*$/u;
// A name must show something: at least one character that is not a space, a mark or a default
// ignorable one (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation selectors), and
// it may not open with a combining mark, which would have no base to sit on. Empty is left to
// the field's length rule.
const SHOWS =
  /^(?:|(?!\p{M})[^]*[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}\p{Z}][^]*)$/u;

const NAME_MESSAGE =
  '$property may not contain control, format, private-use, unassigned, noncharacter or unpaired surrogate characters';

export const PlainName = (): PropertyDecorator => (target, key) => {
  Matches(NAME, { message: NAME_MESSAGE })(target, key);
  Matches(SHOWS, {
    message:
      '$property must show a visible character: not only spaces, fillers or marks, and not open with a combining mark',
  })(target, key);
};

export const PlainText = (): PropertyDecorator =>
  Matches(TEXT, {
    message:
      '$property may not contain control (other than line breaks and tabs), format, private-use, unassigned, noncharacter or unpaired surrogate characters',
  });
