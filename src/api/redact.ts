// Keys must never reach logs, messages, views or stored state, even when a server echoes them back:
// as sent, URL-encoded (either case of hex), JSON-escaped or base64-encoded, upper- or lower-cased,
// glued to a prefix (`KEY_fc-…`), or so short that a plain substring search would garble the text
// around it. Browser-safe: no Node built-ins.

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

/**
 * The keys to redact: the one a request sent and every key this session has held, because a
 * server may echo an old key after a change (a request in flight across it, a cached answer).
 */
export type Secrets = string | readonly (string | undefined)[] | undefined;

interface SecretMatcher {
  id: string;
  /** Every form of every key, lower-cased: a quick look before the pattern runs (most text holds none). */
  lowered: string[];
  /** Every form of every key, longest first; case-insensitive (an upper-cased echo, lower-case hex). */
  pattern: RegExp;
}

const MAX_CACHED = 8;
const matchers = new Map<string, SecretMatcher>();

function formsOf(secret: string): string[] {
  const b64 = base64(secret);
  const unpadded = b64.replace(/=+$/, '');
  const urlSafe = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  // The service reads `fc-<32 hex>` as a UUID (its parseApi): the bare hex, and with the dashes back.
  const hex = /^fc-([0-9a-f]{32})$/i.exec(secret)?.[1];
  const service = hex ? [hex, hex.replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5')] : [];
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), b64, unpadded, urlSafe, ...service].filter((form) => form.length > 0);
}

function matcherFor(secrets: Secrets): SecretMatcher | undefined {
  const list = [...new Set((typeof secrets === 'string' ? [secrets] : (secrets ?? [])).filter((s): s is string => !!s))];
  if (!list.length) return undefined;
  const id = list.join('\u0000');
  const known = matchers.get(id);
  if (known) return known;
  const alternatives = new Map<string, string>();
  for (const secret of list) {
    for (const form of formsOf(secret)) {
      const lower = form.toLowerCase();
      // A short key only where no token character touches it: "abc" must not garble "abcdef".
      const source = secret.length < SHORT_KEY ? `(?<![${TOKEN_CHAR}])${escapeRegExp(form)}(?![${TOKEN_CHAR}])` : escapeRegExp(form);
      if (!alternatives.has(lower) || secret.length >= SHORT_KEY) alternatives.set(lower, source);
    }
  }
  // Longest first, so a form that contains another is replaced whole.
  const sources = [...alternatives.entries()].sort((a, b) => b[0].length - a[0].length).map(([, source]) => source);
  const matcher = { id, lowered: [...alternatives.keys()], pattern: new RegExp(sources.join('|'), 'gi') };
  // A handful of key sets in a session: start over rather than keep order.
  if (matchers.size >= MAX_CACHED) matchers.clear();
  matchers.set(id, matcher);
  return matcher;
}

function contains(text: string, m: SecretMatcher): boolean {
  // A plain search per form is much faster than a case-insensitive alternation over long text.
  const lower = text.toLowerCase();
  if (!m.lowered.some((form) => lower.includes(form))) return false;
  m.pattern.lastIndex = 0;
  return m.pattern.test(text);
}

/**
 * Only the keys themselves, in every form: for data the service returned (job results, key names),
 * where a word that merely looks like a key is content, not a secret.
 */
export function redactSecret(text: string, secrets: Secrets): string {
  const m = matcherFor(secrets);
  return m ? redactWith(text, m) : text;
}

function redactWith(text: string, m: SecretMatcher): string {
  if (!contains(text, m)) return text;
  m.pattern.lastIndex = 0;
  return text.replace(m.pattern, REDACTED);
}

/** Anything that looks like a Firecrawl key, whoever's it is. */
export function redactKeyShapes(text: string): string {
  return text.replace(KEY_SHAPE, `fc-${REDACTED}`);
}

/** For free text (log lines, the service's error text): the key in every form, bearer tokens and key-shaped words. */
export function redact(text: string, secrets?: Secrets): string {
  return redactKeyShapes(redactSecret(text, secrets).replace(BEARER, `$1${REDACTED}`));
}

/** Every string (and object key) in a parsed JSON value with the keys redacted; unchanged parts keep their identity. */
export function redactJson(value: unknown, secrets: Secrets): unknown {
  const m = matcherFor(secrets);
  return m ? redactValue(value, m) : value;
}

function redactValue(value: unknown, secret: SecretMatcher): unknown {
  if (typeof value === 'string') return redactWith(value, secret);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = redactValue(item, secret);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const cleanKey = redactWith(key, secret);
      const next = redactValue(item, secret);
      if (next !== item || cleanKey !== key) changed = true;
      // defineProperty: a `__proto__` key from JSON.parse stays a plain property.
      Object.defineProperty(out, cleanKey, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}
