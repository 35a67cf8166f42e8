/* Times are stored and printed in UTC; on a phone or laptop, show them on its own clock.
   Each <time data-utc datetime="2026-11-22T21:05:09Z"> gets the local date and time; an element
   with data-local-note="..." swaps its UTC note for that text. Without JavaScript, UTC stays. */
(function () {
  "use strict";
  var shown = 0;
  // the page's language ("cs"), in the device's own variant when it matches ("en-GB")
  var page = document.documentElement.lang || "", device = navigator.language || "";
  var locale = page && device.toLowerCase().indexOf(page) !== 0 ? page : device || [];
  document.querySelectorAll("time[data-utc]").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    el.title = el.textContent + " UTC";
    el.textContent = when.toLocaleString(locale, {
      year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", second: "2-digit"
    });
    shown += 1;
  });
  if (!shown) return;
  document.querySelectorAll("[data-local-note]").forEach(function (el) {
    el.textContent = el.getAttribute("data-local-note");
  });
})();
