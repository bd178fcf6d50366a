// A tiny element tree the chart and table renderers produce instead of DOM: the webview turns it
// into elements with createElement/textContent, while Node (tests, benchmarks) can serialise it.
// Text children are always text, never markup, which is what keeps user-chosen key names inert.

export interface VNode {
  tag: string;
  attrs: Record<string, string>;
  children: VChild[];
}

export type VChild = VNode | string;

export type AttrValue = string | number | boolean | undefined;

/** Attributes that could run code or carry styles; the CSP forbids both and so does this tree. */
export function isForbiddenAttr(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('on') || lower === 'style' || lower === 'href' || lower === 'xlink:href' || lower === 'src';
}

function attrText(value: Exclude<AttrValue, undefined | false>): string {
  if (value === true) return '';
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  return value;
}

export function h(tag: string, attrs: Record<string, AttrValue> = {}, children: VChild[] = []): VNode {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (isForbiddenAttr(name)) throw new Error(`attribute '${name}' is not allowed in rendered trees`);
    clean[name] = attrText(value);
  }
  return { tag, attrs: clean, children };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup for Node-side checks and benchmarks; the webview builds real nodes instead. */
export function toMarkup(node: VChild): string {
  if (typeof node === 'string') return escapeMarkup(node);
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`)
    .join('');
  return `<${node.tag}${attrs}>${node.children.map(toMarkup).join('')}</${node.tag}>`;
}

/** Depth-first search, for tests and for the page to find nodes by attribute. */
export function findAll(node: VChild, match: (n: VNode) => boolean, out: VNode[] = []): VNode[] {
  if (typeof node === 'string') return out;
  if (match(node)) out.push(node);
  for (const child of node.children) findAll(child, match, out);
  return out;
}

export function textOf(node: VChild): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}
