import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { BACKGROUND_LEASE, type BackgroundLease } from '../ledger/lease';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { ReadModel } from '../projections/read-model';
import { MATCH_REPLAY, type MatchReplay } from '../kernel/match/match-replay.port';
import { METER, type Meter } from '../kernel/meter.port';
import { AuditResolver } from './audit.resolver';
import { AuditService } from './audit.service';
import { CheckpointScheduler } from './checkpoint-scheduler';
import { slicedScans, WorkerScans, type LedgerScans } from './ledger-scans';

const LEDGER_SCANS = Symbol('LEDGER_SCANS');

// Audit trail, hash-chain verification, time travel and re-adjudication over the ledger's
// store and read model; and, when configured, periodic signed checkpoints.
@Module({
  providers: [
    {
      provide: LEDGER_SCANS,
      inject: [EVENT_STORE, LEDGER_CONFIG],
      useFactory: (s: EventStore, c: LedgerConfig): LedgerScans =>
        c.store.kind === 'sqlite' ? new WorkerScans(c.store.ledgerFile) : slicedScans(s),
    },
    {
      provide: AuditService,
      inject: [EVENT_STORE, ReadModel, MATCH_REPLAY, METER, LEDGER_SCANS],
      useFactory: (
        s: EventStore,
        r: ReadModel,
        replay: MatchReplay,
        m: Meter,
        scans: LedgerScans,
      ) => new AuditService(s, r, replay, (ok) => m.verified(ok), scans),
    },
    {
      provide: CheckpointScheduler,
      inject: [EVENT_STORE, AuditService, LEDGER_CONFIG, BACKGROUND_LEASE],
      useFactory: (s: EventStore, a: AuditService, c: LedgerConfig, lease: BackgroundLease) =>
        new CheckpointScheduler(s, () => a.verify(), c.checkpoints, lease),
    },
    AuditResolver,
  ],
})
export class AuditModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(CheckpointScheduler) private readonly checkpoints: CheckpointScheduler,
    @Inject(LEDGER_SCANS) private readonly scans: LedgerScans,
  ) {}

  onModuleInit(): void {
    this.checkpoints.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.checkpoints.stop();
    await this.scans.close();
  }
}
