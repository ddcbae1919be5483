import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { CLOCK, type Clock } from '../ledger/clock';
import { MatchesModule } from '../matches/matches.module';
import { AppealQueryService } from './appeal-queries.service';
import { AppealsResolver } from './appeals.resolver';
import { DecisionDocumentController } from './document/decision-document.controller';
import { RulesResolver } from './rules/rules.resolver';
import { AppealCaseService } from './cases/appeal-cases.service';
import { AppealCasesResolver } from './cases/appeal-cases.resolver';
import { AppealWindowResolver } from './window/appeal-window.resolver';
import { ReadModel } from '../projections/read-model';
import { MATCH_REPLAY, type MatchReplay } from '../kernel/match/match-replay.port';
import { METER, type Meter } from '../kernel/meter.port';
import { OVERDUE_APPEALS } from '../kernel/overdue-appeals.port';
import { AppealPolicyService } from './policy/appeal-policy.service';
import {
  COMPETITION_APPEAL_POLICY,
  type CompetitionAppealPolicy,
} from '../kernel/registry/competition-appeal-policy.port';
import { RegistryModule } from '../registry/registry.module';

// Corrections, appeals (file, preview, decide) and sign-off; writes go through the match commands.
// Also the rules' texts (the rules query) and the printable decision document (/appeals/…).
@Module({
  imports: [MatchesModule, RegistryModule],
  controllers: [DecisionDocumentController],
  providers: [
    {
      provide: AppealQueryService,
      inject: [MATCH_REPLAY],
      useFactory: (m: MatchReplay) => new AppealQueryService(m),
    },
    {
      provide: AppealCaseService,
      inject: [EVENT_STORE, ReadModel, CLOCK, MATCH_REPLAY],
      useFactory: (s: EventStore, r: ReadModel, c: Clock, m: MatchReplay) =>
        new AppealCaseService(s, r, c, m),
    },
    // The kernel's port the webhooks' sweep announces overdue appeals through.
    { provide: OVERDUE_APPEALS, useExisting: AppealCaseService },
    {
      provide: AppealPolicyService,
      inject: [EVENT_STORE, COMPETITION_APPEAL_POLICY],
      useFactory: (s: EventStore, p: CompetitionAppealPolicy) => new AppealPolicyService(s, p),
    },
    AppealsResolver,
    AppealCasesResolver,
    AppealWindowResolver,
    RulesResolver,
  ],
  exports: [OVERDUE_APPEALS],
})
export class AppealsModule implements OnModuleInit {
  constructor(
    @Inject(AppealCaseService) private readonly cases: AppealCaseService,
    @Inject(METER) private readonly meter: Meter,
  ) {}

  onModuleInit(): void {
    this.meter.measureAppeals(() => this.cases.overdueCount());
  }
}
