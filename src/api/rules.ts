// The response schemas (zod and our normalisation, the lists' too) are most of the client's code and are needed
// only once a request has been sent. A host may keep them in a bundle of their own and hand them
// in before the first request (TransportOptions.loadRules); otherwise they are required from here
// on first use. Either way they are built once per process.
import type * as Lists from './lists';
import type * as RunResults from './runResults';
import type * as Schemas from './schemas';

export type ResponseRules = typeof Schemas & typeof Lists & typeof RunResults;

let loaded: ResponseRules | undefined;

export function rules(): ResponseRules {
  // A require, not an import: the schemas load on first use, and the extension hands in a loader of its own bundle instead.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= { ...(require('./schemas') as typeof Schemas), ...(require('./lists') as typeof Lists), ...(require('./runResults') as typeof RunResults) });
}

export function haveRules(): boolean {
  return loaded !== undefined;
}

export function provideRules(given: ResponseRules): void {
  loaded ??= given;
}
