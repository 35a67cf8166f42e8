/* Round timer: counts down to the round's end time (data-ends-at, sent by the server) on the
   device's own clock, so a reloaded page (even one the browser kept: a 304) shows the true time
   left. Without an end time it counts down from the server's remaining seconds at render.
   When time is called it shows the message from data-up: the deal in play is finished. */
(function () {
  "use strict";
  var started = Date.now();
  var timers = [];
  var running = null;
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function collect() {
    started = Date.now();
    timers = Array.prototype.slice.call(document.querySelectorAll(".timer[data-remaining]"));
  }
  function secondsLeft(el) {
    var ends = Date.parse(el.getAttribute("data-ends-at") || "");
    if (!isNaN(ends)) { return Math.floor((ends - Date.now()) / 1000); }
    return parseInt(el.getAttribute("data-remaining"), 10) - Math.floor((Date.now() - started) / 1000);
  }
  function tick() {
    timers.forEach(function (el) {
      var left = secondsLeft(el);
      var clock = el.querySelector(".clock");
      var note = el.querySelector(".note-up");
      if (left > 0) {
        clock.textContent = Math.floor(left / 60) + ":" + pad(left % 60);
        el.classList.toggle("last", left <= 300);
        el.classList.remove("up");
        if (note) { note.textContent = ""; }
      } else {
        clock.textContent = "0:00";
        el.classList.add("up");
        if (note) { note.textContent = el.getAttribute("data-up"); }
      }
    });
  }
  function start() {
    if (timers.length && !running) { tick(); running = setInterval(tick, 1000); }
  }
  // live.js swapped in a fresh page part: pick up its clock
  document.addEventListener("live:updated", function () { collect(); start(); tick(); });
  // a page shown again from the back/forward cache: its clock is ticked at once
  window.addEventListener("pageshow", function () { tick(); });
  collect();
  start();
})();
