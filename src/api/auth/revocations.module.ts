import {
  Global,
  Inject,
  Module,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../../config/configuration';
import { EVENT_STORE, type EventStore } from '../../ledger/event-store';
import { RevocationStream } from './revocation-stream';
import { TokenService } from './tokens';

// Token revocations as a stream every replica reads (docs/kurrentdb.md), on KurrentDB; a SQLite
// ledger has one server and keeps its revocation file alone.
@Global()
@Module({
  providers: [
    {
      provide: RevocationStream,
      inject: [EVENT_STORE, LEDGER_CONFIG, TokenService],
      useFactory: (store: EventStore, c: LedgerConfig, tokens: TokenService) =>
        c.store.kind === 'kurrentdb' && tokens.revocations
          ? new RevocationStream(store, tokens.revocations, c.auth.revocationPollMs)
          : null,
    },
  ],
  exports: [RevocationStream],
})
export class RevocationsModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Optional() @Inject(RevocationStream) private readonly revocations: RevocationStream | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.revocations?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.revocations?.stop();
  }
}
