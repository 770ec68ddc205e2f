// What the page hands the script (the card catalogue, the translated strings, the urls and
// settings in #table's data-* attributes) and the payload now shown. Everything else reads
// these from here, so no module needs to know how the page was built.

import { fmt } from "./dom.js";

export const root = document.getElementById("table");
export const CARDS = root ? JSON.parse(document.getElementById("card-catalogue").textContent) : {};
export const T = root ? JSON.parse(document.getElementById("table-strings").textContent) : {};
export const D = root ? root.dataset : {};
export const LANG = D.lang === "de" ? "de" : "en";
export const MODE = D.mode; // "live" or "replay"

/** The payload of GET /games/<id>/view (or of a push, or of a replay step) now on the table. */
export const shown = { payload: null };

/** The reader's seat, or null for a spectator. */
export const me = () => (shown.payload ? shown.payload.seat : null);

/** The string `key` in the form for the count `n` (`key_one` for 1, else `key_other`; the
 * languages we speak have these two), its {placeholders} filled from `values`. */
export function counted(key, n, values) {
  return fmt(T[`${key}_${Number(n) === 1 ? "one" : "other"}`], values);
}

export function playerName(seat) {
  const p = shown.payload && shown.payload.players.find((x) => x.seat === seat);
  return p ? p.name : fmt(T.seat_n, { n: seat + 1 });
}

// Names of phases, piles and card colours come from the translated strings, keyed by the
// engine's name. An expansion's phase or pile the strings do not know yet still shows: by name.
export const phaseName = (name) => T[`phase_${name}`] || name;
export const pileName = (name) => T[`pile_${name}`] || name;
export const colourName = (name) => T[`colour_${name}`] || T[`pile_${name}`] || name;
