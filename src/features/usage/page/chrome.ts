// The page's fixed frame, built once: header, toolbar, status lines and the three data regions.
// Later renders only replace the contents of these regions, so toolbar focus survives updates.
import * as l10n from '@vscode/l10n';
import { perKeyUnavailable } from '../render/panelText';
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
  /** The status as shown; its words are announced through `announcer`, once per change. */
  status: HTMLElement;
  statusText: HTMLElement;
  /** The live region (hidden from sight) that says the status when it changes, not on every redraw. */
  announcer: HTMLElement;
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
function rangeLabels(): ReadonlyArray<readonly [UsageRange, string]> {
  return [
    ['months', l10n.t({ message: 'Months', args: [], comment: ['button: show credit usage per calendar month'] })],
    ['last30d', l10n.t({ message: '30 days', args: [], comment: ['button: show credit usage of the last 30 days, per day'] })],
    ['last7d', l10n.t({ message: '7 days', args: [], comment: ['button: show credit usage of the last 7 days, per day'] })],
    ['last24h', l10n.t({ message: '24 hours', args: [], comment: ['button: show credit usage of the last 24 hours, per hour'] })],
  ];
}

/** Buttons that stay pressed while their choice holds. */
function toggle(label: string, action: string, pressed: boolean, extra: Record<string, string> = {}): HTMLButtonElement {
  // not localised: CSS classes
  return button(label, action, { class: 'button toggle', 'aria-pressed': String(pressed), ...extra });
}

export function buildChrome(): Chrome {
  const balance = el('p', { class: 'balance' });
  const period = el('p', { class: 'period' });
  const balanceNote = el('p', { class: 'balance-note' });
  const updated = el('p', { class: 'updated' });
  const ranges = new Map(rangeLabels().map(([range, label]) => [range, toggle(label, 'range', range === 'months', { 'data-range': range })] as const));
  const rangeNote = el('p', { class: 'range-note', id: 'range-note', hidden: true }, [perKeyUnavailable()]);
  const total = toggle(l10n.t({ message: 'Total', args: [], comment: ['button: the credits of all API keys together, not per key'] }), 'total', true);
  const perKey = toggle(l10n.t('Per API key'), 'perKey', false);
  const chartToggle = toggle(l10n.t({ message: 'Chart', args: [], comment: ['button: show the usage as a bar chart'] }), 'chart', true);
  const tableToggle = toggle(l10n.t({ message: 'Table', args: [], comment: ['button: show the usage as a table'] }), 'table', false);
  const refresh = button(l10n.t({ message: 'Refresh', args: [], comment: ['button: load the usage again'] }), 'refresh');
  const copy = button(l10n.t('Copy as CSV'), 'copyCsv');
  const save = button(l10n.t('Save as CSV…'), 'saveCsv');
  const statusText = el('span', { class: 'status-text' });
  const statusAction = button('', 'statusAction', { class: 'button secondary' }); // not localised: CSS classes
  const status = el('div', { class: 'status' });
  status.append(statusText, statusAction);
  const announcer = el('div', { class: 'announcer', role: 'status' });
  const notice = el('div', { class: 'notice', role: 'status' });
  const chartBox = el('div', { class: 'chart-box' });
  const legendBox = el('div', { class: 'legend-box' });
  const chartView = el('section', { class: 'chart-view', 'aria-label': l10n.t({ message: 'Chart', args: [], comment: ['the region of the page that holds the bar chart'] }) });
  chartView.append(chartBox, legendBox);
  const tableView = el('section', { class: 'table-view', 'aria-label': l10n.t({ message: 'Table', args: [], comment: ['the region of the page that holds the table'] }), hidden: true });
  const empty = el('p', { class: 'empty', hidden: true });
  const data = el('div', { class: 'data' });
  data.append(chartView, tableView, empty);

  const header = el('header', { class: 'top' });
  const title = el('h1', {}, [l10n.t('Firecrawl credit usage')]);
  header.append(title, balance, period, balanceNote, updated);
  const toolbar = el('div', { class: 'toolbar' });
  const rangeGroup = el('div', { class: 'segmented', role: 'group', 'aria-label': l10n.t({ message: 'Range', args: [], comment: ['the group of buttons that choose how far back the usage goes'] }) });
  rangeGroup.append(...ranges.values());
  const breakdown = el('div', { class: 'segmented', role: 'group', 'aria-label': l10n.t({ message: 'Breakdown', args: [], comment: ['the group of buttons that choose total or per API key'] }) });
  breakdown.append(total, perKey);
  const view = el('div', { class: 'segmented', role: 'group', 'aria-label': l10n.t({ message: 'View', args: [], comment: ['the group of buttons that choose chart or table'] }) });
  view.append(chartToggle, tableToggle);
  const actions = el('div', { class: 'actions', role: 'group', 'aria-label': l10n.t({ message: 'Actions', args: [], comment: ['the group of buttons Refresh, Copy as CSV and Save as CSV'] }) });
  actions.append(refresh, copy, save);
  toolbar.append(rangeGroup, breakdown, view, actions);

  const root = el('main', { class: 'usage' });
  root.append(header, toolbar, rangeNote, status, announcer, notice, data);
  return {
    root,
    balance,
    period,
    balanceNote,
    updated,
    ranges,
    rangeNote,
    total,
    perKey,
    chartToggle,
    tableToggle,
    refresh,
    copy,
    save,
    status,
    statusText,
    statusAction,
    announcer,
    notice,
    data,
    chartView,
    chartBox,
    legendBox,
    tableView,
    empty,
  };
}
