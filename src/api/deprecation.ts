// What a response says about its own route's retirement (RFC 9745 Deprecation, RFC 8594 Sunset,
// RFC 8288 successor-version links, RFC 7234 Warning 299) plus the body's `warnings` and
// `replacement`. Every text is server text: redacted, bounded, shown only as plain text.
import type { ResponseLike } from './http';
import type { DeprecationNotice } from './model';
import { redact, type Secrets } from './redact';

const MAX_TEXT = 300;

/** `@1778025600` → epoch ms; `true` → no date; an HTTP date (older drafts) → its time. */
function readDeprecationHeader(value: string): { deprecated: boolean; at?: number } {
  const text = value.trim();
  if (!text || text.toLowerCase() === 'false') return { deprecated: false };
  const epoch = /^@(-?\d+)$/.exec(text);
  if (epoch?.[1]) return { deprecated: true, at: Number(epoch[1]) * 1000 };
  const date = Date.parse(text);
  return Number.isNaN(date) ? { deprecated: true } : { deprecated: true, at: date };
}

/** The target of the first `rel="successor-version"` link in a Link header. */
export function successorLink(value: string): string | undefined {
  for (const part of value.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match?.[1] !== undefined && /;\s*rel\s*=\s*"?[^";]*\bsuccessor-version\b/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** The quoted texts of `299` warnings. */
export function warning299(value: string): string[] {
  return [...value.matchAll(/\b299\s+\S+\s+"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

export function readDeprecation(headers: ResponseLike['headers'], body: unknown, secret: Secrets): DeprecationNotice | undefined {
  const clean = (text: string) => redact(text, secret).slice(0, MAX_TEXT);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const header = headers.get('deprecation');
  const sunsetHeader = headers.get('sunset');
  const link = headers.get('link');
  const warningHeader = headers.get('warning');
  // `warnings[]` now; one early version sent a single `warning` string instead.
  const bodyWarnings = [...(Array.isArray(fields.warnings) ? fields.warnings.filter((w): w is string => typeof w === 'string') : []), ...(typeof fields.warning === 'string' ? [fields.warning] : [])];
  const replacement = typeof fields.replacement === 'string' ? fields.replacement : undefined;
  const warnings = [...new Set([...(warningHeader ? warning299(warningHeader) : []), ...bodyWarnings].map(clean).filter(Boolean))];
  const deprecation = header === null ? { deprecated: false } : readDeprecationHeader(header);
  const sunset = sunsetHeader ? Date.parse(sunsetHeader) : Number.NaN;
  const successor = link ? successorLink(link) : undefined;
  if (!deprecation.deprecated && Number.isNaN(sunset) && !successor && !warnings.length && !replacement) return undefined;
  const notice: DeprecationNotice = { deprecated: deprecation.deprecated || warnings.length > 0 || replacement !== undefined, warnings };
  if (deprecation.at !== undefined) notice.deprecatedAt = deprecation.at;
  if (!Number.isNaN(sunset)) notice.sunsetAt = sunset;
  if (successor) notice.successor = clean(successor);
  if (replacement) notice.replacement = clean(replacement);
  return notice;
}
