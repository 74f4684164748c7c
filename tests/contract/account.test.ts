import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, startService, type AccountName } from './harness';

let env: Awaited<ReturnType<typeof startService>>;

beforeAll(async () => {
  env = await startService();
});
afterAll(() => env.service.close());

describe('the account', () => {
  it.each<[AccountName, string | null, number | 'unlimited' | null]>([
    ['ada', 'Unlimited', 'unlimited'],
    ['bob', 'Small', 2],
  ])('reads %s’s own account and plan', async (who, planName, reportsPerMonth) => {
    const account = await env.apiFor(who).getAccount();
    const expected = env.service.accounts.find((a) => a.email === ACCOUNTS[who].email)!;
    expect(account).toEqual({ id: expected.id, name: ACCOUNTS[who].name, email: ACCOUNTS[who].email, planName, reportsPerMonth });
  });

  it('shows each key its own account', async () => {
    const [ada, bob] = await Promise.all([env.apiFor('ada').getAccount(), env.apiFor('bob').getAccount()]);
    expect(ada.id).not.toBe(bob.id);
  });
});
