// The chart's numbers as a real <table>: one row per month, one column per key (legend order) and
// a total. Screen readers get row and column headers; nobody has to read colours.
import { formatExact } from '../../../shared/format';
import { IN_PROGRESS } from './barText';
import type { ChartModel } from './shape';
import { h, type VNode } from './elements';

export function renderTable(model: ChartModel, locale?: string): VNode {
  const number = (value: number) => formatExact(value, locale);
  const keyColumns = model.byApiKey ? model.series : [];
  const caption = model.byApiKey
    ? `Credits used per month and API key, oldest to newest (${model.series.length} keys)`
    : 'Credits used per month, oldest to newest';
  const planNote = model.plan !== undefined ? `. Plan: ${number(model.plan)} credits per billing period` : '';

  const head = h('tr', {}, [
    h('th', { scope: 'col' }, ['Month']),
    ...keyColumns.map((s) => h('th', { scope: 'col', class: 'num' }, [s.name])),
    h('th', { scope: 'col', class: 'num' }, [model.byApiKey ? 'Total' : 'Credits used']),
  ]);
  const rows = model.months.map((month) =>
    h('tr', { class: month.partial ? 'partial' : undefined }, [
      h('th', { scope: 'row' }, month.partial ? [month.longLabel, ' ', h('span', { class: 'progress-tag' }, [IN_PROGRESS])] : [month.longLabel]),
      ...keyColumns.map((s) => h('td', { class: 'num' }, [number(month.values[s.index] ?? 0)])),
      h('td', { class: 'num total' }, [number(month.total)]),
    ]),
  );
  const foot = h('tr', {}, [
    h('th', { scope: 'row' }, ['All months']),
    ...keyColumns.map((s) => h('td', { class: 'num' }, [number(s.total)])),
    h('td', { class: 'num total' }, [number(model.grandTotal)]),
  ]);
  return h('table', { class: 'usage-table' }, [
    h('caption', {}, [caption + planNote]),
    h('thead', {}, [head]),
    h('tbody', {}, rows),
    h('tfoot', {}, [foot]),
  ]);
}
