import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { Enrolment, EnrolmentKind, TablePush } from '../device-store';

export enum EnrolmentKindEnum {
  MATCH = 'MATCH',
  TABLE = 'TABLE',
  DESK = 'DESK',
}
registerEnumType(EnrolmentKindEnum, {
  name: 'EnrolmentKind',
  description:
    'MATCH: a device for one match; TABLE: a tablet that stays at a table and records whichever match the desk pushed to it; DESK: the desk itself (ledger desk-link).',
});

export enum DeviceRole {
  SCORER = 'SCORER',
  REFEREE = 'REFEREE',
}
registerEnumType(DeviceRole, {
  name: 'DeviceRole',
  description: 'The role a device enrolled for a match or a table records with.',
});

export enum EnrolmentStatus {
  PENDING = 'PENDING',
  ENROLLED = 'ENROLLED',
  EXPIRED = 'EXPIRED',
  REVOKED = 'REVOKED',
}
registerEnumType(EnrolmentStatus, {
  name: 'EnrolmentStatus',
  description:
    'PENDING: the code waits to be scanned; ENROLLED: a device holds a live token; EXPIRED: the code or the token ran out; REVOKED: ended by the desk or at sign-off.',
});

@ObjectType('Enrolment', {
  description: 'A one-time code issued by the desk and the device it enrolled.',
})
export class EnrolmentModel {
  @Field() id!: string;
  @Field(() => EnrolmentKindEnum) kind!: EnrolmentKind;
  @Field() role!: string;
  @Field({ description: 'Who the device records as (recordedBy in the ledger).' }) subject!: string;
  @Field(() => String, { nullable: true }) matchId!: string | null;
  @Field(() => String, { nullable: true }) tableId!: string | null;
  @Field(() => String, { nullable: true }) label!: string | null;
  @Field(() => EnrolmentStatus) status!: EnrolmentStatus;
  @Field() issuedBy!: string;
  @Field() issuedAt!: string;
  @Field() codeExpiresAt!: string;
  @Field(() => String, { nullable: true }) enrolledAt!: string | null;
  @Field(() => String, { nullable: true }) tokenExpiresAt!: string | null;
  @Field(() => String, { nullable: true }) revokedAt!: string | null;
  @Field(() => String, { nullable: true }) revokedBy!: string | null;
}

@ObjectType('EnrolmentCode', {
  description:
    'A code to show once: its link (the code in the fragment) and the link as a QR code.',
})
export class EnrolmentCodeModel {
  @Field(() => EnrolmentModel) enrolment!: EnrolmentModel;
  @Field({ description: '/enrol#<code>: the code never reaches a server log or a Referer.' })
  link!: string;
  @Field({ description: 'The link as a QR code (SVG).' }) qrSvg!: string;
  @Field() expiresAt!: string;
}

@ObjectType('DeviceCredential', {
  description: 'What a device keeps after the exchange (never in a URL).',
})
export class DeviceCredentialModel {
  @Field() token!: string;
  @Field() role!: string;
  @Field() subject!: string;
  @Field(() => String, { nullable: true }) matchId!: string | null;
  @Field(() => String, { nullable: true }) tableId!: string | null;
  @Field() expiresAt!: string;
}

@ObjectType('TablePush', { description: 'The match the desk pushed to a table.' })
export class TablePushModel {
  @Field() tableId!: string;
  @Field() matchId!: string;
  @Field() pushedBy!: string;
  @Field() pushedAt!: string;
}

export function toEnrolmentModel(e: Enrolment, now: Date): EnrolmentModel {
  const at = now.toISOString();
  const status = e.revokedAt
    ? EnrolmentStatus.REVOKED
    : e.redeemedAt
      ? e.tokenExpiresAt && e.tokenExpiresAt <= at
        ? EnrolmentStatus.EXPIRED
        : EnrolmentStatus.ENROLLED
      : e.codeExpiresAt <= at
        ? EnrolmentStatus.EXPIRED
        : EnrolmentStatus.PENDING;
  return {
    id: e.id,
    kind: e.kind,
    role: e.role,
    subject: e.subject,
    matchId: e.matchId,
    tableId: e.tableId,
    label: e.label,
    status,
    issuedBy: e.issuedBy,
    issuedAt: e.issuedAt,
    codeExpiresAt: e.codeExpiresAt,
    enrolledAt: e.redeemedAt,
    tokenExpiresAt: e.tokenExpiresAt,
    revokedAt: e.revokedAt,
    revokedBy: e.revokedBy,
  };
}

export const toTablePushModel = (p: TablePush): TablePushModel => ({ ...p });
