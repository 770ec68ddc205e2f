// Colours live in table.css as variables, each defined once: --card-<colour> for a card colour,
// a phase or a pile (with an optional hand-picked --card-<colour>-bg tint and --card-<colour>-ink
// for text on it) and --seat-<n> for a
// seat (with an optional --seat-<n>-ink where text needs a darker shade). An element names its
// colour in data-color / data-seat; these functions point its --cc/--cb/--ci or --seat/--seat-ink at
// the right variables. So a new colour (the Market's yellow, a fifth seat) is one CSS variable,
// and a colour nobody defined yet falls back to a neutral one instead of breaking the table.

const ident = (name) => String(name).replace(/[^A-Za-z0-9_-]/g, "");

/** Colour `node` as the card colour, phase or pile `colour` (and record it in data-color). */
export function tint(node, colour) {
  const name = ident(colour);
  const base = `var(--card-${name}, var(--card-other))`;
  node.dataset.color = name;
  node.style.setProperty("--cc", base);
  node.style.setProperty("--cb", `var(--card-${name}-bg, color-mix(in srgb, ${base} 12%, white))`);
  node.style.setProperty("--ci", `var(--card-${name}-ink, ${base})`);
  return node;
}

/** Colour `node` as seat `seat` (and record it in data-seat). */
export function seatTint(node, seat) {
  const n = ident(seat);
  node.dataset.seat = n;
  node.style.setProperty("--seat", `var(--seat-${n}, var(--line))`);
  node.style.setProperty("--seat-ink", `var(--seat-${n}-ink, var(--seat-${n}, var(--ink)))`);
  return node;
}

/** Colour every element under `container` that names a colour or seat (server-rendered HTML). */
export function paint(container) {
  container.querySelectorAll("[data-color]").forEach((node) => tint(node, node.dataset.color));
  container.querySelectorAll("[data-seat]").forEach((node) => seatTint(node, node.dataset.seat));
}
