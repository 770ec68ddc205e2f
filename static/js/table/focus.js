// Keeping the reader's place. The table is drawn anew from every payload (a move, a push), which
// would drop the keyboard focus to the top of the page, many Tabs away from the next move.
// Before a redraw `noteFocus` says where the focus was; after it `restoreFocus` puts it on the
// same control's new copy, or, when that control is gone (the card just bought), on the control
// now at its place in the Tab order.

import { dialogOpener } from "./dialog.js";
import { root } from "./page.js";

const FOCUSABLE = "button:not([disabled]):not([tabindex='-1']), select, a[href], input, [tabindex='0']";

function focusables() {
  return [...root.querySelectorAll(FOCUSABLE)].filter((node) => node.offsetParent !== null && !node.closest("dialog"));
}

/** A selector for this control's new copy after a redraw (null if it has no stable mark). */
function markOf(node) {
  for (const key of ["card", "pile", "pass", "step", "action"]) {
    if (node.dataset[key] !== undefined) {
      return `[data-${key}="${CSS.escape(node.dataset[key])}"]`;
    }
  }
  if (node.id) {
    return `#${CSS.escape(node.id)}`;
  }
  const named = [...node.classList].find((name) => ["undo", "pub-plan"].includes(name));
  return named ? `.${named}` : null;
}

let openerNote = null;

const describe = (node) => ({ mark: markOf(node), index: focusables().indexOf(node) });

/** Where the focus is now, if it is on the table. In the dialog (open, or just closed by the
 * move chosen in it): where the control that opened it was, kept from before any redraw. */
export function noteFocus() {
  const active = document.activeElement;
  if (active && active.closest("dialog")) {
    const opener = dialogOpener();
    if (opener && opener.isConnected && root.contains(opener)) {
      openerNote = describe(opener);
    }
    return openerNote;
  }
  if (!active || !active.isConnected || !root.contains(active)) {
    return null;
  }
  return describe(active);
}

/** Put the focus back where `noted` says it was, unless the reader has moved it meanwhile. */
export function restoreFocus(noted) {
  const current = document.activeElement;
  const lost = !current || current === document.body || !current.isConnected || Boolean(current.closest("dialog:not([open])"));
  if (!noted || !lost) {
    return;
  }
  const same = noted.mark ? root.querySelector(noted.mark) : null;
  if (same && same.offsetParent !== null) {
    same.focus();
    return;
  }
  const all = focusables();
  if (all.length && noted.index >= 0) {
    all[Math.min(noted.index, all.length - 1)].focus();
  }
}

/** When the dialog closes, its opener gets the focus back, also if the table was redrawn. */
export function watchDialog(dialog) {
  dialog.addEventListener("close", () => restoreFocus(noteFocus()));
}
