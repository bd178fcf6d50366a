// The hover/focus tooltip, drawn inside the chart's SVG and placed with a transform attribute:
// the CSP allows no inline styles, so nothing here touches `style`. Screen readers already hear
// the same words from the focused element's label, so the tooltip itself is hidden from them.
import { seriesClass, seriesPattern } from '../render/chart';
import type { Description } from '../render/barText';
import { svgEl } from './dom';

const PAD = 8;
const LINE = 17;
const SWATCH = 10;
const GAP = 16;
/** The widest a key name stands in a tooltip, in pixels: past it a name says nothing more at a glance. */
const MAX_LABEL = 320;

/** Cuts a text element's words with an ellipsis until they are at most `max` wide (never below one character). */
function fitText(text: SVGTextElement, max: number): void {
  if (text.getComputedTextLength() <= max) return;
  const chars = Array.from(text.textContent ?? '');
  let fits = 1;
  let over = chars.length;
  // The longest prefix that fits, found by halving: a few measurements even for 200 characters.
  while (over - fits > 1) {
    const mid = Math.floor((fits + over) / 2);
    text.textContent = `${chars.slice(0, mid).join('')}…`;
    if (text.getComputedTextLength() <= max) fits = mid;
    else over = mid;
  }
  text.textContent = `${chars.slice(0, fits).join('')}…`;
}

export interface Anchor {
  /** The bar's left edge, width and top, in SVG units. */
  x: number;
  width: number;
  top: number;
}

export function hideTooltip(svg: SVGSVGElement): void {
  svg.querySelector('.tooltip')?.remove();
}

export function showTooltip(svg: SVGSVGElement, anchor: Anchor, description: Description): void {
  hideTooltip(svg);
  const group = svgEl('g', { class: 'tooltip', 'aria-hidden': 'true' });
  const box = svgEl('rect', { class: 'tooltip-box', rx: 3, ry: 3 });
  group.appendChild(box);
  const title = svgEl('text', { class: 'tooltip-title', x: PAD, y: PAD + 12 }, [description.title]);
  group.appendChild(title);
  const labels: SVGTextElement[] = [];
  const values: SVGTextElement[] = [];
  description.lines.forEach((line, i) => {
    const y = PAD + 12 + LINE * (i + 1);
    const indent = line.series === undefined ? 0 : SWATCH + 6;
    if (line.series !== undefined) {
      // not localised: CSS classes
      group.appendChild(svgEl('rect', { class: `swatch-fill ${seriesClass(line.series)}`, x: PAD, y: y - SWATCH + 1, width: SWATCH, height: SWATCH }));
      const pattern = seriesPattern(line.series);
      // not localised: a reference to a pattern of the chart
      if (pattern) group.appendChild(svgEl('rect', { class: 'pat', fill: `url(#fc-pat-${pattern})`, x: PAD, y: y - SWATCH + 1, width: SWATCH, height: SWATCH }));
    }
    const label = svgEl('text', { class: line.series === undefined ? 'tooltip-label total' : 'tooltip-label', x: PAD + indent, y }, [line.label]);
    const value = svgEl('text', { class: 'tooltip-value', y, 'text-anchor': 'end' }, [line.value]);
    labels.push(label);
    values.push(value);
    group.append(label, value);
  });
  svg.appendChild(group);

  // Measure after insertion: text widths depend on the theme's font. Numbers are never cut; a key name
  // (up to 200 characters) or a title is cut with an ellipsis to what the chart's width leaves, and to
  // MAX_LABEL at most, so the tooltip stays inside the chart. The bar's label keeps the whole name.
  const svgWidth = Number(svg.getAttribute('width')) || 0;
  const valueWidth = Math.max(0, ...values.map((v) => v.getComputedTextLength()));
  labels.forEach((l, i) => fitText(l, Math.min(MAX_LABEL, svgWidth - PAD * 2 - GAP - valueWidth - (description.lines[i]?.series === undefined ? 0 : SWATCH + 6))));
  fitText(title, svgWidth - PAD * 2);
  const labelWidth = Math.max(0, ...labels.map((l, i) => l.getComputedTextLength() + (description.lines[i]?.series === undefined ? 0 : SWATCH + 6)));
  const width = Math.ceil(Math.max(title.getComputedTextLength(), labelWidth + GAP + valueWidth) + PAD * 2);
  const height = PAD * 2 + 12 + LINE * description.lines.length - 4;
  for (const value of values) value.setAttribute('x', String(width - PAD));
  box.setAttribute('width', String(width));
  box.setAttribute('height', String(height));

  // Above the bar when there is room, where it hides nothing; else beside it.
  const svgHeight = Number(svg.getAttribute('height')) || 0;
  let x: number;
  let y: number;
  if (anchor.top - height - 8 >= 0) {
    x = anchor.x + anchor.width / 2 - width / 2;
    y = anchor.top - height - 8;
  } else {
    x = anchor.x + anchor.width + 8;
    if (x + width > svgWidth) x = anchor.x - width - 8;
    y = Math.min(anchor.top, svgHeight - height);
  }
  x = Math.max(0, Math.min(x, svgWidth - width));
  y = Math.max(0, y);
  group.setAttribute('transform', `translate(${Math.round(x)},${Math.round(y)})`);
}
