import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Set as soon as the application starts shutting down (SIGTERM), so readiness fails first and
// the orchestrator stops routing new requests here. Also counts the writes in flight, so a
// shutdown lets them finish before the store closes.
@Injectable()
export class ShutdownState implements BeforeApplicationShutdown {
  shuttingDown = false;
  private writesInFlight = 0;
  private lastRequestAt = 0;

  begin(): void {
    this.shuttingDown = true;
  }

  request(): void {
    this.lastRequestAt = Date.now();
  }

  writeStarted(): void {
    this.writesInFlight += 1;
  }

  writeEnded(): void {
    this.writesInFlight -= 1;
  }

  get inFlight(): number {
    return this.writesInFlight;
  }

  // Resolves once no write is in flight and no request has come for `quietMs` (clients still
  // sending get their refusal instead of a closed socket), or after `maxMs` whatever the state.
  async drained(quietMs: number, maxMs: number): Promise<boolean> {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline) {
      if (this.writesInFlight === 0 && Date.now() - this.lastRequestAt >= quietMs) return true;
      await sleep(20);
    }
    return this.writesInFlight === 0;
  }

  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
  }
}
