import type { Metadata, ServiceError } from '@grpc/grpc-js';
import type { WireLog } from './log';
import { errors } from './wire';

// What a node is in the cluster. An election leaves no leader for a while; a node that is not
// ready (starting, catching up) refuses what needs it.
export type Role = 'leader' | 'follower' | 'not-ready';

// A fault injected for the next writes a node takes:
// - 'not-ready', 'too-busy', 'no-leader': the node does not handle the write (nothing lands);
// - 'drop-before': the connection drops before the write reaches the log (nothing lands);
// - 'drop-after': the write lands, then the connection drops before the answer (it landed).
export type WriteFault = 'not-ready' | 'too-busy' | 'no-leader' | 'drop-before' | 'drop-after';

// The cluster a node belongs to: the shared log, who leads, and the users it knows.
export interface Cluster {
  readonly log: WireLog;
  leader(): WireNode | undefined;
  readonly users: Readonly<Record<string, string>> | undefined;
}

export class WireNode {
  role: Role = 'follower';
  port = 0;
  readonly host = '127.0.0.1';
  readonly instanceId: string;
  private fault: WriteFault | undefined;
  private faultsLeft = 0;
  // Calls to end when the node drops its connections (live subscriptions, batch streams).
  private readonly open = new Set<(err: ServiceError) => void>();
  // Every call's path and the headers that matter to the tests.
  readonly calls: { path: string; requiresLeader: boolean; authorization?: string }[] = [];

  constructor(
    readonly cluster: Cluster,
    readonly index: number,
  ) {
    this.instanceId = `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
  }

  // The next `times` writes this node takes meet `fault`.
  failNextWrite(fault: WriteFault, times = 1): void {
    this.fault = fault;
    this.faultsLeft = times;
  }

  takeFault(): WriteFault | undefined {
    if (this.faultsLeft <= 0) return undefined;
    this.faultsLeft -= 1;
    return this.fault;
  }

  // Registers an open call; returns its deregistration.
  track(end: (err: ServiceError) => void): () => void {
    this.open.add(end);
    return () => this.open.delete(end);
  }

  // Ends every open call with UNAVAILABLE, as a node does when its connections drop.
  dropOpenCalls(): void {
    for (const end of [...this.open]) end(errors.unavailable());
    this.open.clear();
  }

  // Credentials first (when the cluster has users), then whether this node may serve the call.
  // `roles: false` leaves the node's role to the call (BatchAppend checks it per write).
  admit(path: string, metadata: Metadata, roles = true): ServiceError | null {
    const requiresLeader = metadata.get('requires-leader')[0] === 'true';
    const authorization = metadata.get('authorization')[0]?.toString();
    this.calls.push({ path, requiresLeader, ...(authorization ? { authorization } : {}) });
    const users = this.cluster.users;
    if (users) {
      const [scheme, token] = (authorization ?? '').split(' ');
      const [user, ...rest] = Buffer.from(token ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (scheme !== 'Basic' || users[user] === undefined || users[user] !== rest.join(':'))
        return errors.unauthenticated();
    }
    if (!roles) return null;
    if (this.role === 'not-ready') return errors.notReady();
    if (requiresLeader && this.role !== 'leader') return this.notLeader();
    return null;
  }

  // A leader-only request on another node: where the leader is, or that none is known.
  notLeader(): ServiceError {
    const leader = this.cluster.leader();
    return leader ? errors.notLeader(leader.host, leader.port) : errors.noLeaderInfo();
  }
}
