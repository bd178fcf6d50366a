// The chart's numbers as a real <table>: one row per month, one column per key (legend order) and
// a total. Screen readers get row and column headers; nobody has to read colours.
import { formatExact } from '../../../shared/format';
import { IN_PROGRESS, planText } from './barText';
import type { ChartModel, ChartUnit } from './shape';
import { h, type VNode } from './elements';

/** The words that change with what one row covers. */
const UNIT_TEXT: Record<ChartUnit, { column: string; caption: string; all: string }> = {
  month: { column: 'Month', caption: 'Credits used per month, oldest to newest', all: 'All months' },
  day: { column: 'Day (UTC)', caption: 'Credits used per day, oldest to newest', all: 'All days' },
  hour: { column: 'Hour', caption: 'Credits used per hour, oldest to newest', all: 'All hours' },
};

export function renderTable(model: ChartModel, locale?: string): VNode {
  const number = (value: number) => formatExact(value, locale);
  const keyColumns = model.byApiKey ? model.series : [];
  const unit = UNIT_TEXT[model.unit];
  const caption = model.byApiKey
    ? `Credits used per month and API key, oldest to newest (${model.series.length} keys)`
    : unit.caption;
  const planNote = model.plan !== undefined ? `. ${planText(model, locale)}` : '';

  const head = h('tr', {}, [
    h('th', { scope: 'col' }, [unit.column]),
    ...keyColumns.map((s) => h('th', { scope: 'col', class: 'num' }, [s.name])),
    h('th', { scope: 'col', class: 'num' }, [model.byApiKey ? 'Total' : 'Credits used']),
  ]);
  const rows = model.months.map((month) =>
    h('tr', { class: month.partial ? 'partial' : undefined }, [
      h('th', { scope: 'row' }, month.partial ? [month.longLabel, ' ', h('span', { class: 'progress-tag' }, [month.partialLabel ?? IN_PROGRESS])] : [month.longLabel]),
      ...keyColumns.map((s) => h('td', { class: 'num' }, [number(month.values[s.index] ?? 0)])),
      h('td', { class: 'num total' }, [number(month.total)]),
    ]),
  );
  const foot = h('tr', {}, [
    h('th', { scope: 'row' }, [unit.all]),
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
