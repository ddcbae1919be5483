// Evidence attached to a pending appeal by reference (nothing is uploaded): a video with the
// moment to watch, a photo, a statement of the referee, the opponent or the appellant, or the
// committee's hearing notes. Who attached it is in the metadata (recordedBy, role) and in `by`.
export const EVIDENCE_KINDS = ['VIDEO', 'PHOTO', 'STATEMENT', 'HEARING_NOTES'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const STATEMENT_CAPACITIES = ['REFEREE', 'OPPONENT', 'APPELLANT', 'COMMITTEE'] as const;
export type StatementCapacity = (typeof STATEMENT_CAPACITIES)[number];

export interface Evidence {
  evidenceId: string;
  kind: EvidenceKind;
  by: string;
  // In what capacity its author attached it.
  capacity: StatementCapacity;
  // Attached for the review of the decision (absent: for the decision).
  forReview?: boolean;
  // VIDEO: the recording and the second to watch from; PHOTO: a URL or an archive reference.
  url: string | null;
  atSecond: number | null;
  reference: string | null;
  // STATEMENT, HEARING_NOTES (and an optional caption for the others).
  text: string | null;
}

export interface AppealEvidenceAttached {
  type: 'AppealEvidenceAttached';
  version: 1;
  data: Evidence & { appealId: string; explanation: string; explanationPt: string };
}
