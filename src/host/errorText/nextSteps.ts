// The next steps a message can offer, with the one label each shows everywhere. Which command runs is
// decided where the button is shown: setApiKey, openSettings and showLogs are the same everywhere,
// retry/sendAgain/editAndRetry belong to the surface that failed.
import * as l10n from '@vscode/l10n';

export type NextStep = 'setApiKey' | 'openSettings' | 'showLogs' | 'retry' | 'sendAgain' | 'editAndRetry';

/** The button's label, in the editor's language (asked each time: the language is set at activation). */
export function nextStepLabel(step: NextStep): string {
  switch (step) {
    case 'setApiKey':
      return l10n.t('Set API Key');
    case 'openSettings':
      return l10n.t('Open Settings');
    case 'showLogs':
      return l10n.t('Show Logs');
    case 'retry':
      return l10n.t({ message: 'Retry', args: [], comment: ['button'] });
    case 'sendAgain':
      return l10n.t('Send Again');
    case 'editAndRetry':
      return l10n.t('Edit and Retry');
  }
}

/** The steps any surface can run the same way, whatever failed. */
export type CommonStep = Extract<NextStep, 'setApiKey' | 'openSettings' | 'showLogs'>;

export function isCommonStep(step: NextStep): step is CommonStep {
  return step === 'setApiKey' || step === 'openSettings' || step === 'showLogs';
}
