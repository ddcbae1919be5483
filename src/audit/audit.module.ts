import { Module } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { ReadModel } from '../projections/read-model';
import { AuditResolver } from './audit.resolver';
import { AuditService } from './audit.service';

// Audit trail, hash-chain verification, time travel and re-adjudication over the ledger's
// store and read model.
@Module({
  providers: [
    {
      provide: AuditService,
      inject: [EVENT_STORE, ReadModel],
      useFactory: (s: EventStore, r: ReadModel) => new AuditService(s, r),
    },
    AuditResolver,
  ],
})
export class AuditModule {}
