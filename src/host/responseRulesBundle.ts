// Entry of the response schemas' on-demand bundle (dist/responseRules.js, dist/web/responseRules.js):
// zod and the normalisation of every answer, loaded before the first request (api/rules.ts).
export * from '../api/schemas';
export * from '../api/lists';
export * from '../api/runResults';
export { initBundle } from './bundleInit';
