// Entry of the key input's on-demand bundle (dist/keyInput.js, dist/web/keyInput.js): asking for a
// key and checking it, or asking whether it may go to an environment's address, happens once in a
// long while, so it loads when someone does it.
export { initBundle } from '../../../host/bundleInit';
export { clearApiKey, setApiKey } from './apiKeyCommands';
export { askAboutEnvironmentUrl } from './environmentUrlQuestion';

export type KeyInput = typeof import('./keyInputBundle');
