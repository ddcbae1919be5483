import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { LedgerMetrics } from '../metrics/ledger-metrics';
import { ReadModel } from '../projections/read-model';
import { AuditResolver } from './audit.resolver';
import { AuditService } from './audit.service';
import { CheckpointScheduler } from './checkpoint-scheduler';

// Audit trail, hash-chain verification, time travel and re-adjudication over the ledger's
// store and read model; and, when configured, periodic signed checkpoints.
@Module({
  providers: [
    {
      provide: AuditService,
      inject: [EVENT_STORE, ReadModel, LedgerMetrics],
      useFactory: (s: EventStore, r: ReadModel, m: LedgerMetrics) =>
        new AuditService(s, r, (ok) => m.verified(ok)),
    },
    {
      provide: CheckpointScheduler,
      inject: [EVENT_STORE, AuditService, LEDGER_CONFIG],
      useFactory: (s: EventStore, a: AuditService, c: LedgerConfig) =>
        new CheckpointScheduler(s, () => a.verify(), c.checkpoints),
    },
    AuditResolver,
  ],
})
export class AuditModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(CheckpointScheduler) private readonly checkpoints: CheckpointScheduler) {}

  onModuleInit(): void {
    this.checkpoints.start();
  }

  onApplicationShutdown(): void {
    this.checkpoints.stop();
  }
}
