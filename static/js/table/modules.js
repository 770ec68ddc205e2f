// The Market's Modules 3-6 beside the board: the events' row and the score track with its
// obstacles (each drawn only in a game that plays its module). Importing this module also
// registers the dialogs of their decisions (the Twin's pair, an obstacle's bonus).

import { $ } from "./dom.js";
import { eventRow } from "./events.js";
import { scoreTrack } from "./obstacles.js";

export function renderModules(view) {
  const box = $("modules");
  if (!box) {
    return;
  }
  const parts = [eventRow(view), scoreTrack(view)].filter(Boolean);
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
}
