// web/frame.html: one <glasshand-deal> set from the URL's hash, sized by its parent page.
// The hash holds the widget's attributes (deal, show, contract, declarer, leader, trump,
// dealer, vulnerable, hand, samples, seed, constraints-n|e|s|w, north, south, tricks, suit,
// west-vacant, east-vacant), and the site's link keys
// `by` and `vul` for declarer and vulnerable, so that a share link's hash works as it is.

import '../widget/glasshand-widget.js';

const ALIASES = { by: 'declarer', vul: 'vulnerable' };

function apply(widget) {
  const params = new URLSearchParams(location.hash.slice(1));
  const wanted = new Map();
  for (const [key, value] of params) {
    const name = ALIASES[key] ?? key;
    if (widget.constructor.observedAttributes.includes(name)) wanted.set(name, value);
  }
  // A share link has no `show`: show what the site shows first.
  if (!wanted.has('show')) wanted.set('show', 'cards,table,play');
  for (const name of widget.getAttributeNames()) if (!wanted.has(name) && name !== 'id') widget.removeAttribute(name);
  for (const [name, value] of wanted) widget.setAttribute(name, value);
}

const widget = document.getElementById('deal');
apply(widget);
addEventListener('hashchange', () => apply(widget));

// The parent cannot read a cross-origin frame's size: tell it.
let last = 0;
new ResizeObserver(() => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === last || window.parent === window) return;
  last = height;
  window.parent.postMessage({ type: 'glasshand:height', height }, '*');
}).observe(document.documentElement);
