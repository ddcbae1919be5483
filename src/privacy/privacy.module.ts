import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { BACKGROUND_LEASE, type BackgroundLease } from '../ledger/lease';
import { ORIGIN_SINK } from '../kernel/origin-sink';
import { OriginLog } from './origin-log';
import { PrivacyResolver } from './privacy.resolver';

// The erasable origin log (client address and agent of each write) and who may read it.
@Global()
@Module({
  providers: [
    {
      provide: OriginLog,
      inject: [LEDGER_CONFIG, BACKGROUND_LEASE],
      useFactory: (c: LedgerConfig, lease: BackgroundLease) =>
        new OriginLog(
          c.privacy.personalDataFile,
          c.privacy.originRetentionDays,
          Date.now,
          () => lease.held,
        ),
    },
    // The kernel's port the write paths record origins through.
    { provide: ORIGIN_SINK, useExisting: OriginLog },
    PrivacyResolver,
  ],
  exports: [OriginLog, ORIGIN_SINK],
})
export class PrivacyModule implements OnApplicationShutdown {
  constructor(@Inject(OriginLog) private readonly origins: OriginLog) {}

  onApplicationShutdown(): void {
    this.origins.close();
  }
}
