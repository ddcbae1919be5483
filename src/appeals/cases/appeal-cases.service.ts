import { caseFile, type CaseFile, type MatchState } from '../../domain';
import type { Clock } from '../../ledger/clock';
import type { EventStore, StoredEvent } from '../../ledger/event-store';
import { overdueNotice } from './overdue-notices';
import type { MatchRecord } from '../../ledger/envelope';
import { longReads } from '../../ledger/slices';
import type { MatchReplay } from '../../kernel/match/match-replay.port';
import type { ReadModel } from '../../projections/read-model';
import { AppealCaseQuery, type AppealCaseFilter, type AppealCaseRow } from './appeal-cases.query';

const PAGE = 200;

export interface AppealCase extends AppealCaseRow {
  match: MatchState;
}

// The committee's list (from the appeals read model) and each appeal's case file (from the match
// stream, read when asked for).
export class AppealCaseService {
  private readonly query: AppealCaseQuery;

  constructor(
    private readonly store: EventStore,
    private readonly readModel: ReadModel,
    private readonly clock: Clock,
    private readonly replay: MatchReplay,
  ) {
    this.query = new AppealCaseQuery(readModel.database);
  }

  // The instant overdue is decided at (the injected clock).
  now(): string {
    return this.clock.now().toISOString();
  }

  // Pending appeals past their decision deadline now (for /metrics).
  overdueCount(): number {
    return this.query.overdue(this.now());
  }

  // Every appeal overdue now, as webhook notices (a sweep; few are overdue at once).
  overdueNotices(): StoredEvent[] {
    const now = this.now();
    const notices: StoredEvent[] = [];
    for (let after: string | undefined; ; ) {
      const page = this.list({ overdue: { is: true, now } }, PAGE, after);
      notices.push(...page.rows.map((r) => overdueNotice(r, now)));
      if (!page.hasNextPage) return notices;
      after = page.rows[page.rows.length - 1].filedPos;
    }
  }

  list(
    filter: AppealCaseFilter,
    first: number,
    after: string | undefined,
  ): { rows: AppealCase[]; hasNextPage: boolean; totalCount: number } {
    const rows = this.query.page(filter, after, first + 1);
    return {
      rows: rows.slice(0, first).map((r) => ({ ...r, match: this.readModel.match(r.matchId)! })),
      hasNextPage: rows.length > first,
      totalCount: this.query.count(filter),
    };
  }

  // How many events reading a case file replays: its price.
  replayLength(matchId: string): number {
    return this.readModel.match(matchId)?.version ?? 1;
  }

  // The case file and the stream it was read from (for the superseded marks).
  async file(
    matchId: string,
    appealId: string,
  ): Promise<{ file: CaseFile<MatchRecord>; records: MatchRecord[]; state: MatchState }> {
    const { records, state } = await longReads.run((slice) => this.replay.require(matchId, slice));
    return { file: caseFile(records, state, appealId), records, state };
  }
}
