// Chart benchmark: shaping and rendering 36 months × 50 API keys, the way the webview page does it
// (element tree, then markup), in Node so the figure does not depend on a browser's startup.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export default async function usageBench({ root, require, record }) {
  const out = (...p) => require(join(root, 'out', ...p));
  const { shapeHistory } = out('src', 'features', 'usage', 'render', 'shape.js');
  const { renderChart } = out('src', 'features', 'usage', 'render', 'chart.js');
  const { renderLegend } = out('src', 'features', 'usage', 'render', 'legend.js');
  const { renderTable } = out('src', 'features', 'usage', 'render', 'table.js');
  const { toMarkup } = out('src', 'features', 'usage', 'render', 'elements.js');

  const periods = [];
  for (let m = 0; m < 36; m++) {
    const start = new Date(Date.UTC(2023, 11 + m, 1)).toISOString();
    const end = m === 35 ? null : new Date(Date.UTC(2023, 12 + m, 1) - 1).toISOString();
    for (let k = 0; k < 50; k++) periods.push({ startDate: start, endDate: end, creditsUsed: ((m * 7919 + k * 104729) % 5000) + 10, apiKey: `Key ${k} <img src=x onerror=alert(1)>` });
  }
  const once = () => {
    const model = shapeHistory(periods, true, { planCredits: 100_000, locale: 'en-US' });
    const markup = toMarkup(renderChart(model, { width: 1200, height: 480, locale: 'en-US' })) + toMarkup(renderLegend(model, 'en-US')) + toMarkup(renderTable(model, 'en-US'));
    return markup.length;
  };
  for (let i = 0; i < 3; i++) once();
  const samples = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    once();
    samples.push(performance.now() - t0);
  }
  record('chart: shape + render 36 months × 50 keys (chart, legend, table)', 'ms', samples, { text: '≤ 100 ms', test: (v) => v <= 100 });

  // A hostile history: 6,000 rows, each its own month and key. Values stay sparse and keys beyond 50
  // fold into "Other", so neither time nor memory grows as months × keys.
  const wide = Array.from({ length: 6_000 }, (_, i) => ({ startDate: new Date(Date.UTC(2000, i, 1)).toISOString(), endDate: null, creditsUsed: i + 1, apiKey: `key ${i}` }));
  const wideSamples = [];
  let kept;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    kept = shapeHistory(wide, true, { locale: 'en-US' });
    wideSamples.push(performance.now() - t0);
  }
  const stored = kept.months.reduce((n, m) => n + Object.keys(m.values).length, 0);
  record('chart: shape 6,000 periods of 6,000 months and keys', 'ms', wideSamples, { text: '≤ 200 ms', test: (v) => v <= 200 }, `${kept.series.length} series; ${stored.toLocaleString('en-US')} values stored, not ${(kept.months.length * kept.series.length).toLocaleString('en-US')}`);
}
