// Live play for the table page: an event stream tells of every change, and the page fetches
// its new state. Forms work without this script; it adds no behaviour they need.
(function () {
  "use strict";
  function pinsChanged() {
    var b = document.querySelector(".knock");
    if (b) b.disabled = !document.querySelector('.pin input:checked');
  }
  function wire() {
    pinsChanged();
    document.querySelectorAll(".pin input").forEach(function (i) {
      i.addEventListener("change", pinsChanged);
    });
  }
  var main = document.getElementById("game");
  if (!main || !window.EventSource || !window.fetch) return;
  wire();
  var version = Number(main.dataset.version);
  var loading = false, again = false;
  function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    fetch(main.dataset.page, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var next = new DOMParser().parseFromString(html, "text/html").getElementById("game");
        var cur = document.getElementById("game");
        if (next && cur && Number(next.dataset.version) >= version) {
          var focus = document.activeElement && document.activeElement.getAttribute("aria-label");
          cur.replaceWith(next);
          version = Number(next.dataset.version);
          wire();
          if (focus) {
            var f = next.querySelector('[aria-label="' + focus.replace(/"/g, '\\"') + '"]');
            if (f) f.focus();
          }
        }
      })
      .catch(function () {})
      .finally(function () { loading = false; if (again) { again = false; refresh(); } });
  }
  var es = new EventSource(main.dataset.events + "?v=" + version);
  es.addEventListener("table", function (e) {
    var v = JSON.parse(e.data).version;
    if (v > version) refresh();
  });
})();
