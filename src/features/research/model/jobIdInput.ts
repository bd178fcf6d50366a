// What the Track Job box says about what is typed in it, checked on every keystroke.
// Pure, so each message is unit-tested; the typed text is echoed only as plain text (it may be a
// paste of anything, `[x](command:…)` included).
import * as l10n from '@vscode/l10n';
import { formatExact, plural } from '../../../shared/format';
import { JOB_ID_INPUT_MAX_CHARS, MAX_JOB_IDS_PER_INPUT, parseJobIdInput } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';

export const EXAMPLE_JOB_ID = '123e4567-e89b-42d3-a456-426614174000';

export interface InputMessage {
  message: string;
  severity: 'error' | 'info';
}

/**
 * The message for what is typed, or undefined when it can be accepted as it is. `capacity`: how many
 * more jobs fit beside the running ones (finished ones make room), and the cap.
 */
export function jobIdInputMessage(text: string, isTracked: (id: string) => boolean, capacity?: { room: number; max: number }): InputMessage | undefined {
  const { ids, invalid, tooLong } = parseJobIdInput(text);
  if (tooLong) {
    return {
      message: l10n.t('Too much at once: paste at most {0} job ids ({1} characters) at a time.', formatExact(MAX_JOB_IDS_PER_INPUT), formatExact(JOB_ID_INPUT_MAX_CHARS)),
      severity: 'error',
    };
  }
  if (invalid.length) return { message: l10n.t("'{0}' is not a job id. Job ids are UUIDs such as {1}.", plainText(invalid[0]!, 40), EXAMPLE_JOB_ID), severity: 'error' };
  if (!ids.length) return undefined;
  const fresh = ids.filter((id) => !isTracked(id));
  if (!fresh.length) return { message: ids.length === 1 ? l10n.t('Already tracked.') : l10n.t('All of these are already tracked.'), severity: 'info' };
  if (capacity && fresh.length > capacity.room) {
    const max = formatExact(capacity.max);
    if (capacity.room <= 0) {
      return {
        message: l10n.t('No more jobs fit: at most {0} jobs are tracked, and all of them are still running. Stop tracking jobs you no longer need to make room.', max),
        // Enter would track nothing: the box stays open with what was typed.
        severity: 'error',
      };
    }
    // More ids than room, and room for one at least: always several ids.
    const args = [formatExact(fresh.length), formatExact(capacity.room), max, formatExact(capacity.max - capacity.room)];
    return {
      message: plural(
        capacity.max - capacity.room,
        l10n.t('{0} new job ids, but only {1} more fit: at most {2} jobs are tracked and {3} is still running. The first {1} will be tracked.', ...args),
        l10n.t('{0} new job ids, but only {1} more fit: at most {2} jobs are tracked and {3} are still running. The first {1} will be tracked.', ...args),
      ),
      severity: 'info',
    };
  }
  if (ids.length === 1) return undefined;
  const n = formatExact(fresh.length);
  if (fresh.length === ids.length) return { message: plural(fresh.length, l10n.t('{0} new job id.', n), l10n.t('{0} new job ids.', n)), severity: 'info' };
  const tracked = formatExact(ids.length - fresh.length);
  return {
    message: plural(fresh.length, l10n.t('{0} new job id ({1} already tracked).', n, tracked), l10n.t('{0} new job ids ({1} already tracked).', n, tracked)),
    severity: 'info',
  };
}
