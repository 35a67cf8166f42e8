// Read-only link boxes (class "copy"): a tap selects the whole link, ready to copy.
document.querySelectorAll("input.copy").forEach((input) => {
  input.addEventListener("click", () => input.select());
});
