import { LedgerClient } from './ledger-client';
import type { TestServer } from './server';

// The people at an appealed match, each with their own token: the stories in the appeals specs
// are told by the same cast, so they are signed in the same way.
export interface Cast {
  admin: LedgerClient;
  scorer: LedgerClient;
  referee: LedgerClient;
  ana: LedgerClient;
  bruno: LedgerClient;
  committee: LedgerClient;
  review: LedgerClient;
}

export function castOf(server: TestServer): Cast {
  return {
    admin: new LedgerClient(server, 'ADMIN', 'admin-1'),
    scorer: new LedgerClient(server, 'SCORER', 'scorer-1'),
    referee: new LedgerClient(server, 'REFEREE', 'referee-1'),
    ana: new LedgerClient(server, 'PLAYER', 'ana'),
    bruno: new LedgerClient(server, 'PLAYER', 'bruno'),
    committee: new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1'),
    review: new LedgerClient(server, 'APPEALS_REVIEW', 'rv-1'),
  };
}
