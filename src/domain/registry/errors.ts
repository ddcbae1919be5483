import { CodedError } from '../coded-error';

// One error type for the registry's refusals; `code` is what clients see in extensions.code.
export const REGISTRY_ERROR_CODES = [
  'PLAYER_ALREADY_REGISTERED',
  'PLAYER_NOT_REGISTERED',
  'COMPETITION_ALREADY_EXISTS',
  'COMPETITION_NOT_FOUND',
  'INVALID_RECORD',
  // Scheduling a match that names a licence id or a competition the registry does not hold.
  'UNKNOWN_PLAYER',
  'UNKNOWN_COMPETITION',
  // A competition match played under another discipline or profile than the competition's.
  'COMPETITION_MISMATCH',
] as const;
export type RegistryErrorCode = (typeof REGISTRY_ERROR_CODES)[number];

export class RegistryError extends CodedError<RegistryErrorCode> {
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  override details(): Record<string, unknown> {
    return this.field ? { field: this.field } : {};
  }
}
