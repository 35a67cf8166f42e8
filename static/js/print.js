// Printable pages: the toolbar's Print button opens the browser's print dialog; on a phone, a
// sheet's table wider than the screen scrolls inside itself (print-phone.css), so it takes the
// keyboard focus to be scrolled without a finger too.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
document.querySelectorAll("table.grid").forEach((table) => {
  if (table.scrollWidth > table.clientWidth + 1) table.tabIndex = 0;
});
