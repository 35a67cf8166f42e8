/* Live pages (standings, TV): every data-live-every seconds fetch this page again with its ETag
   (the browser sends If-None-Match; a 304 costs the server two small queries) and, when it
   changed, swap in the new [data-live] part. No <meta refresh>: the page never reloads, focus
   and scroll stay. Without JavaScript the page carries a plain "Show the latest" link.
   The TV view's standings come in pages (data-tv-page) that turn every data-turn seconds.
   Used by the tournament pages, the season TV and the spectators' match page. */
(function () {
  "use strict";
  var root = document.querySelector("[data-live]");
  if (!root) { return; }
  var every = parseInt(root.getAttribute("data-live-every") || "0", 10);
  var etag = root.getAttribute("data-etag") || "";
  var turnTimer = null;

  function turnPages() {
    if (turnTimer) { clearInterval(turnTimer); turnTimer = null; }
    var pages = Array.prototype.slice.call(document.querySelectorAll("[data-tv-page]"));
    var marker = document.querySelector("[data-tv-pageno]");
    if (pages.length < 2) { return; }
    var shown = 0;
    var seconds = parseInt(root.getAttribute("data-turn") || "12", 10);
    function show() {
      pages.forEach(function (p, i) { p.hidden = i !== shown; });
      if (marker) {
        marker.textContent = marker.getAttribute("data-template")
          .replace("{n}", shown + 1).replace("{m}", pages.length);
      }
    }
    show();
    turnTimer = setInterval(function () { shown = (shown + 1) % pages.length; show(); }, seconds * 1000);
  }

  function busy() {
    // the organiser is typing or has changed a form on the page: do not swap it away
    var active = document.activeElement;
    if (active && root.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) {
      return true;
    }
    return Array.prototype.some.call(root.querySelectorAll("input, textarea"), function (el) {
      return el.type !== "hidden" && el.type !== "radio" && el.type !== "checkbox" &&
        el.value !== el.defaultValue;
    }) || document.querySelector("dialog[open]") !== null;
  }

  function poll() {
    if (busy()) { return; }
    fetch(window.location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) {
        var tag = response.headers.get("ETag") || "";
        if (!response.ok || tag === etag) { return null; }
        etag = tag;
        return response.text();
      })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live]");
        if (!fresh) { return; }
        root.innerHTML = fresh.innerHTML;
        every = parseInt(fresh.getAttribute("data-live-every") || "0", 10);
        document.dispatchEvent(new CustomEvent("live:updated"));
        turnPages();
        if (!every) { clearInterval(timer); }
      })
      .catch(function () { /* offline for a moment: try again next time */ });
  }

  document.documentElement.classList.add("live-js");
  Array.prototype.forEach.call(document.querySelectorAll("[data-live-link]"), function (a) {
    a.hidden = every > 0;  // live.js keeps the page fresh: the plain link is for pages without it
  });
  turnPages();
  var timer = every > 0 ? setInterval(poll, every * 1000) : null;
})();
