// Job id input benchmarks: the Track Deep Research Job box validates on every keystroke, and people
// paste whole logs. Parsing must stay linear, and a paste beyond what the box takes is refused
// before it is parsed.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export default async function idsBench({ root, require, record }) {
  const { findJobIds, parseJobIdInput } = require(join(root, 'out', 'src', 'shared', 'jobIds.js'));
  const { jobIdInputMessage } = require(join(root, 'out', 'src', 'features', 'research', 'model', 'jobIdInput.js'));
  const ids = (n) => Array.from({ length: n }, (_, i) => `${i.toString(16).padStart(8, '0')}-1d2a-4b5c-8d6e-7f8091a2b3c4`).join('\n');
  const time = (fn, rounds = 15) => {
    for (let i = 0; i < 3; i++) fn();
    const samples = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      fn();
      samples.push(performance.now() - t0);
    }
    return samples;
  };
  const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

  const tenThousand = ids(10_000);
  const thousand = ids(1_000);
  const none = () => false;
  record('job ids: one keystroke with 10,000 ids in the box (refused unparsed)', 'ms', time(() => jobIdInputMessage(tenThousand, none)), { text: '≤ 1 ms', test: (v) => v <= 1 });
  record('job ids: one keystroke with 1,000 ids (the most the box takes)', 'ms', time(() => jobIdInputMessage(thousand, none)), { text: '≤ 20 ms', test: (v) => v <= 20 });
  record('job ids: finding ids in a 10,000-id clipboard (first 200,000 characters)', 'ms', time(() => findJobIds(tenThousand)), { text: '≤ 50 ms', test: (v) => v <= 50 });
  // Linear: ten times the ids cost about ten times as long, never a hundred.
  const small = ids(500);
  const large = ids(5_000).slice(0, 40_000 * 5);
  const ratios = [];
  for (let round = 0; round < 7; round++) {
    const a = median(time(() => parseJobIdInput(small), 5));
    const b = median(time(() => findJobIds(large), 5));
    ratios.push(b / Math.max(a, 1e-6));
  }
  record('job ids: 5,000 ids / 500 ids, time ratio', '×', ratios, { text: '≤ 20 (linear)', test: (v) => v <= 20 });
}
