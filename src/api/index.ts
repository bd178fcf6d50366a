// The public face of the API layer: what stores and views may import.
export * from './client';
export * from './errors';
export * from './model';
export { redact, type Secrets } from './redact';
export { keyProblem, trimKey } from './apiKeyText';
export type { CallOptions, RequestLog } from './http';
export * from './feedback';
export * from './errorInfo';
export { ACTIVITY_FILTERS, type ActivityFilter, isActivityFilter, readServiceTime } from './activity';
export * from './run';
