import { Server, ServerCredentials } from '@grpc/grpc-js';
import {
  ClusterInfo,
  EndPoint,
  MemberInfo,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_pb';
import { GossipService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_grpc_pb';
import { ServerFeaturesService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb';
import {
  SupportedMethod,
  SupportedMethods,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb';
import {
  StreamsService,
  type IStreamsServer,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb';
import { WireLog } from './log';
import { WireNode, type Cluster } from './node';
import { read } from './read-service';
import { testCertificates, type TestCertificates } from './tls';
import { uuid } from './wire';
import { append, batchAppend, remove } from './write-service';

export interface WireKurrentDbOptions {
  // Cluster size; node 0 leads at start.
  nodes?: number;
  // TLS with a throwaway CA (the connection string names its file); insecure when false.
  tls?: boolean;
  // Users and passwords; when given, every call must carry one of them (basic auth).
  users?: Record<string, string>;
  // Whether ServerFeatures advertises BatchAppend (the client then appends through it).
  batchAppend?: boolean;
}

// A KurrentDB for tests, spoken to over gRPC on loopback by the real client (its Node.js calls
// and its native bridge): Streams (Read, Append, BatchAppend, Delete, Tombstone), Gossip and
// ServerFeatures, from the service definitions the client package ships. Nodes share one log, so
// a leader change loses nothing; tests move the leadership, hold elections and inject faults.
export class WireKurrentDb implements Cluster {
  readonly log = new WireLog();
  readonly nodes: WireNode[] = [];
  readonly users: Record<string, string> | undefined;
  private readonly servers: Server[] = [];
  private certificates: TestCertificates | undefined;

  private constructor(private readonly options: WireKurrentDbOptions) {
    this.users = options.users;
  }

  static async start(options: WireKurrentDbOptions = {}): Promise<WireKurrentDb> {
    const db = new WireKurrentDb(options);
    if (options.tls) db.certificates = await testCertificates();
    for (let i = 0; i < (options.nodes ?? 1); i++) await db.listen(new WireNode(db, i));
    db.nodes[0].role = 'leader';
    return db;
  }

  leader(): WireNode | undefined {
    return this.nodes.find((n) => n.role === 'leader');
  }

  // Leadership moves to node `index`; the old leader stays up as a follower.
  elect(index: number): void {
    for (const n of this.nodes) if (n.role === 'leader') n.role = 'follower';
    this.nodes[index].role = 'leader';
  }

  // An election in progress: no node leads until `elect`.
  startElection(): void {
    for (const n of this.nodes) if (n.role === 'leader') n.role = 'follower';
  }

  // `credentials`: "user:password" put in the connection string.
  connectionString(credentials?: string): string {
    // By name under TLS: a client may not send an IP address as the TLS server name.
    const host = (n: WireNode) => (this.certificates ? 'localhost' : n.host);
    const hosts = this.nodes.map((n) => `${host(n)}:${n.port}`).join(',');
    const auth = credentials ? `${credentials}@` : '';
    const tls = this.certificates
      ? `tls=true&tlsCAFile=${encodeURIComponent(this.certificates.caFile)}`
      : 'tls=false';
    // The native bridge waits one discovery interval before its first call: kept short here.
    const cluster = this.nodes.length > 1 ? '&nodePreference=leader' : '';
    return `kurrentdb://${auth}${hosts}?${tls}${cluster}&discoveryInterval=10`;
  }

  // Ends every live subscription and batch stream, as a dropped connection does.
  dropConnections(): void {
    for (const n of this.nodes) n.dropOpenCalls();
  }

  async stop(): Promise<void> {
    this.dropConnections();
    for (const s of this.servers) s.forceShutdown();
    await this.certificates?.remove();
  }

  private async listen(node: WireNode): Promise<void> {
    const server = new Server();
    const streams: IStreamsServer = {
      read: (call) => read(node, call),
      append: (call, done) => append(node, call, done),
      batchAppend: (call) => batchAppend(node, call),
      delete: (call, done) => remove(node, false, call, done),
      tombstone: (call, done) => remove(node, true, call, done),
    };
    server.addService(StreamsService, streams);
    server.addService(ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, done: (e: null, r: SupportedMethods) => void) =>
        done(null, this.features()),
    });
    server.addService(GossipService, {
      read: (_call: unknown, done: (e: null, r: ClusterInfo) => void) => done(null, this.gossip()),
    });
    const credentials = this.certificates
      ? ServerCredentials.createSsl(null, [
          { private_key: this.certificates.key, cert_chain: this.certificates.cert },
        ])
      : ServerCredentials.createInsecure();
    node.port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', credentials, (err, port) =>
        err ? reject(err) : resolve(port),
      ),
    );
    this.servers.push(server);
    this.nodes.push(node);
  }

  private features(): SupportedMethods {
    const methods = ['Read', 'Append', 'Delete', 'Tombstone'];
    if (this.options.batchAppend !== false) methods.push('BatchAppend');
    return new SupportedMethods()
      .setEventStoreServerVersion('24.10.0')
      .setMethodsList(
        methods.map((m) =>
          new SupportedMethod()
            .setServiceName('event_store.client.streams.Streams')
            .setMethodName(m),
        ),
      );
  }

  private gossip(): ClusterInfo {
    const state = { leader: 8, follower: 6, 'not-ready': 4 } as const;
    return new ClusterInfo().setMembersList(
      this.nodes.map((n) =>
        new MemberInfo()
          .setInstanceId(uuid(n.instanceId, false))
          .setTimeStamp(String(Date.now() * 10_000))
          .setState(state[n.role])
          .setIsAlive(true)
          .setHttpEndPoint(new EndPoint().setAddress(n.host).setPort(n.port)),
      ),
    );
  }
}
