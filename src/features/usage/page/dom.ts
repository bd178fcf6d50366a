// Element trees into real DOM with createElement(NS)/setAttribute/createTextNode only: no markup
// parsing anywhere in the page, so a key name can only ever become text.
import { h, isForbiddenAttr, type AttrValue, type VChild } from '../render/elements';

const SVG_NS = 'http://www.w3.org/2000/svg';

export function mount(node: VChild, inSvg = false): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const svg = inSvg || node.tag === 'svg';
  const element = svg ? document.createElementNS(SVG_NS, node.tag) : document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    // The namespace comes from createElementNS; the tree itself already refuses these.
    if (name === 'xmlns' || isForbiddenAttr(name)) continue;
    element.setAttribute(name, value);
  }
  for (const child of node.children) element.appendChild(mount(child, svg));
  return element;
}

/** Builds one HTML element for the page chrome. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, AttrValue> = {}, children: VChild[] = []): HTMLElementTagNameMap[K] {
  return mount(h(tag, attrs, children)) as HTMLElementTagNameMap[K];
}

export function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, AttrValue> = {}, children: VChild[] = []): SVGElementTagNameMap[K] {
  return mount(h(tag, attrs, children), true) as SVGElementTagNameMap[K];
}
