// The platform of a browser extension host (a web worker): global fetch (CORS applies), no
// environment, no home folder, and the wizard bundled in, since a worker cannot load a file by path.
import * as wizard from '../features/feedback/ui/bundleEntry';
import type { Platform } from '../host/platform';

export const webPlatform: Platform = {
  name: 'web',
  fetch: undefined,
  env: {},
  homeFolder: () => undefined,
  loadWizard: () => wizard,
};
