// TV view: the grid's row and table counts come in data-* attributes (no inline styles: CSP).
document.querySelectorAll("main[data-rows]").forEach((main) => {
  main.style.setProperty("--rows", main.dataset.rows);
  main.style.setProperty("--tables", main.dataset.tables);
});
