// What the Track Job box says about what is typed in it, checked on every keystroke.
// Pure, so each message is unit-tested; the typed text is echoed only as plain text (it may be a
// paste of anything, `[x](command:…)` included).
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
      message: `Too much at once: paste at most ${MAX_JOB_IDS_PER_INPUT.toLocaleString('en-US')} job ids (${JOB_ID_INPUT_MAX_CHARS.toLocaleString('en-US')} characters) at a time.`,
      severity: 'error',
    };
  }
  if (invalid.length) return { message: `'${plainText(invalid[0]!, 40)}' is not a job id. Job ids are UUIDs such as ${EXAMPLE_JOB_ID}.`, severity: 'error' };
  if (!ids.length) return undefined;
  const fresh = ids.filter((id) => !isTracked(id));
  if (!fresh.length) return { message: ids.length === 1 ? 'Already tracked.' : 'All of these are already tracked.', severity: 'info' };
  if (capacity && fresh.length > capacity.room) {
    const n = (x: number) => x.toLocaleString('en-US');
    return {
      message: `${n(fresh.length)} new job id${fresh.length === 1 ? '' : 's'}, but only ${n(capacity.room)} more fit: at most ${n(capacity.max)} jobs are tracked and ${n(capacity.max - capacity.room)} are still running. The first ${n(capacity.room)} will be tracked.`,
      severity: 'info',
    };
  }
  if (ids.length > 1) return { message: `${fresh.length} new job ids${fresh.length < ids.length ? ` (${ids.length - fresh.length} already tracked)` : ''}.`, severity: 'info' };
  return undefined;
}
