// The one modal dialog of the table (a card, a pile, the Observatory's choice of pile).

import { $, el } from "./dom.js";
import { T } from "./page.js";

export function openDialog(title, ...body) {
  const dialog = $("card-dialog");
  const close = el("button", { type: "button", class: "button small secondary close", text: T.close });
  close.addEventListener("click", () => dialog.close());
  dialog.replaceChildren(el("div", { class: "dialog-head" }, el("h2", { text: title }), close), ...body);
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
