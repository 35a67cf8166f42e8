/* Saving that cannot lose a deal (docs/saving.md). Save puts the deal in this phone's
   localStorage queue (with its Idempotency-Key) and sends the queue in order. Answered at once:
   the form waits; stored, it goes back to what the page first showed; refused, it keeps what
   was typed, the reason beside Save and the focus on the first wrong field. No connection or no
   answer within seconds: the deal waits on the phone (the board says so), the form moves on,
   retries back off. Deals go after the deals the server has as this phone last heard (kept with
   the match's version). Plain http is enough. refresh.js brings the other phone's deals. */
(function () {
  "use strict";
  var d = document, box = d.getElementById("saver");
  if (!box || !window.fetch || !window.URLSearchParams) return;
  try { localStorage.setItem("sk-probe", "1"); localStorage.removeItem("sk-probe"); }
  catch (err) { return; }  // no storage (private mode, full): the plain form keeps working
  var T = box.dataset, storeKey = "sk-queue-" + T.match, seenKey = "sk-seen-" + T.match;
  var form = d.getElementById("deal-form"), status = d.getElementById("save-status");
  var saveBtn = form ? form.querySelector("button.save") : null;
  var known = parseInt(T.deals, 10) || 0;  // deals the server has, as this phone last heard
  var version = parseInt(T.version, 10) || 0;  // ... at this version of the match
  var seen = read(seenKey);
  if (seen && seen.v > version) heard(seen.n, seen.v);  // this page is an older copy
  var F = window.SkForm, initial = form && F ? F.snapshot(form) : [];
  if (form && !F) return;  // deal.js did not run: the plain form keeps working
  var sending = false, retryTimer = null, delay = 0, reloadWhenDone = false;
  var inForm = null, releaseTimer = null;  // the deal still in the form while it is sent
  var TIMEOUT = 20000, RELEASE = 4000;

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (err) { return null; }
  }
  function load() { return read(storeKey) || []; }
  function store(queue) {
    try {
      if (queue.length) { localStorage.setItem(storeKey, JSON.stringify(queue)); }
      else { localStorage.removeItem(storeKey); }
      return true;
    } catch (err) { return false; }
  }
  function heard(n, v) {  // what the server has now (n deals at version v)
    if (v < version) return;
    known = n;
    version = v;
    T.deals = String(n);
    T.version = String(v);
    try { localStorage.setItem(seenKey, JSON.stringify({n: n, v: v})); } catch (err) { /* */ }
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);  // also on plain http, unlike randomUUID
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function say(text, kind) {
    status = d.getElementById("save-status");
    if (!status) return;
    clearTimeout(say.timer);
    status.hidden = !text;
    status.textContent = text || "";
    status.className = "save-status" + (kind ? " " + kind : "");
    if (kind === "ok") say.timer = setTimeout(function () { say(""); }, 6000);
  }
  function saveLabel() {
    if (!saveBtn) return;
    var queue = load(), at = queue.length;  // a deal back in the form keeps its place
    queue.forEach(function (q, i) { if ((q.fixing || q.key === inForm) && i < at) at = i; });
    var next = known + at + 1;
    var label = (saveBtn.dataset.label || saveBtn.textContent).replace(/\d+/, next);
    saveBtn.dataset.label = label;
    if (!saveBtn.disabled) saveBtn.textContent = label;
  }
  function list() { return d.querySelector("#deals ol.deals"); }

  function el(tag, cls, text) {
    var e = d.createElement(tag);
    e.className = cls || "";
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(text, cls, onTap) {
    var b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onTap);
    return b;
  }
  // The queued deals above the stored ones; on the board, how many are not yet sent.
  function render() {
    var ol = list(), queue = load(), blocked = false;
    if (ol) ol.querySelectorAll("li.pending").forEach(function (li) { li.remove(); });
    queue.forEach(function (item, i) {
      var li = el("li", "pending" + (item.refused ? " refused" : "")), head = el("div", "dh");
      var note = el("p", "wait"), acts = el("p", "acts");
      li.dataset.key = item.key;
      head.appendChild(el("b", "", String(known + i + 1)));
      head.appendChild(el("span", "", item.text));
      li.appendChild(head);
      li.appendChild(note);
      if (item.refused) {
        note.textContent = T.tRefused + " " + item.refused;
        blocked = true;
        if (item.fixing) {  // back in the form: saved again, it keeps its place
          note.textContent += " " + T.tFixingNow;
        } else if (form) {
          acts.appendChild(button(T.tFix, "btn small", function () { fix(item.key); }));
        }
        acts.appendChild(button(T.tDiscard, "btn small danger", function () {
          discard(item.key);
        }));
        li.appendChild(acts);
      } else {
        note.textContent = blocked ? T.tBehind : (item.sending ? T.tSending : T.tWaiting);
      }
      if (ol) ol.insertBefore(li, ol.firstChild);
    });
    var none = d.getElementById("no-deals");
    if (none) none.hidden = queue.length > 0 || (ol && ol.querySelector("li") !== null);
    unsent(queue.map(function (q, i) { return {n: known + i + 1, q: q}; }).filter(function (x) {
      return x.q.key !== inForm && !x.q.fixing;
    }));
    saveLabel();
  }
  function unsent(items) {
    var board = d.querySelector(".board"), note = d.getElementById("unsent");
    if (!board) return;
    board.classList.toggle("provisional", items.length > 0);
    if (!items.length) { if (note) note.remove(); return; }
    if (!note) {  // updated in place: a screen reader hears the change
      note = el("div", "note unsent");
      note.id = "unsent";
      note.setAttribute("role", "status");
      board.insertBefore(note, board.querySelector(".sides").nextSibling);
    }
    note.textContent = "";
    var ul = el("ul");
    note.appendChild(el("p", "", T.tUnsent.replace("{n}", items.length)));
    items.slice(0, 3).forEach(function (x) {
      ul.appendChild(el("li", "", x.n + " · " + x.q.text + " · " + T.tUnsentDeal));
    });
    note.appendChild(ul);
  }
  function update(key, changes) {
    var queue = load();
    queue.forEach(function (item) {
      if (item.key === key) Object.keys(changes).forEach(function (k) { item[k] = changes[k]; });
    });
    store(queue);
  }

  // Stored: the deal's line and the scores at once; refresh.js then brings the whole board.
  function stored(answer) {
    heard(Math.max(known, answer.deal.n), answer.version || version);
    var ol = list();
    if (ol && answer.html && !d.getElementById("deal-" + answer.deal.n)) {
      var holder = d.createElement("ol");
      holder.innerHTML = answer.html;
      ol.insertBefore(holder.firstElementChild, ol.querySelector("li:not(.pending)"));
    }
    (answer.scores || []).forEach(function (score, i) {
      var el = d.querySelector(".board .pts[data-score='" + i + "']");
      if (el) el.textContent = score;
    });
    var money = d.querySelectorAll(".board .side .money");
    (answer.money_text || []).forEach(function (text, i) { if (money[i]) money[i].textContent = text; });
    var count = d.getElementById("deal-count"), acts = d.getElementById("deal-acts");
    var undo = d.getElementById("undo-link");
    if (count) count.textContent = "(" + known + ")";
    if (acts) acts.hidden = false;  // undo, history, print: there is a deal now
    if (undo && answer.deal.etag) {  // undo names the deal that is last now
      var url = new URL(undo.href);
      url.searchParams.set("etag", answer.deal.etag);
      undo.href = url.toString();
    }
    if (answer.finished) reloadWhenDone = true;  // the page as a whole: the winner, no form
  }

  function send() {
    if (sending) return;
    clearTimeout(retryTimer);
    var queue = load();
    if (!queue.length) {
      if (reloadWhenDone) {
        d.documentElement.dataset.reloading = "1";
        window.location.reload();
      } else {
        d.dispatchEvent(new CustomEvent("sk:changed"));
      }
      return;
    }
    var item = queue[0];
    if (item.refused) { render(); return; }  // in order: the rest waits for the players
    sending = true;
    T.busy = "1";
    update(item.key, {sending: true});
    render();
    var body = new URLSearchParams(item.body);
    if (T.csrf) body.set("csrf_token", T.csrf);
    body.set("after", String(known));
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT);
    fetch(T.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      // a tap on a link does not cancel it; unanswered, the next page sends it again (same key)
      keepalive: true,
      signal: controller ? controller.signal : undefined,
      headers: {
        "Accept": "application/json",
        "Idempotency-Key": item.key,
        "Prefer": "return=minimal",
        "X-CSRFToken": T.csrf || ""
      }
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (data) {
        return {status: response.status, data: data};
      });
    }).then(function (result) {
      clearTimeout(timer);
      sending = false;
      delete T.busy;
      answered(item, result.status, result.data || {});
    }, function () {
      clearTimeout(timer);
      sending = false;
      delete T.busy;
      trouble(item, T.tKept);
    });
  }
  function answered(item, code, data) {
    var here = inForm === item.key;
    if (code < 300 && data.deal) {
      store(load().filter(function (q) { return q.key !== item.key; }));
      delay = 0;
      if (here) { inForm = null; clearTimeout(releaseTimer); nextDeal(); }
      stored(data);
      say(T.tSaved, "ok");
    } else if (code === 400 && data.csrf && data.csrf !== T.csrf) {
      T.csrf = data.csrf;  // the page was open too long: again with a fresh token
    } else if (code >= 400 && code < 500 && data.errors) {
      var reason = data.errors.map(function (e) { return e.message; }).join(" ");
      update(item.key, {refused: reason, errors: data.errors, sending: false, fixing: here});
      if (here) { inForm = null; clearTimeout(releaseTimer); }
      say(T.tRefused + " " + reason, "bad");
      if (here) F.showErrors(form, data.errors);
      if (typeof data.deals === "number") {  // another phone added deals: show them
        known = data.deals;
        T.deals = String(known);
      }
      if (code === 409) d.dispatchEvent(new CustomEvent("sk:changed"));
    } else {  // 5xx: the server's own words (a full disk…) and ours: it is kept, retried
      var why = (data.errors || []).map(function (e) { return e.message; }).join(" ");
      return trouble(item, (why ? why + " " : "") + T.tTrouble);
    }
    finish();
    send();
  }
  function trouble(item, text) {
    update(item.key, {sending: false});
    release();
    say(text, "warn");
    finish();
    delay = Math.min(60000, delay ? delay * 2 : 2000);
    retryTimer = setTimeout(send, delay + Math.floor(Math.random() * 500));
  }
  function finish() {
    if (saveBtn && !inForm) {
      saveBtn.disabled = false;
      saveBtn.removeAttribute("aria-busy");
    }
    render();  // the label again: "Save deal N"
  }
  // No answer yet or none coming: the deal waits on the phone, the form moves on.
  function release() {
    clearTimeout(releaseTimer);
    if (!inForm) return;
    inForm = null;
    nextDeal();
    say(T.tKept, "warn");
    finish();
  }

  function discard(key) {
    var was = load().filter(function (q) { return q.key === key; })[0];
    store(load().filter(function (q) { return q.key !== key; }));
    if (was && was.fixing) nextDeal();
    say(T.tDiscarded, "");
    render();
    send();
  }
  // Fix: the refused deal goes back into the form, as typed, with the reason beside it.
  function fix(key) {
    var item = load().filter(function (q) { return q.key === key; })[0];
    if (!item) return;
    load().forEach(function (q) { if (q.fixing) update(q.key, {fixing: false}); });
    update(key, {fixing: true});
    F.restore(initial);
    F.fill(form, item.body);
    form.querySelector("input[name=idem]").value = newKey();
    say(T.tFixing + " " + item.refused, "bad");
    render();
    F.showErrors(form, item.errors);
  }

  // The next deal: the form as the page first showed it, a fresh key, the next dealer.
  function nextDeal() {
    var dealers = form.querySelectorAll("input[name=dealer]"), dealer = null, preset = false;
    dealers.forEach(function (r) {
      if (r.checked && r.value !== "") dealer = +r.value;
      if (r.defaultChecked && r.value !== "") preset = true;
    });
    F.restore(initial);
    F.clearErrors(form);
    var count = Array.prototype.filter.call(dealers, function (r) { return r.value !== ""; });
    if (preset && dealer !== null && count.length) {
      var next = form.querySelector("input[name=dealer][value='" + (dealer + 1) % count.length + "']");
      if (next) next.checked = true;
    }
    form.querySelector("input[name=idem]").value = newKey();
  }

  if (form && saveBtn) {
    form.addEventListener("submit", function (e) {
      var by = e.submitter;
      if (by && ["add", "drop", "pop"].indexOf(by.name) >= 0) return;  // marianna without deal.js
      e.preventDefault();
      if (saveBtn.disabled) return;  // a second tap while saving does nothing
      say("");
      F.clearErrors(form);
      var item = {
        key: form.querySelector("input[name=idem]").value || newKey(),
        body: new URLSearchParams(new FormData(form)).toString(),
        text: F.summary(form),
        at: Date.now()
      };
      var queue = load(), at = -1;
      queue.forEach(function (q, i) { if (q.fixing) at = i; });
      if (queue.some(function (q) { return q.key === item.key; })) item.key = newKey();
      if (at >= 0) { queue[at] = item; } else { queue.push(item); at = queue.length - 1; }
      if (!store(queue)) { form.submit(); return; }  // no room on the phone: the plain POST
      if (at === 0 && navigator.onLine !== false) {  // answered at once: the form waits for it
        inForm = item.key;
        saveBtn.disabled = true;
        saveBtn.setAttribute("aria-busy", "true");
        saveBtn.textContent = T.tSaving;
        releaseTimer = setTimeout(release, RELEASE);
      } else {
        nextDeal();
        say(queue[0].refused && at > 0 ? T.tBehind : T.tKept, "warn");
      }
      render();
      delay = 0;
      send();
    });
  }
  // refresh.js brought the board and the deal list as the server has them now.
  d.addEventListener("sk:refreshed", function (e) {
    heard(e.detail.deals, e.detail.version);
    if (form && e.detail.dealer !== undefined && !inForm && F.pristine(initial)) {
      initial.forEach(function (s) {  // the next dealer, after the other phone's deal
        if (s.el.name === "dealer") s.checked = s.el.checked = s.el.value === e.detail.dealer;
      });
    }
    render();
  });
  load().forEach(function (q) { if (q.fixing) update(q.key, {fixing: false}); });  // a fresh form
  window.addEventListener("online", function () { delay = 0; send(); });
  render();
  send();
})();
