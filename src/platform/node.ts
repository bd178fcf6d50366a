// The platform of a Node extension host: node:http(s) for requests, process.env, the home folder,
// and the wizard in its own bundle next to the extension's (dist/feedbackWizard.js).
import * as path from 'node:path';
import type { Platform } from '../host/platform';
import { nodeFetch } from './nodeTransport';

export const nodePlatform: Platform = {
  name: 'node',
  fetch: nodeFetch,
  env: process.env,
  homeFolder: () => {
    try {
      return (require('node:os') as typeof import('node:os')).homedir() || undefined;
    } catch {
      return undefined;
    }
  },
  loadWizard: () => require(path.join(__dirname, 'feedbackWizard.js')) as typeof import('../features/feedback/ui/bundleEntry'),
};
