// Reading <glasshand-deal>'s attributes: each reader gives the value, null when the
// attribute is absent or blank, or throws an EntryError that names the attribute and says
// what to write instead (the widget shows it in place of the deal).

import { EntryError, checkedDeal, parseContract, parsePbnDeal, parseSeat, parseStrain, parseVulnerable } from '../board/bridge.js';

/** The attribute's text, trimmed; null when absent or blank. */
export function text(el, name) {
  const t = el.getAttribute(name);
  return t === null || !t.trim() ? null : t.trim();
}

export function seatAttr(el, name, t = text(el, name)) {
  if (t === null) return null;
  const seat = parseSeat(t);
  if (!seat) throw new EntryError(`${name}="${t}" is not a seat: use N, E, S or W`, name);
  return seat;
}

export function strainAttr(el, name = 'trump') {
  const t = text(el, name);
  if (t === null) return null;
  const strain = parseStrain(t);
  if (!strain) throw new EntryError(`${name}="${t}" is not a strain: use NT, S, H, D or C`, name);
  return strain;
}

export function contractAttr(el) {
  const t = text(el, 'contract');
  if (t === null) return null;
  try {
    return parseContract(t) || null;
  } catch {
    throw new EntryError(`contract="${t}" is not a contract: write it like 4S, 3NT or 2HX`, 'contract');
  }
}

export function vulnerableAttr(el) {
  const t = el.getAttribute('vulnerable');
  if (t === null) return null;
  try {
    return parseVulnerable(t);
  } catch {
    throw new EntryError(`vulnerable="${t}" is not a vulnerability: use None, NS, EW or All`, 'vulnerable');
  }
}

/** The deal attribute's hands, checked (equal sizes, no card twice). */
export function dealAttr(el, { required = true } = {}) {
  const t = text(el, 'deal');
  if (t === null) {
    if (required) throw new EntryError('This widget has no deal: give it a deal="N:…" attribute', 'deal');
    return null;
  }
  try {
    return checkedDeal(parsePbnDeal(t));
  } catch (e) {
    if (e instanceof EntryError) throw new EntryError(`The deal could not be read. ${e.message}.`, 'deal');
    throw e;
  }
}

/** A whole number attribute from min to max, or `fallback`. */
export function integerAttr(el, name, fallback, min, max) {
  const t = text(el, name);
  if (t === null) return fallback;
  const n = Number(t);
  if (!Number.isInteger(n) || n < min || n > max) throw new EntryError(`${name}="${t}" must be a whole number from ${min} to ${max}`, name);
  return n;
}
