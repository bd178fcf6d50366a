// Roving tabindex over the chart: one tab stop; Left/Right/Home/End move between months,
// Up/Down climb a month's stack key by key (per-key view). Works on the rendered DOM, so it
// follows whatever the renderer drew, thin segments included.
import type { ChartFocus } from '../render/chart';

export function targetOf(element: Element | null): ChartFocus | undefined {
  const focusable = element?.closest('[data-focus]'); // not localised: a selector
  if (!focusable) return undefined;
  const month = Number(focusable.getAttribute('data-month'));
  if (!Number.isInteger(month)) return undefined;
  const series = focusable.getAttribute('data-focus') === 'segment' ? Number(focusable.getAttribute('data-series')) : null;
  return { month, series: series === null || Number.isInteger(series) ? series : null };
}

export function findTarget(svg: SVGSVGElement, target: ChartFocus): SVGElement | null {
  const selector =
    target.series === null
      ? `[data-focus="bar"][data-month="${target.month}"]` // not localised: a selector
      : `[data-focus="segment"][data-month="${target.month}"][data-series="${target.series}"]`; // not localised: a selector
  return svg.querySelector<SVGElement>(selector);
}

function segmentsOf(svg: SVGSVGElement, month: number): number[] {
  // not localised: a selector
  return [...svg.querySelectorAll(`[data-focus="segment"][data-month="${month}"]`)].map((s) => Number(s.getAttribute('data-series')));
}

export function nextTarget(svg: SVGSVGElement, current: ChartFocus, key: string): ChartFocus | undefined {
  const count = svg.querySelectorAll('[data-focus="bar"]').length; // not localised: a selector
  if (count === 0) return undefined;
  const toMonth = (month: number): ChartFocus => {
    const clamped = Math.max(0, Math.min(count - 1, month));
    // Keep following the same key across months where it has a segment.
    const keep = current.series !== null && segmentsOf(svg, clamped).includes(current.series);
    return { month: clamped, series: keep ? current.series : null };
  };
  switch (key) {
    case 'ArrowLeft':
      return toMonth(current.month - 1);
    case 'ArrowRight':
      return toMonth(current.month + 1);
    case 'Home':
      return toMonth(0);
    case 'End':
      return toMonth(count - 1);
    case 'ArrowUp':
    case 'ArrowDown': {
      const stack = segmentsOf(svg, current.month);
      if (stack.length === 0) return undefined;
      const at = current.series === null ? -1 : stack.indexOf(current.series);
      const next = key === 'ArrowUp' ? Math.min(stack.length - 1, at + 1) : at - 1;
      return { month: current.month, series: next < 0 ? null : stack[next]! };
    }
    default:
      return undefined;
  }
}

/** Moves the single tab stop and focus to `target`. */
export function moveFocus(svg: SVGSVGElement, target: ChartFocus): boolean {
  const element = findTarget(svg, target);
  if (!element) return false;
  for (const stop of svg.querySelectorAll('[tabindex="0"]')) stop.setAttribute('tabindex', '-1');
  element.setAttribute('tabindex', '0');
  element.focus();
  return true;
}
