import type { Endpoint, WebhookOutbox } from './outbox';

// Where a server finds the registered endpoints: the outbox's file on a SQLite ledger (one
// server), the ledger's registration stream on KurrentDB (every replica; registration-stream.ts).
export interface EndpointRegistry {
  start(): Promise<void>;
  stop(): Promise<void>;
  // Catches up with registrations made elsewhere; resolves at once for the file.
  sync(): Promise<void>;
  // Whether sync() reads anything: the feed's batches then wait for it before they are enqueued.
  readonly shared: boolean;
  endpoints(): Endpoint[];
  endpoint(id: string): Endpoint | null;
  // Whether it has heard of the endpoint at all, registered or removed (a delivery to one it has
  // not heard of waits instead of failing as removed).
  knows(id: string): boolean;
  add(endpoint: Endpoint): Promise<void>;
  // false: no such endpoint (or already removed).
  remove(id: string, at: string): Promise<boolean>;
}

export class FileRegistry implements EndpointRegistry {
  readonly shared = false;

  constructor(private readonly outbox: WebhookOutbox) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }

  sync(): Promise<void> {
    return Promise.resolve();
  }

  endpoints(): Endpoint[] {
    return this.outbox.endpoints();
  }

  endpoint(id: string): Endpoint | null {
    return this.outbox.endpoint(id);
  }

  // The file is the whole registry: one it does not list was removed.
  knows(): boolean {
    return true;
  }

  add(endpoint: Endpoint): Promise<void> {
    this.outbox.addEndpoint(endpoint);
    return Promise.resolve();
  }

  remove(id: string, at: string): Promise<boolean> {
    return Promise.resolve(this.outbox.removeEndpoint(id, at));
  }
}
