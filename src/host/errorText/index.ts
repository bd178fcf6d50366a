// The one place that turns an error into words and next steps. Every surface (status bar, tree,
// usage page, notifications, input boxes) asks here; stores keep the error itself, never its words.
export * from './agentCancel';
export * from './feedback';
export * from './feedbackFields';
export * from './fileWrite';
export * from './general';
export * from './nextSteps';
export * from './recent';
export * from './run';
