// The per-key legend: an ordered list in stack order (largest first, bottom of the bar first), each
// with the same swatch and pattern as its segments, its name as text and its total. A narrow panel
// cuts the name with an ellipsis; hovering it shows the name (itself cut where a tooltip stops helping).
import * as l10n from '@vscode/l10n';
import { formatExact } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { swatch } from './chart';
import type { ChartModel } from './shape';
import { h, type VNode } from './elements';

export function renderLegend(model: ChartModel, locale?: string): VNode {
  return h(
    'ol',
    { class: 'legend', 'aria-label': l10n.t('API keys, largest total first; the first is at the bottom of each bar') },
    model.series.map((s) =>
      h('li', { 'data-series': s.index }, [
        swatch(s.index),
        h('span', { class: 'legend-name', title: plainText(s.name, 200) }, [s.name]),
        h('span', { class: 'legend-total' }, [formatExact(s.total, locale)]),
      ]),
    ),
  );
}
