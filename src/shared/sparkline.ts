// A row of block characters for a series of amounts: a chart that fits in one line of a tooltip.
// Empty stays on the floor; any usage at all shows above it, so a quiet hour never looks like none.

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values.map((v) => (Number.isFinite(v) ? v : 0)));
  return values
    .map((v) => {
      if (!(v > 0) || max === 0) return BLOCKS[0]!;
      return BLOCKS[Math.max(1, Math.min(BLOCKS.length - 1, Math.ceil((v / max) * (BLOCKS.length - 1))))]!;
    })
    .join('');
}
