/* Scorekeeper deal forms: small improvements on top of forms that work without JavaScript.
   Fills in the other side's points, adds -/+ buttons to flek levels, appends declarations in
   place, copies share links. */
(function () {
  "use strict";
  var d = document;
  d.documentElement.classList.add("js");

  // Points: typing one side's card points fills in the other (deal total minus it),
  // unless the player typed that one too.
  d.querySelectorAll("input[data-total]").forEach(function (a) {
    var b = d.getElementById(a.dataset.other);
    if (!b) return;
    // Editing a played-out deal: the pair adds up, so the other one follows the one typed.
    if (a.value !== "" && b.value !== "" && +a.value + +b.value === +a.dataset.total) {
      b.dataset.auto = "1";
    }
    // After a refused out-of-range entry the other one was filled in from it: let it follow.
    if (a.value !== "" && (+a.value < 0 || +a.value > +a.dataset.total)) b.dataset.auto = "1";
    a.addEventListener("input", function () {
      delete a.dataset.auto;
      var v = parseInt(a.value, 10);
      if (b.value === "" || b.dataset.auto) {
        // Out of range: leave the other empty rather than a 0 that would be refused next.
        if (isNaN(v) || v < 0 || v > +a.dataset.total) { b.value = ""; }
        else { b.value = a.dataset.total - v; }
        b.dataset.auto = "1";
      }
    });
  });

  // Flek steppers: − and + around the level, with its name (flek, re, tutti…): the rules name
  // the levels, the page passes them translated in the form's data-flek-names.
  d.querySelectorAll("input[data-step]").forEach(function (input) {
    var names = JSON.parse((input.form && input.form.dataset.flekNames) || "[]");
    var box = d.createElement("span"), out = d.createElement("output");
    box.className = "stepper";
    function button(text, step) {
      var b = d.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", (step > 0 ? "+" : "−") + " " + input.name);
      b.addEventListener("click", function () {
        var v = (parseInt(input.value, 10) || 0) + step, max = parseInt(input.max, 10);
        if (v < 0 || (!isNaN(max) && v > max)) return;
        input.value = v;
        show();
      });
      return b;
    }
    function show() {
      var v = parseInt(input.value, 10) || 0;
      out.textContent = names[v] !== undefined ? names[v] : "×" + Math.pow(2, v);
    }
    input.parentNode.insertBefore(box, input);
    box.appendChild(button("−", -1));
    box.appendChild(input);
    box.appendChild(button("+", 1));
    box.parentNode.appendChild(out);
    input.addEventListener("input", show);
    show();
  });

  // Marianna declarations: team + suit buttons append to the ordered list in place.
  var list = d.getElementById("decl-list"), field = d.querySelector("input[name=declarations]");
  var plain = list ? list.dataset.plain : "";  // the plain declaration's kind, from the form
  function kind() {
    var k = d.querySelector("input[name=kind]:checked");
    return k ? k.value : plain;
  }
  if (list && field) {
    d.querySelectorAll("button[name=add]").forEach(function (b) {
      b.addEventListener("click", function (e) {
        e.preventDefault();
        var parts = b.value.split(":"), k = kind(), li = d.createElement("li");
        var suit = k === "mariannone" ? "" : parts[1];
        field.value = (field.value + " " + parts[0] + ":" + k + ":" + suit).trim();
        var label = b.dataset.label.split(": ");
        var checked = d.querySelector("input[name=kind]:checked + label");
        li.textContent = label[0] + ": " + (k === plain ? "" : checked.textContent + " ") +
          (suit ? label[1] : "");
        list.appendChild(li);
        var first = d.querySelector("input[name=kind][value='" + plain + "']");
        if (first) first.checked = true;
      });
    });
    var pop = d.querySelector("button[name=pop]");
    if (pop) pop.addEventListener("click", function (e) {
      e.preventDefault();
      field.value = field.value.split(" ").slice(0, -1).join(" ");
      if (list.lastElementChild) list.removeChild(list.lastElementChild);
    });
  }

  // Share: copy a link (clipboard API needs https; select + execCommand works on the LAN).
  d.querySelectorAll("[data-copy]").forEach(function (b) {
    b.addEventListener("click", function () {
      var input = d.getElementById(b.dataset.copy), done = function () { b.textContent = "✓"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done);
      } else {
        input.select();
        try { d.execCommand("copy"); done(); } catch (err) { /* the link stays selected */ }
      }
    });
  });
})();
