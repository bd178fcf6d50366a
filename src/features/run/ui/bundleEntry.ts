// Entry of the run commands' on-demand bundle (dist/runCommands.js, dist/web/runCommands.js): loaded
// the first time someone scrapes, searches, maps, starts an agent job or rates a result.
export { RunCommands, type RunHost } from './runCommands';
export { initBundle } from '../../../host/bundleInit';
