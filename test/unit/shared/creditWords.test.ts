import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CreditUsage } from '../../../src/api';
import { balanceText } from '../../../src/shared/creditWords';
import { presentCredits } from '../../../src/features/credits/ui/statusBarText';
import { describePanel } from '../../../src/features/usage/render/panelText';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const cases: [remaining: number, plan: number | null, words: string][] = [
  [12_345, 100_000, '12,345 of 100,000 credits remaining'],
  [150_000, 100_000, '150,000 credits remaining (plan 100,000, plus packs or grants)'],
  [1, 0, '1 credit remaining (plan 0, plus packs or grants)'],
  [-1_234, 100_000, 'Over plan by 1,234 credits (plan 100,000)'],
  [-1, 100, 'Over plan by 1 credit (plan 100)'],
  [4_321, null, '4,321 credits remaining'],
  [1, null, '1 credit remaining'],
  [-20, null, 'Over by 20 credits'],
  [-0.4, 100_000, '0 of 100,000 credits remaining'],
  [-0.6, null, 'Over by 1 credit'],
];

describe('balanceText', () => {
  test('every kind of balance in words, singular and plural', () => {
    for (const [remaining, plan, words] of cases) assert.equal(balanceText(remaining, plan, 'en-US'), words);
  });

  test('the mark wraps the number alone, so the words stay one message', () => {
    const bold = (n: string) => `**${n}**`;
    assert.equal(balanceText(12_345, 100_000, 'en-US', bold), '**12,345** of 100,000 credits remaining');
    assert.equal(balanceText(-20, null, 'en-US', bold), 'Over by **20** credits');
  });

  test('the status bar tooltip, its screen-reader label and the usage panel say the same balance', () => {
    for (const [remainingCredits, planCredits, words] of cases) {
      const usage: CreditUsage = { remainingCredits, planCredits, billingPeriodStart: null, billingPeriodEnd: null };
      const bar = presentCredits(
        { loading: false, snapshot: { usage, fetchedAt: NOW } },
        { now: NOW, locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false } },
      );
      // The label may add the level (", running low") after the same words.
      assert.equal(bar.accessibilityLabel.replace(/, (running|critically) low$/, ''), `Firecrawl: ${words}`);
      assert.equal(bar.tooltip.split('\n')[2]?.replace(/\*\*/g, ''), words);
      const panel = describePanel({
        range: 'months',
        byApiKey: false,
        locale: 'en-US',
        now: NOW,
        loading: false,
        credits: { remainingCredits, planCredits, billingPeriodStart: null, billingPeriodEnd: null, fetchedAt: NOW, stale: false },
      });
      assert.equal(panel.balance, words);
    }
  });
});
