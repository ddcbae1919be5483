import { RegistryError } from './errors';

// The id shape every API id has (licence ids, competition ids): 1–64 letters, digits or ._:-
export const RECORD_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
const COUNTRY = /^[A-Z]{3}$/;

// Names reach scoresheets, explanations and logs: no control, format (bidi overrides,
// zero-width joiners), surrogate, private-use, unassigned or noncharacter code points, and no
// line or paragraph separators.
export const NAME_CHARACTERS =
  /^[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Noncharacter_Code_Point}\p{Zl}\p{Zp}]*$/u;
// A name must show something: at least one character that is not a space, a mark or a default
// ignorable one (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation selectors), and it
// may not open with a combining mark, which would have no base to sit on. Empty is left to the
// field's length rule.
export const NAME_SHOWS =
  /^(?:|(?!\p{M})[^]*[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}\p{Z}][^]*)$/u;

export const isPlainName = (value: string): boolean =>
  NAME_CHARACTERS.test(value) && NAME_SHOWS.test(value);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function requireId(value: string, field: string): void {
  if (!RECORD_ID.test(value))
    throw new RegistryError(
      'INVALID_RECORD',
      `${field} must be 1–64 letters, digits or ._:-`,
      field,
    );
}

export function requireText(value: string, field: string, max: number): void {
  if (value.trim().length === 0 || value.length > max)
    throw new RegistryError('INVALID_RECORD', `${field} must be 1–${max} characters`, field);
}

export function optionalText(value: string | null, field: string, max: number): void {
  if (value !== null) requireText(value, field, max);
}

export function requireCountry(value: string | null): void {
  if (value !== null && !COUNTRY.test(value))
    throw new RegistryError(
      'INVALID_RECORD',
      'nationality must be an ISO 3166-1 alpha-3 code (e.g. PRT)',
      'nationality',
    );
}

export function requireDate(value: string | null, field: string): void {
  if (value === null) return;
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new RegistryError('INVALID_RECORD', `${field} must be a date YYYY-MM-DD`, field);
}

export function requireWhole(value: number, field: string, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RegistryError(
      'INVALID_RECORD',
      `${field} must be a whole number from ${min} to ${max}`,
      field,
    );
}
