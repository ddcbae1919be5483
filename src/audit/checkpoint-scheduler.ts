import { Logger } from '@nestjs/common';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointSettings } from '../config/checkpoint-settings';
import type { EventStore } from '../ledger/event-store';
import type { BackgroundLease } from '../ledger/lease';
import { checkpointFileName, currentCheckpoint, signCheckpoint } from './checkpoint';
import type { Verification } from '../ledger/ledger-verifier';

// Signs a checkpoint every `intervalMs` when the ledger verifies and has moved since the last one.
export class CheckpointScheduler {
  private timer: NodeJS.Timeout | null = null;
  private lastPosition: string | null | undefined;
  private readonly log = new Logger('Checkpoints');

  constructor(
    private readonly store: EventStore,
    private readonly verify: () => Promise<Verification>,
    private readonly settings: CheckpointSettings,
    // Replicas sign one at a time: only the holder of the background lease.
    private readonly lease?: BackgroundLease,
  ) {}

  start(): void {
    if (this.settings.intervalMs === 0) return;
    if (!existsSync(this.settings.keyFile)) {
      this.log.warn(`no checkpoint key at ${this.settings.keyFile}: periodic checkpoints are off`);
      return;
    }
    const key = createPrivateKey(readFileSync(this.settings.keyFile));
    this.timer = setInterval(() => void this.sign(key), this.settings.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async sign(key: KeyObject): Promise<void> {
    if (this.lease && !this.lease.held) return;
    try {
      const v = await this.verify();
      if (!v.ok) {
        this.log.error(
          `no checkpoint signed: the ledger does not verify (${v.breaks.length} breaks)`,
        );
        return;
      }
      const checkpoint = await currentCheckpoint(this.store, new Date());
      // Nothing to sign in an empty ledger, nor again when it has not moved.
      if (checkpoint.position === null || checkpoint.position === this.lastPosition) return;
      // The verification took a while: a lease lost meanwhile is another replica's turn now.
      if (this.lease && !this.lease.held) return;
      mkdirSync(this.settings.directory, { recursive: true });
      const file = join(this.settings.directory, checkpointFileName(checkpoint));
      writeFileSync(file, `${JSON.stringify(signCheckpoint(checkpoint, key), null, 2)}\n`);
      this.lastPosition = checkpoint.position;
      this.log.log(
        `checkpoint signed at ${checkpoint.position} by ${this.lease?.holder ?? 'this server'}`,
      );
    } catch (err) {
      this.log.error(`checkpoint failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
