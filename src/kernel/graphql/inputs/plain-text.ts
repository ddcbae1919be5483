import { Matches } from 'class-validator';
import { NAME_CHARACTERS as NAME, NAME_SHOWS as SHOWS } from '../../../domain/registry';

// Names follow the registry's rule (src/domain/registry/validation.ts); free text the same
// characters, and may keep line breaks and tabs.
const TEXT =
  /^(?:[\n\t]|[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Noncharacter_Code_Point}\p{Zl}\p{Zp}])*$/u;

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
