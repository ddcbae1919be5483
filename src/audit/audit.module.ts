import { Module } from '@nestjs/common';
import { AuditResolver } from '../api/graphql/audit.resolver';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchesModule } from '../matches/matches.module';
import { ReadModel } from '../projections/read-model';
import { AuditService } from './audit.service';

// Audit trail, hash-chain verification, time travel and re-adjudication over the same store and
// read model the matches module owns.
@Module({
  imports: [MatchesModule],
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
