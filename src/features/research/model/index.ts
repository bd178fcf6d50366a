// The deep research store layer: plain TypeScript, no `vscode`, so it runs under node:test.
export * from './jobFacts';
export * from './pollPolicy';
export * from './researchStore';
export * from './storage';
export * from './trackedJob';
