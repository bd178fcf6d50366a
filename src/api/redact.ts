// Keys must never reach logs, messages, views or stored state, even when a server echoes them back:
// as sent, URL-encoded, JSON-escaped or base64-encoded, glued to a prefix (`KEY_fc-…`), or so short
// that a plain substring search would garble the text around it. Browser-safe: no Node built-ins.

export const REDACTED = '***';

/** Anything shaped like a Firecrawl key, wherever it starts (`KEY_fc-…` too), but not inside a word such as `etl-fc-jobs`. */
const KEY_SHAPE = /(?<![A-Za-z0-9-])fc-[A-Za-z0-9_-]{6,}/g;
const BEARER = /(Bearer\s+)\S+/gi;
/** Below this length a key is only redacted where it stands alone: "abc" must not garble "abcdef". */
const SHORT_KEY = 8;
const TOKEN_CHAR = 'A-Za-z0-9_\\-';

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface SecretMatcher {
  secret: string;
  forms: string[];
  /** For short keys: each form only where no token character touches it. */
  pattern: RegExp | undefined;
}

let cached: SecretMatcher | undefined;

function matcherFor(secret: string): SecretMatcher {
  if (cached?.secret === secret) return cached;
  const b64 = base64(secret);
  const unpadded = b64.replace(/=+$/, '');
  const urlSafe = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  const forms = [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), b64, unpadded, urlSafe])]
    .filter((form) => form.length > 0)
    // Longest first, so a form that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  const pattern =
    secret.length < SHORT_KEY ? new RegExp(`(?<![${TOKEN_CHAR}])(?:${forms.map(escapeRegExp).join('|')})(?![${TOKEN_CHAR}])`, 'g') : undefined;
  cached = { secret, forms, pattern };
  return cached;
}

/** Whether `text` holds the key in any form this module redacts. */
export function containsSecret(text: string, secret: string | undefined): boolean {
  if (!secret) return false;
  const m = matcherFor(secret);
  if (m.pattern) {
    m.pattern.lastIndex = 0;
    return m.pattern.test(text);
  }
  return m.forms.some((form) => text.includes(form));
}

/**
 * Only the key itself, in every form: for data the service returned (job results, key names), where
 * a word that merely looks like a key is content, not a secret.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || !containsSecret(text, secret)) return text;
  const m = matcherFor(secret);
  if (m.pattern) return text.replace(m.pattern, REDACTED);
  let out = text;
  for (const form of m.forms) out = out.split(form).join(REDACTED);
  return out;
}

/** Anything that looks like a Firecrawl key, whoever's it is. */
export function redactKeyShapes(text: string): string {
  return text.replace(KEY_SHAPE, `fc-${REDACTED}`);
}

/** For free text (log lines, the service's error text): the key in every form, bearer tokens and key-shaped words. */
export function redact(text: string, secret?: string): string {
  return redactKeyShapes(redactSecret(text, secret).replace(BEARER, `$1${REDACTED}`));
}

/** Every string (and object key) in a parsed JSON value with the key redacted; unchanged parts keep their identity. */
export function redactJson(value: unknown, secret: string | undefined): unknown {
  if (!secret) return value;
  if (typeof value === 'string') return redactSecret(value, secret);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = redactJson(item, secret);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const cleanKey = redactSecret(key, secret);
      const next = redactJson(item, secret);
      if (next !== item || cleanKey !== key) changed = true;
      // defineProperty: a `__proto__` key from JSON.parse stays a plain property.
      Object.defineProperty(out, cleanKey, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}
