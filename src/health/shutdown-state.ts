import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';

// Set as soon as the application starts shutting down (SIGTERM), so readiness fails first and
// the orchestrator stops routing new requests here.
@Injectable()
export class ShutdownState implements BeforeApplicationShutdown {
  shuttingDown = false;

  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
  }
}
