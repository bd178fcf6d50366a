// The page's fixed frame, built once: header, toolbar, status lines and the three data regions.
// Later renders only replace the contents of these regions, so toolbar focus survives updates.
import { PER_KEY_UNAVAILABLE } from '../render/panelText';
import type { UsageRange } from '../protocol';
import { el } from './dom';

export interface Chrome {
  root: HTMLElement;
  balance: HTMLElement;
  period: HTMLElement;
  balanceNote: HTMLElement;
  updated: HTMLElement;
  /** Months, 30 days, 7 days, 24 hours. */
  ranges: Map<UsageRange, HTMLButtonElement>;
  /** Says why Per API key cannot be pressed outside the months. */
  rangeNote: HTMLElement;
  total: HTMLButtonElement;
  perKey: HTMLButtonElement;
  chartToggle: HTMLButtonElement;
  tableToggle: HTMLButtonElement;
  refresh: HTMLButtonElement;
  copy: HTMLButtonElement;
  save: HTMLButtonElement;
  status: HTMLElement;
  statusText: HTMLElement;
  statusAction: HTMLButtonElement;
  notice: HTMLElement;
  data: HTMLElement;
  chartView: HTMLElement;
  chartBox: HTMLElement;
  legendBox: HTMLElement;
  tableView: HTMLElement;
  empty: HTMLElement;
}

function button(label: string, action: string, extra: Record<string, string> = {}): HTMLButtonElement {
  return el('button', { type: 'button', class: 'button', 'data-action': action, ...extra }, [label]);
}

/** The range buttons, in the order they are offered. */
const RANGE_LABELS: ReadonlyArray<readonly [UsageRange, string]> = [
  ['months', 'Months'],
  ['last30d', '30 days'],
  ['last7d', '7 days'],
  ['last24h', '24 hours'],
];

export function buildChrome(): Chrome {
  const balance = el('p', { class: 'balance' });
  const period = el('p', { class: 'period' });
  const balanceNote = el('p', { class: 'balance-note' });
  const updated = el('p', { class: 'updated' });
  const ranges = new Map(RANGE_LABELS.map(([range, label]) => [range, button(label, 'range', { class: 'button toggle', 'aria-pressed': String(range === 'months'), 'data-range': range })] as const));
  const rangeNote = el('p', { class: 'range-note', id: 'range-note', hidden: true }, [PER_KEY_UNAVAILABLE]);
  const total = button('Total', 'total', { class: 'button toggle', 'aria-pressed': 'true' });
  const perKey = button('Per API key', 'perKey', { class: 'button toggle', 'aria-pressed': 'false' });
  const chartToggle = button('Chart', 'chart', { class: 'button toggle', 'aria-pressed': 'true' });
  const tableToggle = button('Table', 'table', { class: 'button toggle', 'aria-pressed': 'false' });
  const refresh = button('Refresh', 'refresh');
  const copy = button('Copy as CSV', 'copyCsv');
  const save = button('Save as CSV…', 'saveCsv');
  const statusText = el('span', { class: 'status-text' });
  const statusAction = button('', 'statusAction', { class: 'button secondary' });
  const status = el('div', { class: 'status', role: 'status' });
  status.append(statusText, statusAction);
  const notice = el('div', { class: 'notice', role: 'status' });
  const chartBox = el('div', { class: 'chart-box' });
  const legendBox = el('div', { class: 'legend-box' });
  const chartView = el('section', { class: 'chart-view', 'aria-label': 'Chart' });
  chartView.append(chartBox, legendBox);
  const tableView = el('section', { class: 'table-view', 'aria-label': 'Table', hidden: true });
  const empty = el('p', { class: 'empty', hidden: true });
  const data = el('div', { class: 'data' });
  data.append(chartView, tableView, empty);

  const header = el('header', { class: 'top' });
  const title = el('h1', {}, ['Firecrawl credit usage']);
  header.append(title, balance, period, balanceNote, updated);
  const toolbar = el('div', { class: 'toolbar' });
  const rangeGroup = el('div', { class: 'segmented', role: 'group', 'aria-label': 'Range' });
  rangeGroup.append(...ranges.values());
  const breakdown = el('div', { class: 'segmented', role: 'group', 'aria-label': 'Breakdown' });
  breakdown.append(total, perKey);
  const view = el('div', { class: 'segmented', role: 'group', 'aria-label': 'View' });
  view.append(chartToggle, tableToggle);
  const actions = el('div', { class: 'actions', role: 'group', 'aria-label': 'Actions' });
  actions.append(refresh, copy, save);
  toolbar.append(rangeGroup, breakdown, view, actions);

  const root = el('main', { class: 'usage' });
  root.append(header, toolbar, rangeNote, status, notice, data);
  return { root, balance, period, balanceNote, updated, ranges, rangeNote, total, perKey, chartToggle, tableToggle, refresh, copy, save, status, statusText, statusAction, notice, data, chartView, chartBox, legendBox, tableView, empty };
}
