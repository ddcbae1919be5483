import type { EventStore } from './event-store';

// Which store holds the ledger, as the settings give it.
export type StoreConfig =
  | { kind: 'sqlite'; ledgerFile: string; synchronous: 'FULL' | 'NORMAL' }
  | { kind: 'kurrentdb'; connectionString: string; timeoutMs: number };

// The ports the ledger module declares and the application provides (the settings, the metrics),
// so the ledger imports nothing above it.
export const STORE_CONFIG = Symbol('STORE_CONFIG');
// Wraps the store the module provides (the application times appends into its metrics).
export const STORE_DECORATOR = Symbol('STORE_DECORATOR');
export type StoreDecorator = (store: EventStore) => EventStore;
