import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Set as soon as the application starts shutting down (SIGTERM), so readiness fails first and
// the orchestrator stops routing new requests here. Also counts the writes in flight, so a
// shutdown lets them finish before the store closes.
@Injectable()
export class ShutdownState implements BeforeApplicationShutdown {
  shuttingDown = false;
  // Set once the listener is closed: every response then closes its connection.
  closingConnections = false;
  private writesInFlight = 0;
  private lastRequestAt = 0;
  private begunAt = 0;

  begin(): void {
    this.shuttingDown = true;
    this.begunAt = Date.now();
  }

  closeConnections(): void {
    this.closingConnections = true;
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

  // Resolves once no write is in flight and either no request has come for `quietMs` (clients
  // still sending get their refusal instead of a closed socket) or `graceMs` has passed since the
  // shutdown began (steady traffic never goes quiet); after `maxMs` whatever the state.
  async drained(quietMs: number, graceMs: number, maxMs: number): Promise<boolean> {
    const deadline = Date.now() + maxMs;
    const graceEnds = (this.begunAt || Date.now()) + graceMs;
    while (Date.now() < deadline) {
      const settled = Date.now() - this.lastRequestAt >= quietMs || Date.now() >= graceEnds;
      if (this.writesInFlight === 0 && settled) return true;
      await sleep(20);
    }
    return this.writesInFlight === 0;
  }

  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
  }
}
