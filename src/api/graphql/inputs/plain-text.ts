import { Matches } from 'class-validator';

// Names and free text reach scoresheets, explanations and logs: no control characters, no
// invisible format characters (bidi overrides, zero-width joiners), no lone surrogate halves
// and no line or paragraph separators. Free text may keep line breaks and tabs.
const NAME = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]*$/u;
const TEXT = /^(?:[\n\t]|[^\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}])*$/u;

export const PlainName = (): PropertyDecorator =>
  Matches(NAME, {
    message: '$property may not contain control, format or unpaired surrogate characters',
  });

export const PlainText = (): PropertyDecorator =>
  Matches(TEXT, {
    message:
      '$property may not contain control (other than line breaks and tabs), format or unpaired surrogate characters',
  });
