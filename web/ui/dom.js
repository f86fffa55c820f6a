// The one DOM helper of the site's and the widget's views.

/** A DOM element: `attrs` `class`, `text`, `on<event>` handlers and attributes; children. */
export function el(tag, attrs = {}, ...children) {
  let e = document.createElement(tag);
  for (let [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (let c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}
