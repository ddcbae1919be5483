import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MatchProjector } from '../projections/match-projector';
import { LedgerMetrics } from './ledger-metrics';
import { MetricsController } from './metrics.controller';

// GET /metrics; LedgerMetrics itself is provided app-wide (the GraphQL plugin and the audit count
// into it).
@Module({ controllers: [MetricsController] })
export class MetricsModule implements OnModuleInit {
  constructor(
    @Inject(LedgerMetrics) private readonly metrics: LedgerMetrics,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
  ) {}

  onModuleInit(): void {
    this.metrics.measureLag(() => this.projector.lag());
  }
}
