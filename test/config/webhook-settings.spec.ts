import { ConfigurationError, loadConfig } from '../../src/config/configuration';

const base = { LEDGER_JWT_SECRET: 'test-secret-0123456789abcdef0123456789abcdef' };
const kurrent = {
  ...base,
  LEDGER_STORE: 'kurrentdb',
  KURRENTDB_CONNECTION_STRING: 'kurrentdb://127.0.0.1:2113?tls=false',
};
const HEX = 'ab'.repeat(32);
const B64 = Buffer.alloc(32, 7).toString('base64');

// LEDGER_WEBHOOK_SECRET_KEY seals the endpoints' signing secrets in the ledger (KurrentDB).
describe('webhook secret key settings', () => {
  it('reads keys of 32 bytes as hex or base64, the first first, and keeps a key file beside the outbox', () => {
    const c = loadConfig({
      ...base,
      LEDGER_WEBHOOK_SECRET_KEY: `${HEX}, ${B64}`,
      LEDGER_WEBHOOK_OUTBOX_FILE: '/vol/shared/webhooks.sqlite',
    }).live.webhooks;
    expect(c.secretKeys.map((k) => k.toString('hex'))).toEqual([
      HEX,
      Buffer.alloc(32, 7).toString('hex'),
    ]);
    expect(c.secretKeyFile).toBe('/vol/shared/webhook-secret-key');
  });

  it('refuses a key that is not 32 bytes, naming the setting and not the value', () => {
    for (const bad of ['ab'.repeat(16), 'not-a-key', Buffer.alloc(31).toString('base64')]) {
      let caught: unknown;
      try {
        loadConfig({ ...base, LEDGER_WEBHOOK_SECRET_KEY: bad });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ConfigurationError);
      expect(String(caught)).toMatch(/LEDGER_WEBHOOK_SECRET_KEY must be keys of 32 bytes/);
      expect(String(caught)).not.toContain(bad);
    }
  });

  it('production on KurrentDB needs a key; outside production, or on SQLite, none is asked for', () => {
    expect(() => loadConfig({ ...kurrent, NODE_ENV: 'production' })).toThrow(
      /LEDGER_WEBHOOK_SECRET_KEY is missing/,
    );
    expect(
      loadConfig({ ...kurrent, NODE_ENV: 'production', LEDGER_WEBHOOK_SECRET_KEY: HEX }).live
        .webhooks.secretKeys,
    ).toHaveLength(1);
    expect(loadConfig({ ...kurrent }).live.webhooks.secretKeys).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).live.webhooks.secretKeys).toEqual([]);
  });
});
