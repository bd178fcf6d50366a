// The line above the Research tree: the Deep Research shutdown (shown while a deep research job is
// tracked, stated once, gone with the last such job), why what the jobs show may be old (offline, a
// failing server, rate limited) or whose key asks, and jobs tracked with another API key or server,
// which this window neither shows nor polls. Pure, so every case is unit-tested on any clock.
import * as l10n from '@vscode/l10n';
import { isFirecrawlError } from '../../../api';
import { browserBlockedText, type ErrorContext } from '../../../host/errorText';
import { formatAgo, formatDate, formatExact, plural } from '../../../shared/format';
import { hostOf } from '../../../shared/urls';
import { type DeepResearchNotice, hasShutDown } from '../model/researchStore';
import { reachedNoServer, type TrackedJob } from '../model/trackedJob';

const DAY_MS = 86_400_000;

export function shutdownMessage(jobs: readonly TrackedJob[], notice: DeepResearchNotice, now: number, locale?: string): string | undefined {
  if (!jobs.some((job) => job.kind === 'deepResearch')) return undefined;
  const date = formatDate(notice.sunsetAt, locale);
  if (hasShutDown(notice, now)) {
    // Shut down before the announced date, or after it (it still answered past it): that date would mislead.
    return notice.shutDownAt !== undefined && (notice.shutDownAt < notice.sunsetAt || notice.servedPastSunset !== undefined)
      ? l10n.t('Deep Research was shut down. Its jobs here keep their last results: save the ones you want to keep. New research runs as agent jobs.')
      : l10n.t('Deep Research was shut down on {0}. Its jobs here keep their last results: save the ones you want to keep. New research runs as agent jobs.', date);
  }
  if (now >= notice.sunsetAt) return l10n.t('Deep Research was due to shut down on {0} and still answers for now. Save results you want to keep.', date);
  // Calendar days in UTC, the time zone the date is named in: 47 hours before, on the 8th, the 10th
  // is two days off (whole 24-hour spans would say one, contradicting the date beside it).
  const days = Math.floor(notice.sunsetAt / DAY_MS) - Math.floor(now / DAY_MS);
  if (days < 1) return l10n.t('Deep Research shuts down on {0} (in less than a day). Save results you want to keep.', date);
  const n = formatExact(days, locale);
  return plural(
    days,
    l10n.t('Deep Research shuts down on {0} (in {1} day). Save results you want to keep.', date, n),
    l10n.t('Deep Research shuts down on {0} (in {1} days). Save results you want to keep.', date, n),
  );
}

/** Where the key comes from and where requests go, as far as the view's line needs them. */
export interface ConnectionFacts {
  keySource: 'stored' | 'environment' | undefined;
  /** Where requests go, for "cannot reach …" and every error the view words. */
  errors: ErrorContext;
}

/** The line's second part: why what the jobs show may be old (offline, a failing server, rate limited). Undefined when all is well. */
export function connectionMessage(jobs: readonly TrackedJob[], facts: ConnectionFacts, now: number): string | undefined {
  const waiting = jobs.map((job) => job.poll).filter((poll) => poll.kind === 'retrying');
  const lastSeen = Math.max(...jobs.map((job) => job.fetchedAt ?? 0));
  const age = lastSeen > 0 ? formatAgo(lastSeen, now) : undefined;
  const unreachable = waiting.find((poll) => poll.reason === 'unreachable' && reachedNoServer(poll.error));
  if (unreachable) {
    const url = facts.errors.apiUrl ?? '';
    const host = hostOf(url) ?? url;
    const offline =
      age === undefined
        ? l10n.t('Offline: cannot reach {0}. The jobs show what was last seen; retrying.', host)
        : l10n.t('Offline: cannot reach {0}. The jobs show what was last seen (last checked {1}); retrying.', host, age);
    const error = unreachable.error;
    return isFirecrawlError(error) && error.kind === 'network' ? offline + browserBlockedText(error, facts.errors) : offline;
  }
  if (waiting.some((poll) => poll.reason === 'unreachable')) {
    return age === undefined
      ? l10n.t('Firecrawl answers with a server error: the jobs show what was last seen; retrying.')
      : l10n.t('Firecrawl answers with a server error: the jobs show what was last seen (last checked {0}); retrying.', age);
  }
  if (waiting.some((poll) => poll.reason === 'rateLimited')) {
    return age === undefined
      ? l10n.t('Rate limited by the service: the jobs show what was last seen; retrying when it allows.')
      : l10n.t('Rate limited by the service: the jobs show what was last seen (last checked {0}); retrying when it allows.', age);
  }
  return undefined;
}

/** Said only when nothing more pressing is: the view's line should stay one or two sentences. */
export function keySourceMessage(facts: ConnectionFacts): string | undefined {
  return facts.keySource === 'environment' ? l10n.t('Using FIRECRAWL_API_KEY from the environment; Set API Key keeps one in secret storage.') : undefined;
}

/** Jobs are listed per team (one API key on one server): the others stay saved for when that key is back. */
export function hiddenJobsMessage(hidden: number): string | undefined {
  if (hidden <= 0) return undefined;
  const n = formatExact(hidden);
  return plural(
    hidden,
    l10n.t('{0} job tracked with another API key or server is not shown here: it shows again with that key and server, or run "Follow Jobs of Another API Key" if both keys belong to one team.', n),
    l10n.t('{0} jobs tracked with another API key or server are not shown here: they show again with that key and server, or run "Follow Jobs of Another API Key" if both keys belong to one team.', n),
  );
}
