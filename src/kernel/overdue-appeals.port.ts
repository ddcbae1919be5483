import type { StoredEvent } from '../ledger/event-store';

// The appeals pending past their decision deadline, as the webhooks announce them: a deadline
// passing appends nothing to the ledger, so a sweep asks. Declared here, provided by the appeals
// feature (AppealsModule, from its read model).
export interface OverdueAppeals {
  // Every appeal overdue now, each as a notice shaped like a stored event (AppealOverdue).
  overdueNotices(): StoredEvent[];
}

export const OVERDUE_APPEALS = Symbol('OVERDUE_APPEALS');
