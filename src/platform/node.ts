// The platform of a Node extension host: node:http(s) for requests, process.env, the home folder,
// and on-demand bundles required from next to the extension's own (dist/<name>.js).
import * as path from 'node:path';
import type { Platform } from '../host/platform';
import { nodeFetch } from './nodeTransport';

/** A value from node:os, loaded on first use rather than at activation; undefined when it cannot be read. */
function fromOs(read: (os: typeof import('node:os')) => string): string | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return read(require('node:os') as typeof import('node:os')) || undefined;
  } catch {
    return undefined;
  }
}

export const nodePlatform: Platform = {
  name: 'node',
  fetch: nodeFetch,
  env: process.env,
  homeFolder: () => fromOs((os) => os.homedir()),
  machineName: () => fromOs((os) => os.hostname()),
  // Always the files beside this bundle: the location VS Code reports is the same folder.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle's file, found at run time
  loadBundle: (name) => Promise.resolve().then(() => require(path.join(__dirname, `${name}.js`)) as unknown),
};
