// Building the page's elements. The table is drawn with these few helpers instead of HTML
// strings, so nothing a player typed (names, titles) is ever parsed as markup.

export const $ = (id) => document.getElementById(id);

/** `text` with each {name} replaced by values[name] (a translated string and its numbers). */
export function fmt(text, values) {
  return String(text).replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
}

/** A new element: attributes (null, undefined and false are left out) and children (nodes or text). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (key === "class") {
      node.className = value;
    } else if (key === "text") {
      node.textContent = value;
    } else if (key === "html") {
      node.innerHTML = value; // only for our own static SVG glyphs
    } else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "lang") {
      node.setAttribute(key, value);
    } else {
      node[key] = value;
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/** A new SVG element (`tag`, with its attributes and optional text) appended to `parent`
 *  (null: none), for the charts. */
export function svgEl(parent, tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  if (text !== undefined) {
    node.textContent = text;
  }
  if (parent) {
    parent.append(node);
  }
  return node;
}
