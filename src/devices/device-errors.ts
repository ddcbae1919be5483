import { CodedError } from '../domain/coded-error';

// What the enrolment exchange and the desk's device commands refuse.
export type DeviceErrorCode =
  // No code like it was ever issued (mistyped, or cut off when scanned).
  | 'ENROLMENT_CODE_UNKNOWN'
  // Exchanged already: a code enrols one device once.
  | 'ENROLMENT_CODE_USED'
  // Older than its lifetime (LEDGER_ENROLMENT_CODE_LIFETIME).
  | 'ENROLMENT_CODE_EXPIRED'
  // Revoked from the desk before it was used.
  | 'ENROLMENT_CODE_REVOKED'
  | 'ENROLMENT_NOT_FOUND'
  // The match a code or a table push names does not exist, or is signed off.
  | 'ENROLMENT_MATCH_INVALID';

export class DeviceError extends CodedError<DeviceErrorCode> {
  constructor(
    readonly code: DeviceErrorCode,
    message: string,
  ) {
    super(message);
  }
}
