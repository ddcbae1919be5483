// Elements are built with properties and children, never from HTML strings, so recorded text
// (names, venues) can never become markup.
function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function replace(el, ...children) {
  el.replaceChildren();
  return fill(el, {}, children);
}

export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

// The SVG the API drew (a QR code), parsed as SVG and adopted: never inserted as HTML.
export function svgOf(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg') return h('span', {}, '');
  for (const s of svg.querySelectorAll('script, foreignObject')) s.remove();
  return document.importNode(svg, true);
}
