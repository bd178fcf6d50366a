// The next steps a message can offer, with the one label each shows everywhere. Which command runs is
// decided where the button is shown: setApiKey, openSettings and showLogs are the same everywhere,
// retry/sendAgain/editAndRetry belong to the surface that failed.

export type NextStep = 'setApiKey' | 'openSettings' | 'showLogs' | 'retry' | 'sendAgain' | 'editAndRetry';

export const NEXT_STEP_LABELS: Readonly<Record<NextStep, string>> = {
  setApiKey: 'Set API Key',
  openSettings: 'Open Settings',
  showLogs: 'Show Logs',
  retry: 'Retry',
  sendAgain: 'Send Again',
  editAndRetry: 'Edit and Retry',
};

/** The steps any surface can run the same way, whatever failed. */
export type CommonStep = Extract<NextStep, 'setApiKey' | 'openSettings' | 'showLogs'>;

export function isCommonStep(step: NextStep): step is CommonStep {
  return step === 'setApiKey' || step === 'openSettings' || step === 'showLogs';
}
