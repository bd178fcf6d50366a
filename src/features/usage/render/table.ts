// The chart's numbers as a real <table>: one row per month, one column per key (legend order) and
// a total. Screen readers get row and column headers; nobody has to read colours.
import * as l10n from '@vscode/l10n';
import { formatExact, plural } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { planText } from './barText';
import { type ChartModel, type ChartUnit, inProgressLabel, keyCount } from './shape';
import { h, type VNode } from './elements';

/** The words that change with what one row covers. */
function unitText(unit: ChartUnit): { column: string; caption: string; all: string } {
  switch (unit) {
    case 'month':
      return { column: l10n.t({ message: 'Month', args: [], comment: ['table column header'] }), caption: l10n.t('Credits used per month, oldest to newest'), all: l10n.t('All months') };
    case 'day':
      return { column: l10n.t({ message: 'Day (UTC)', args: [], comment: ['table column header'] }), caption: l10n.t('Credits used per day, oldest to newest'), all: l10n.t('All days') };
    case 'hour':
      return { column: l10n.t({ message: 'Hour', args: [], comment: ['table column header'] }), caption: l10n.t('Credits used per hour, oldest to newest'), all: l10n.t('All hours') };
  }
}

export function renderTable(model: ChartModel, locale?: string): VNode {
  const number = (value: number) => formatExact(value, locale);
  const keyColumns = model.byApiKey ? model.series : [];
  const unit = unitText(model.unit);
  const keyTotal = keyCount(model.series);
  const keys = formatExact(keyTotal, locale);
  const what = model.byApiKey
    ? plural(keyTotal, l10n.t('Credits used per month and API key, oldest to newest ({0} key)', keys), l10n.t('Credits used per month and API key, oldest to newest ({0} keys)', keys))
    : unit.caption;
  const caption = model.plan !== undefined ? l10n.t({ message: '{0}. {1}', args: [what, planText(model, locale)], comment: ['table caption: what the table shows ({0}), then the plan ({1})'] }) : what;

  const head = h('tr', {}, [
    h('th', { scope: 'col' }, [unit.column]),
    // Cut short with an ellipsis past its width: the whole name on hover, as in the legend.
    ...keyColumns.map((s) => h('th', { scope: 'col', class: 'num', title: plainText(s.name, 200) }, [s.name])),
    h('th', { scope: 'col', class: 'num' }, [model.byApiKey ? l10n.t({ message: 'Total', args: [], comment: ['table column header: the credits of all API keys'] }) : l10n.t('Credits used')]),
  ]);
  const inProgress = inProgressLabel();
  const rows = model.months.map((month) =>
    h('tr', { class: month.partial ? 'partial' : undefined }, [
      h('th', { scope: 'row' }, month.partial ? [month.longLabel, ' ', h('span', { class: 'progress-tag' }, [month.partialLabel ?? inProgress])] : [month.longLabel]),
      ...keyColumns.map((s) => h('td', { class: 'num' }, [number(month.values[s.index] ?? 0)])),
      h('td', { class: 'num total' }, [number(month.total)]), // not localised: CSS classes
    ]),
  );
  const foot = h('tr', {}, [
    h('th', { scope: 'row' }, [unit.all]),
    ...keyColumns.map((s) => h('td', { class: 'num' }, [number(s.total)])),
    h('td', { class: 'num total' }, [number(model.grandTotal)]), // not localised: CSS classes
  ]);
  return h('table', { class: 'usage-table' }, [h('caption', {}, [caption]), h('thead', {}, [head]), h('tbody', {}, rows), h('tfoot', {}, [foot])]);
}
