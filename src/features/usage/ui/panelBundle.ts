// Entry of the usage panel's on-demand bundle (dist/usagePanel.js, dist/web/usagePanel.js): the
// panel's host side, loaded when the panel is first opened or restored.
export { initBundle } from '../../../host/bundleInit';
export { UsagePanel } from './panel';

export type UsagePanelBundle = typeof import('./panelBundle');
