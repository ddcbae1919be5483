import { Agent, request } from 'node:http';

// GraphQL over plain HTTP/1.1 with keep-alive sockets: node:http rather than fetch, so that the
// load generator, which shares the cores with the server, spends as little as it can per request.

// A browser's user agent, as a scorer's tablet would send (it is stored with each write).
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface GqlReply {
  status: number;
  data: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export class GqlHttp {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(url: string, sockets: number) {
    this.url = new URL(url);
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  post(query: string, variables: Record<string, unknown>, token: string): Promise<GqlReply> {
    return this.send(JSON.stringify({ query, variables }), token, true);
  }

  private send(body: string, token: string, retry: boolean): Promise<GqlReply> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent: this.agent,
          hostname: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
            'user-agent': USER_AGENT,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            try {
              const parsed = JSON.parse(text) as Omit<GqlReply, 'status'>;
              resolve({ ...parsed, status: res.statusCode ?? 0, data: parsed.data ?? null });
            } catch {
              resolve({ status: res.statusCode ?? 0, data: null, errors: [{ message: text }] });
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // The server may close an idle kept-alive socket as it is reused: sent again once, which
        // a write's commandId makes safe (a retried command appends nothing twice).
        if (retry && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE'))
          resolve(this.send(body, token, false));
        else reject(err);
      });
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
