// The 24-hour chart on the night clocks go back: two local hours share a wall time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shapeBins } from '../../../src/features/usage/render/shapeBins';
import { binsFor, HOUR_MS } from '../../support/usageBins';

function inZone<T>(zone: string, fn: () => T): T {
  const saved = process.env.TZ;
  process.env.TZ = zone;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

describe('hourly bars across a clock change', () => {
  test('New York, 1 Nov 2026: the two 1 AM hours are told apart, and no hour reads 1:00 – 1:00', () => {
    // 12:30 UTC on 1 Nov: the window reaches back over 05:00Z (1 AM EDT) and 06:00Z (1 AM EST).
    const now = Date.UTC(2026, 10, 1, 12, 30);
    const model = inZone('America/New_York', () => shapeBins(binsFor('day', now, { steady: 5 }), { locale: 'en-US' }));
    const at = (ms: number) => model.months.find((m) => m.startDate === new Date(ms).toISOString())!;
    const first = at(Date.UTC(2026, 10, 1, 5));
    const second = at(Date.UTC(2026, 10, 1, 6));
    assert.notEqual(first.shortLabel, second.shortLabel, 'two bars, one label');
    assert.notEqual(first.longLabel, second.longLabel);
    const [from, to] = first.longLabel.split(', ').at(-1)!.split(' – ');
    assert.notEqual(from, to, `an hour that reads as no time: ${first.longLabel}`);
    // Hours away from the change read as before.
    assert.match(at(Date.UTC(2026, 10, 1, 11)).longLabel, /^Sun, Nov 1, 6:00\sAM – 7:00\sAM$/);
    assert.equal(new Set(model.months.map((m) => m.longLabel)).size, model.months.length, 'every hour reads differently');
  });

  test('Berlin, 25 Oct 2026: the same for the 2 AM hours', () => {
    const now = Date.UTC(2026, 9, 25, 10);
    const model = inZone('Europe/Berlin', () => shapeBins(binsFor('day', now, { steady: 5 }), { locale: 'en-US' }));
    const labels = model.months.map((m) => m.shortLabel);
    assert.equal(new Set(labels).size, labels.length, `a wall time twice: ${labels.join(', ')}`);
    assert.ok(model.months.every((m) => Date.parse(m.endDate!) - Date.parse(m.startDate!) <= HOUR_MS));
  });
});
