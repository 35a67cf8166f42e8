// Printable pages: the toolbar's Print button opens the browser's print dialog.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
