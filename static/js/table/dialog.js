// The one modal dialog of the table (a card, a pile, the Observatory's choice of pile). Named by
// its heading; as a modal <dialog> it keeps the focus inside while open and gives it back to the
// control that opened it (focus.js puts it on that control's new copy if the table was redrawn meanwhile).

import { $, el } from "./dom.js";
import { T } from "./page.js";

let opener = null;

/** The control that opened the dialog (where the focus belongs once it closes). */
export const dialogOpener = () => opener;

export function openDialog(title, ...body) {
  const dialog = $("card-dialog");
  if (!dialog.open) {
    opener = document.activeElement;
  }
  const close = el("button", { type: "button", class: "button small secondary close", text: T.close });
  close.addEventListener("click", () => dialog.close());
  dialog.setAttribute("aria-labelledby", "card-dialog-title");
  dialog.replaceChildren(el("div", { class: "dialog-head" }, el("h2", { id: "card-dialog-title", text: title }), close), ...body.filter(Boolean));
  if (!dialog.open) {
    dialog.showModal();
  }
}

export function closeDialog() {
  const dialog = $("card-dialog");
  if (dialog.open) {
    dialog.close();
  }
}
