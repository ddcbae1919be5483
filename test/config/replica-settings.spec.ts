import { ConfigurationError, loadConfig } from '../../src/config/configuration';

const base = { LEDGER_JWT_SECRET: 'test-secret-0123456789abcdef0123456789abcdef' };

// LEDGER_REPLICAS: the rate and cost limits are the deployment's; each replica enforces its share.
describe('replica settings', () => {
  it('divides the rate and cost limits by the replica count (at least 1 each)', () => {
    const one = loadConfig({ ...base, LEDGER_RATE_LIMIT: '600', LEDGER_RATE_COST_LIMIT: '50000' });
    expect([one.limits.rateLimit, one.limits.rateCostLimit, one.replicas.count]).toEqual([
      600, 50_000, 1,
    ]);
    const three = loadConfig({
      ...base,
      LEDGER_REPLICAS: '3',
      LEDGER_RATE_LIMIT: '600',
      LEDGER_RATE_COST_LIMIT: '50000',
    });
    expect([three.limits.rateLimit, three.limits.rateCostLimit]).toEqual([200, 16_666]);
    expect(
      loadConfig({ ...base, LEDGER_REPLICAS: '64', LEDGER_RATE_LIMIT: '10' }).limits.rateLimit,
    ).toBe(1);
  });

  it('has bounded defaults for the read wait and the lease, and refuses nonsense', () => {
    const c = loadConfig(base);
    expect(c.replicas).toEqual({ count: 1, readWaitMs: 5000, leaseTtlMs: 15_000 });
    expect(() => loadConfig({ ...base, LEDGER_REPLICAS: '0' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ ...base, LEDGER_READ_WAIT_MS: 'soon' })).toThrow(
      /LEDGER_READ_WAIT_MS/,
    );
    expect(() => loadConfig({ ...base, LEDGER_LEASE_TTL_MS: '10' })).toThrow(/LEDGER_LEASE_TTL_MS/);
  });
});
