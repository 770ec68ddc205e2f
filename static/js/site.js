// Small progressive enhancements for every page. No inline scripts: the CSP allows only ours.
document.documentElement.classList.add("js");

document.addEventListener("change", (event) => {
  const select = event.target.closest("select[data-autosubmit]");
  if (select && select.form) {
    select.form.submit();
  }
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button || !navigator.clipboard) {
    return;
  }
  navigator.clipboard.writeText(button.dataset.copy).then(() => {
    button.textContent = button.dataset.copied || "✓";
  });
});

// A new member's time zone is the browser's (the sign-up form's hidden field), not UTC.
document.querySelectorAll("input[data-browser-zone]").forEach((input) => {
  try {
    input.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    input.value = "";
  }
});
