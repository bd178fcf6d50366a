// The platform of a Node extension host: node:http(s) for requests, process.env, the home folder,
// and on-demand bundles required from next to the extension's own (dist/<name>.js).
import * as path from 'node:path';
import type { Platform } from '../host/platform';
import { nodeFetch } from './nodeTransport';

export const nodePlatform: Platform = {
  name: 'node',
  fetch: nodeFetch,
  env: process.env,
  homeFolder: () => {
    try {
      // Loaded on first use, not at activation.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require('node:os') as typeof import('node:os')).homedir() || undefined;
    } catch {
      return undefined;
    }
  },
  machineName: () => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require('node:os') as typeof import('node:os')).hostname() || undefined;
    } catch {
      return undefined;
    }
  },
  // Always the files beside this bundle: the location VS Code reports is the same folder.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle's file, found at run time
  loadBundle: (name) => Promise.resolve().then(() => require(path.join(__dirname, `${name}.js`)) as unknown),
};
