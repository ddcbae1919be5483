import { CostBudget } from '../../src/kernel/graphql/cost';

// Rate limiting counts the work asked for, not the number of requests.
describe('CostBudget', () => {
  it('refuses a client whose operations would exceed its points in the window, then lets it in again', () => {
    let now = 0;
    const budget = new CostBudget(10_000, 60_000, () => now);
    for (let i = 0; i < 2; i++) budget.spend('ip:1', 5000);
    expect(() => budget.spend('ip:1', 1)).toThrow(/Too much work asked for: 10001 of 10000/);
    // Another client has its own budget; a thousand cheap requests fit where two heavy ones did.
    for (let i = 0; i < 1000; i++) budget.spend('sub:ana', 10);
    now = 60_000;
    expect(() => budget.spend('ip:1', 5000)).not.toThrow();
  });
});
