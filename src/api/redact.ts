// Keys must never reach logs or messages, even when the server echoes them back in an error text.

const KEY_SHAPE = /\bfc-[A-Za-z0-9_-]{6,}\b/g;
const BEARER = /(Bearer\s+)\S+/gi;

export function redact(text: string, secret?: string): string {
  let out = text;
  if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out.replace(BEARER, '$1***').replace(KEY_SHAPE, 'fc-***');
}
