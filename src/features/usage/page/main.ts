// The credit usage page inside the webview. It renders what the host sends and asks the host for
// everything else (data, clipboard, files, commands): it has no network access and never sees the
// API key. Its own choices and the last state are kept with setState, so hiding, reloading and a
// window restart show the chart at once while the host refreshes behind it.
import * as l10n from '@vscode/l10n';
import { billingPeriod } from '../../../shared/billingPeriod';
import { type ChartFocus, fitPlanLabel, followFocus, renderChart } from '../render/chart';
import { describeMonth, describeSegment, planLabels } from '../render/barText';
import { renderLegend } from '../render/legend';
import { describePanel, loadingText, rangeText } from '../render/panelText';
import { isHostMessage, type PageCommand, type PageMessage, type PanelState, panelStateProblem, readSavedState, type SavedPageState, type UsageRange, USAGE_RANGES, withRestored } from '../protocol';
import { type ChartModel, shapeHistory } from '../render/shape';
import { shapeBins } from '../render/shapeBins';
import { renderTable } from '../render/table';
import { buildChrome } from './chrome';
import { mount } from './dom';
import { findTarget, moveFocus, nextTarget, targetOf } from './keyboard';
import { useHostLanguage } from './language';
import { type Anchor, hideTooltip, showTooltip } from './tooltip';
import { vscodeApi } from './vscodeApi';

const CHART_HEIGHT = 320;
const MIN_CHART_WIDTH = 160;
const NOTICE_MS = 6_000;

const api = vscodeApi();
// First, before any word is rendered.
const language = useHostLanguage();
const ui = buildChrome();
document.body.appendChild(ui.root);

const initial = api.getState();
let saved: SavedPageState = readSavedState(initial);
/** Whether the breakdown is the page's own choice; a fresh page takes the host's instead. */
let chosen = initial !== undefined && initial !== null;
/** The range and breakdown this page shows. */
const range = (): UsageRange => saved.range ?? 'months';
/** Whether a state from the host is for what this page shows now (a state for the old choice may still be on its way). */
const matches = (state: PanelState | undefined): boolean => !!state && state.range === range() && (range() !== 'months' || state.byApiKey === saved.byApiKey);
/** The host's latest state for the range and breakdown this page shows; the saved one until the host answers. */
let panel: PanelState | undefined = matches(saved.last) ? saved.last : undefined;
let model: ChartModel | undefined;
let focus: ChartFocus | undefined;
let hovered: ChartFocus | undefined;
let chartWidth = 0;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let statusCommand: PageCommand | undefined;
/** What the live region last said, by what it was about. */
let announced = '';
/** When this page got the state it shows (the host's clock says `state.now`; ages move on from there). A clock set back since counts as now. */
let receivedAt = Math.min(panel && saved.lastAt !== undefined ? saved.lastAt : Date.now(), Date.now());
/**
 * The data shown is the saved state's, and no state from the host has brought data since: a state
 * without data (the host still reading its store, or a failed refresh) keeps it, with its age, and the
 * balance while the host has none and says nothing of it. Once the host has sent data, a state without
 * any is its word (another key's usage loading).
 */
let restored = panel !== undefined && !!(panel.history || panel.bins);
/** Ages in words move on with nothing new from the host (a window that is not focused polls nothing). */
const AGE_TICK_MS = 60_000;

function post(message: PageMessage): void {
  api.postMessage(message);
}

function persist(): void {
  api.setState({ ...saved, ...(panel ? { last: panel, lastAt: receivedAt } : {}) } satisfies SavedPageState);
}

function setPressed(button: HTMLButtonElement, pressed: boolean): void {
  button.setAttribute('aria-pressed', String(pressed));
}

function setText(element: HTMLElement, text: string | undefined): void {
  element.textContent = text ?? '';
  element.hidden = !text;
}

function currentSvg(): SVGSVGElement | null {
  return ui.chartBox.querySelector('svg.chart');
}

// ---- focus ---------------------------------------------------------------------------------------

/** Whether the keyboard can still be on `element`: in the page, enabled and shown. */
function usable(element: Element | null): element is HTMLElement | SVGElement {
  return !!element && element !== document.body && element.isConnected && !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0;
}

/** Where focus goes when its control is hidden or disabled: a usable button beside it in its group, the chart's tab stop, the pressed range. */
function focusFallback(lost: Element): HTMLElement | SVGElement | undefined {
  const group = lost.isConnected ? lost.closest('[role="group"]') : null; // not localised: a selector
  if (group && ui.root.contains(group)) {
    const buttons = [...group.querySelectorAll('button')];
    const at = buttons.indexOf(lost as HTMLButtonElement);
    const before = buttons.slice(0, Math.max(0, at)).reverse();
    const after = buttons.slice(at + 1);
    const neighbour = [...before, ...after].find(usable);
    if (neighbour) return neighbour;
  }
  const stop = currentSvg()?.querySelector('[data-focus][tabindex="0"]') ?? null; // not localised: a selector
  if (usable(stop)) return stop;
  return [...ui.ranges.values()].find((b) => b.getAttribute('aria-pressed') === 'true' && usable(b)) ?? [...ui.ranges.values()].find(usable);
}

/**
 * Runs a change of what the page shows; when it hid or disabled the control that had focus (the
 * status's "Set API Key", Copy, Per API key, a bar of the chart), focus moves to a sensible place in
 * the page instead of falling to <body>, where keyboard and screen-reader users lose their way.
 */
function keepingFocus(change: () => void): void {
  const before = document.activeElement;
  const inPage = !!before && before !== document.body && ui.root.contains(before);
  change();
  if (!inPage) return;
  const now = document.activeElement;
  if (now !== before && usable(now)) return; // the chart put it back on the same bar
  if (now === before && usable(now)) return;
  focusFallback(before)?.focus();
}

// ---- rendering -------------------------------------------------------------------------------

function render(): void {
  const months = range() === 'months';
  for (const [r, button] of ui.ranges) setPressed(button, r === range());
  // The service has no per-key bins: outside the months the breakdown is Total, and says why.
  setPressed(ui.total, !months || !saved.byApiKey);
  setPressed(ui.perKey, months && saved.byApiKey);
  ui.perKey.disabled = !months;
  if (months) ui.perKey.removeAttribute('aria-describedby');
  else ui.perKey.setAttribute('aria-describedby', ui.rangeNote.id);
  ui.rangeNote.hidden = months;
  setPressed(ui.chartToggle, saved.view === 'chart');
  setPressed(ui.tableToggle, saved.view === 'table');

  const state = matches(panel) ? panel : undefined;
  const text = renderText(state);

  ui.copy.disabled = !text.showData;
  ui.save.disabled = !text.showData;
  ui.empty.hidden = !text.empty;
  ui.empty.textContent = text.empty ? rangeText(range()).empty : '';

  if (!state || !(state.history || state.bins) || !text.showData) {
    model = undefined;
    ui.chartView.hidden = true;
    ui.tableView.hidden = true;
    ui.chartBox.replaceChildren();
    ui.legendBox.replaceChildren();
    ui.tableView.replaceChildren();
    return;
  }
  const next = shapeModel(state);
  focus = followFocus(focus, model, next);
  model = next;
  ui.chartView.hidden = saved.view !== 'chart';
  ui.tableView.hidden = saved.view !== 'table';
  if (saved.view === 'chart') renderChartView(state.locale);
  else {
    ui.chartBox.replaceChildren();
    ui.legendBox.replaceChildren();
  }
  if (saved.view === 'table') ui.tableView.replaceChildren(mount(renderTable(model, state.locale)));
  else ui.tableView.replaceChildren();
}

/** The words around the chart, with ages ("updated 5m ago") as of now rather than as of when the state came. */
function renderText(state: PanelState | undefined): ReturnType<typeof describePanel> {
  const text = state
    ? describePanel({ ...state, now: state.now + (Date.now() - receivedAt) })
    : { showData: false, empty: false, status: { tone: 'info' as const, text: loadingText(range(), saved.byApiKey) } };
  setText(ui.balance, text.balance);
  setText(ui.period, text.period);
  setText(ui.balanceNote, text.balanceNote);
  ui.balanceNote.classList.toggle('stale', !!text.balanceStale);
  setText(ui.updated, text.updated);
  const status = text.status;
  // "Error" in words too, not by colour alone, and in the page's language.
  const words = status ? (status.tone === 'error' ? l10n.t('Error: {0}', status.text) : status.text) : '';
  ui.status.hidden = !status;
  ui.status.className = `status ${status?.tone ?? ''}`;
  if (ui.statusText.textContent !== words) ui.statusText.textContent = words;
  statusCommand = status?.action?.command;
  ui.statusAction.hidden = !status?.action;
  if (ui.statusAction.textContent !== (status?.action?.label ?? '')) ui.statusAction.textContent = status?.action?.label ?? '';
  // What the status is about, without its age: a redraw, a new balance or the minute's tick says nothing new.
  const problem = state?.problem;
  // Nothing used has no status: said all the same, or "Loading…" would be followed by silence.
  const spoken = words || (text.empty ? rangeText(range()).empty : '');
  announce(
    spoken ? JSON.stringify([range(), saved.byApiKey, status?.tone, status?.action?.command, problem?.kind, problem?.message, !!state?.loading, !!(state?.history || state?.bins), text.empty]) : '',
    spoken,
  );
  ui.data.setAttribute('aria-busy', String(!!state?.loading));
  return text;
}

/** Puts the status in the live region when it is about something new; nothing when it is the same news. */
function announce(about: string, words: string): void {
  if (about === announced) return;
  announced = about;
  ui.announcer.textContent = words;
}

/** The chart's numbers: months per breakdown, or the range's bins with the plan's pace for their size. */
function shapeModel(state: PanelState): ChartModel {
  const planCredits = state.credits?.planCredits ?? undefined;
  // The months as of their reading: a history read last month has no month of its own for today.
  if (state.range === 'months' || !state.bins) return shapeHistory(state.history?.periods ?? [], state.byApiKey, { planCredits, locale: state.locale, now: state.history?.fetchedAt ?? state.now });
  const { start, end } = state.credits ? billingPeriod(state.credits) : {};
  const periodMs = start !== undefined && end !== undefined ? end - start : undefined;
  return shapeBins(state.bins, { locale: state.locale, ...(planCredits !== undefined ? { planCredits } : {}), ...(periodMs !== undefined ? { periodMs } : {}) });
}

function renderChartView(locale: string | undefined): void {
  if (!model) return;
  const hadFocus = ui.chartBox.contains(document.activeElement);
  // The width the panel gives it: a 300 px panel must not scroll sideways. Below MIN_CHART_WIDTH the
  // axis and a bar no longer fit, and the page scrolls instead.
  chartWidth = Math.max(MIN_CHART_WIDTH, Math.floor(ui.chartBox.clientWidth || 640));
  if (focus && !model.months[focus.month]) focus = undefined;
  const svg = mount(renderChart(model, { width: chartWidth, height: CHART_HEIGHT, locale, ...(focus ? { focus } : {}) })) as SVGSVGElement;
  ui.chartBox.replaceChildren(svg);
  fitPlan(svg, model, locale);
  ui.legendBox.replaceChildren(...(model.byApiKey ? [mount(renderLegend(model, locale))] : []));
  if (hadFocus && focus) {
    // The old element is gone; put focus back on the same bar or key.
    (findTarget(svg, focus) ?? findTarget(svg, { month: focus.month, series: null }))?.focus();
  }
  // The tooltip went with the old chart: the bar still under the pointer shows it again (a pointer that does not move sends nothing).
  if (hovered && !model.months[hovered.month]) hovered = undefined;
  if (hovered) showFor(hovered);
}

/** The plan's label again, measured in the theme's font: the renderer only guessed its width. */
function fitPlan(svg: SVGSVGElement, shown: ChartModel, locale: string | undefined): void {
  const label = svg.querySelector<SVGTextElement>('.plan-label[data-space]'); // not localised: a selector
  const space = Number(label?.getAttribute('data-space'));
  if (!label || !Number.isFinite(space) || svg.getClientRects().length === 0) return; // not laid out: the renderer's guess stands
  label.textContent = fitPlanLabel(planLabels(shown, locale), space, (text) => {
    label.textContent = text;
    return label.getComputedTextLength();
  });
}

// ---- tooltip ---------------------------------------------------------------------------------

function anchorFor(svg: SVGSVGElement, target: ChartFocus): Anchor | undefined {
  const num = (element: Element, name: string) => Number(element.getAttribute(name)) || 0;
  const bar = svg.querySelector(`.bar-hit[data-month="${target.month}"]`); // not localised: a selector
  if (!bar) return undefined;
  // Always from the top of the whole bar, so a segment's tooltip never covers the rest of its stack.
  const tops = [...svg.querySelectorAll(`.seg[data-month="${target.month}"]`)].map((s) => num(s, 'y')); // not localised: a selector
  const bottom = num(bar, 'y') + num(bar, 'height');
  return { x: num(bar, 'x'), width: num(bar, 'width'), top: tops.length ? Math.min(...tops) : bottom - 20 };
}

function showFor(target: ChartFocus | undefined): void {
  const svg = currentSvg();
  if (!svg) return;
  if (!target || !model?.months[target.month]) {
    hideTooltip(svg);
    return;
  }
  const locale = panel?.locale ?? language.locale;
  const description = target.series === null ? describeMonth(model, target.month, locale) : describeSegment(model, target.month, target.series, locale);
  const anchor = anchorFor(svg, target);
  if (anchor) showTooltip(svg, anchor, description);
}

function hoverTarget(element: Element | null): ChartFocus | undefined {
  const t = targetOf(element);
  if (t) return t;
  // In the plain view segments are not focus targets, but hovering one means its bar.
  const segment = element?.closest('.seg[data-month]'); // not localised: a selector
  const month = Number(segment?.getAttribute('data-month'));
  return segment && Number.isInteger(month) ? { month, series: null } : undefined;
}

const same = (a: ChartFocus | undefined, b: ChartFocus | undefined) => a?.month === b?.month && a?.series === b?.series;

ui.chartBox.addEventListener('pointermove', (event) => {
  const target = hoverTarget(event.target as Element);
  if (same(target, hovered)) return;
  hovered = target;
  showFor(hovered ?? (ui.chartBox.contains(document.activeElement) ? focus : undefined));
});
ui.chartBox.addEventListener('pointerleave', () => {
  hovered = undefined;
  showFor(ui.chartBox.contains(document.activeElement) ? focus : undefined);
});
ui.chartBox.addEventListener('focusin', (event) => {
  const target = targetOf(event.target as Element);
  if (!target) return;
  focus = target;
  showFor(target);
});
ui.chartBox.addEventListener('focusout', (event) => {
  if (ui.chartBox.contains(event.relatedTarget as Node | null)) return;
  showFor(hovered);
});
ui.chartBox.addEventListener('keydown', (event) => {
  const svg = currentSvg();
  if (!svg) return;
  if (event.key === 'Escape') {
    hideTooltip(svg);
    return;
  }
  const current = targetOf(document.activeElement) ?? focus;
  if (!current) return;
  const next = nextTarget(svg, current, event.key);
  if (!next) return;
  event.preventDefault();
  moveFocus(svg, next);
});

// ---- toolbar ---------------------------------------------------------------------------------

function setBreakdown(byApiKey: boolean): void {
  chosen = true;
  if (saved.byApiKey === byApiKey) return;
  saved = { ...saved, byApiKey };
  focus = undefined;
  persist();
  post({ type: 'setBreakdown', byApiKey });
  render();
}

function setRange(next: UsageRange): void {
  chosen = true;
  if (range() === next) return;
  saved = { ...saved, range: next };
  focus = undefined;
  persist();
  post({ type: 'setRange', range: next });
  render();
}

function setView(view: SavedPageState['view']): void {
  if (saved.view === view) return;
  saved = { ...saved, view };
  persist();
  render();
}

ui.root.addEventListener('click', (event) => keepingFocus(() => onClick(event)));

function onClick(event: MouseEvent): void {
  const clicked = (event.target as Element).closest('button');
  const action = clicked?.getAttribute('data-action');
  switch (action) {
    case 'range': {
      const next = clicked?.getAttribute('data-range');
      if (USAGE_RANGES.includes(next as UsageRange)) setRange(next as UsageRange);
      return;
    }
    case 'total':
      return setBreakdown(false);
    case 'perKey':
      return setBreakdown(true);
    case 'chart':
      return setView('chart');
    case 'table':
      return setView('table');
    case 'refresh':
      return post({ type: 'refresh' });
    case 'copyCsv':
      return post({ type: 'copyCsv' });
    case 'saveCsv':
      return post({ type: 'saveCsv' });
    case 'statusAction':
      if (statusCommand) post({ type: 'run', command: statusCommand });
      return;
    default:
      return;
  }
}

// The chart is drawn to the pixel width it has; redraw when the panel is resized.
new ResizeObserver(() => {
  const width = Math.floor(ui.chartBox.clientWidth);
  if (model && saved.view === 'chart' && width > 0 && Math.abs(width - chartWidth) > 1) renderChartView(panel?.locale ?? language.locale);
}).observe(ui.chartBox);

// ---- host messages ---------------------------------------------------------------------------

/** A state the page could not use: said on the page and to the host (which logs it), never "Loading…" forever. */
function refuse(state: unknown): void {
  post({ type: 'rejected', reason: `state: ${panelStateProblem(state) ?? 'unknown'}` });
  panel = undefined;
  render();
  ui.status.hidden = false;
  ui.status.className = 'status error'; // not localised: CSS classes
  const words = l10n.t('Error: {0}', l10n.t('This panel could not read the usage data it was sent. The log has the details.'));
  ui.statusText.textContent = words;
  statusCommand = 'showLogs';
  ui.statusAction.hidden = false;
  ui.statusAction.textContent = l10n.t('Show Logs');
  announce('refused', words); // not localised: what the announcement is about
}

function onMessage(message: unknown): void {
  if (!isHostMessage(message)) {
    if ((message as { type?: unknown } | null)?.type === 'state') refuse((message as { state?: unknown }).state);
    else if ((message as { type?: unknown } | null)?.type === 'notice') post({ type: 'rejected', reason: 'notice' });
    return;
  }
  if (message.type === 'range') {
    // The host chose a range (the spike alert's "Show Usage"): follow it, and say so. A click on
    // another range may have crossed it on the way; the host then shows the clicked one, and the page
    // would wait for a state of this range that never comes.
    if (range() !== message.range) {
      saved = { ...saved, range: message.range };
      focus = undefined;
      persist();
      post({ type: 'setRange', range: message.range });
      render();
    }
    return;
  }
  if (message.type === 'notice') {
    setText(ui.notice, message.text);
    ui.notice.className = `notice ${message.level}`;
    if (noticeTimer) clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => setText(ui.notice, undefined), NOTICE_MS);
    return;
  }
  if (!chosen) {
    chosen = true;
    saved = { ...saved, byApiKey: message.state.byApiKey, range: message.state.range };
  }
  // A state for the other range or breakdown was on its way before the user switched: the next one is ours.
  if (!matches(message.state)) return;
  const next = message.state;
  const shown = withRestored(restored && matches(panel) ? panel : undefined, next);
  restored = shown.kept;
  panel = shown.panel;
  receivedAt = Date.now();
  persist();
  render();
}

// A new state may hide or disable the control that has focus.
window.addEventListener('message', (event: MessageEvent<unknown>) => keepingFocus(() => onMessage(event.data)));

setInterval(() => {
  if (matches(panel)) keepingFocus(() => renderText(panel));
}, AGE_TICK_MS);

setText(ui.notice, undefined);
render();
if (language.problem) post({ type: 'rejected', reason: `language: ${language.problem}` });
post(chosen ? { type: 'ready', byApiKey: saved.byApiKey, range: range() } : { type: 'ready' });
