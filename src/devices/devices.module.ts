import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { CLOCK, type Clock } from '../ledger/clock';
import { MatchProjector } from '../projections/match-projector';
import { DeviceStore } from './device-store';
import { DevicesResolver } from './devices.resolver';
import { EnrolmentService, TOKEN_ISSUER, type TokenIssuer } from './enrolment.service';
import { TABLE_PUSHES, type TablePushes } from './table-pushes';

// Devices at the tables: one-time enrolment codes, device tokens bound to a match or a table,
// their revocation, and the matches the desk pushes to tables.
@Module({
  providers: [
    {
      provide: DeviceStore,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => new DeviceStore(c.devices.file),
    },
    {
      provide: EnrolmentService,
      inject: [DeviceStore, TOKEN_ISSUER, CLOCK, LEDGER_CONFIG],
      useFactory: (s: DeviceStore, t: TokenIssuer, clock: Clock, c: LedgerConfig) =>
        new EnrolmentService(s, t, clock, c.devices.codeLifetimeSeconds),
    },
    {
      provide: TABLE_PUSHES,
      inject: [DeviceStore],
      useFactory: (s: DeviceStore): TablePushes => ({
        pushedMatch: (tableId) => s.pushed(tableId)?.matchId ?? null,
      }),
    },
    DevicesResolver,
  ],
  exports: [TABLE_PUSHES, EnrolmentService],
})
export class DevicesModule implements OnModuleInit, OnModuleDestroy {
  private stop: (() => void) | null = null;

  constructor(
    @Inject(MatchProjector) private readonly projector: MatchProjector,
    @Inject(EnrolmentService) private readonly enrolments: EnrolmentService,
    @Inject(DeviceStore) private readonly store: DeviceStore,
  ) {}

  // A match's devices end when it is signed off (as the ledger commits it, on every replica).
  onModuleInit(): void {
    this.stop = this.projector.onCommitted((batch) => {
      for (const e of batch.events)
        if (e.event.type === 'MatchSignedOff' && e.matchId) this.enrolments.endForMatch(e.matchId);
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
    this.store.close();
  }
}
