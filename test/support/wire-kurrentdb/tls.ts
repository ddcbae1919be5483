import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCertificates {
  caFile: string;
  key: Buffer;
  cert: Buffer;
  remove(): Promise<void>;
}

// A throwaway CA and a server certificate for 127.0.0.1 and localhost, made with the openssl
// command line (clients refuse a CA certificate used as the server's own).
export async function testCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(join(tmpdir(), 'wire-kurrentdb-'));
  const at = (f: string) => join(dir, f);
  const subject = (cn: string) => ['-subj', `/CN=${cn}`];
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.crt'),
    ...subject('wire-kurrentdb test CA'),
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    at('node.key'),
    '-out',
    at('node.csr'),
    ...subject('127.0.0.1'),
  ]);
  await writeFile(
    at('ext.cnf'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\n',
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('node.csr'),
    '-CA',
    at('ca.crt'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-out',
    at('node.crt'),
    '-extfile',
    at('ext.cnf'),
  ]);
  return {
    caFile: at('ca.crt'),
    key: await readFile(at('node.key')),
    cert: await readFile(at('node.crt')),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
