import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dialRefusal, guardedLookup } from './target';

export interface SendResult {
  status: number | null;
  error: string | null;
}

// One POST, bounded in time as a whole; redirects are not followed (a 3xx is a failed attempt);
// the response body is read and discarded, at most 64 KiB of it.
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const refused = dialRefusal(target, opts.allowPrivate);
  if (refused) return Promise.resolve({ status: null, error: refused });
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(opts.allowPrivate) as never,
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) res.destroy();
        });
        const status = res.statusCode ?? 0;
        const finish = () =>
          done(
            status >= 200 && status < 300
              ? { status, error: null }
              : {
                  status,
                  error: status >= 300 && status < 400 ? 'redirect not followed' : `HTTP ${status}`,
                },
          );
        res.on('end', finish);
        res.on('close', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (err) => done({ status: null, error: err.message }));
    req.end(body);
  });
}
