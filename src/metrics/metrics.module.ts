import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import { LedgerMetrics } from './ledger-metrics';
import { MetricsController } from './metrics.controller';
import { measureProjector } from './projector-metrics';

// GET /metrics; LedgerMetrics itself is provided app-wide (the GraphQL plugin and the audit count
// into it).
@Module({ controllers: [MetricsController] })
export class MetricsModule implements OnModuleInit {
  constructor(
    @Inject(LedgerMetrics) private readonly metrics: LedgerMetrics,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  // Before the projections' start-up catch-up, so a rebuild there is counted too.
  onModuleInit(): void {
    measureProjector(this.metrics, this.projector, this.store);
  }
}
