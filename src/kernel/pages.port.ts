import type { Response } from 'express';

export type PageName = 'board' | 'overlay' | 'desk' | 'enrol' | 'table';

// How a feature serves one of the desk-side pages (the board, the overlay, the desk, enrolment, a
// table's tablet): one set of browser files, versioned together, under one content policy.
// Declared here, provided by the board feature (BoardModule), which loads that set at start.
export interface Pages {
  send(res: Response, page: PageName): void;
  notFound(res: Response): void;
}

export const PAGES = Symbol('PAGES');
