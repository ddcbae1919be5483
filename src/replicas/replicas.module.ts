import {
  Global,
  Inject,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { BACKGROUND_LEASE, LedgerLease, soleLease, type BackgroundLease } from '../ledger/lease';
import { RevocationsResolver } from './revocations.resolver';

// What N replicas over one KurrentDB share through the ledger (docs/kurrentdb.md): the lease under
// which one replica at a time runs background work, and revoking a token for all of them (the
// stream itself: api/auth/revocations.module.ts). A SQLite ledger has one owner: it holds the lease and keeps the file.
@Global()
@Module({
  providers: [
    {
      provide: BACKGROUND_LEASE,
      inject: [EVENT_STORE, LEDGER_CONFIG],
      useFactory: (store: EventStore, c: LedgerConfig): BackgroundLease => {
        if (c.store.kind !== 'kurrentdb') return soleLease();
        const log = new Logger('BackgroundLease');
        const lease = new LedgerLease(store, 'background', {
          ttlMs: c.replicas.leaseTtlMs,
          onChange: (held) =>
            log.log(
              held
                ? `background lease taken by ${lease.holder}: this replica runs background work`
                : `background lease left by ${lease.holder}`,
            ),
        });
        return lease;
      },
    },
    RevocationsResolver,
  ],
  exports: [BACKGROUND_LEASE],
})
export class ReplicasModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(BACKGROUND_LEASE) private readonly lease: BackgroundLease) {}

  async onApplicationBootstrap(): Promise<void> {
    this.lease.start();
  }

  // Handed over before the store closes: another replica takes the work at its next look.
  async beforeApplicationShutdown(): Promise<void> {
    await this.lease.stop();
  }
}
