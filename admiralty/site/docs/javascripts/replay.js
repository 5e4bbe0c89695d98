/* admiralty replay viewer: step through a scenario's recorded sample game turn by turn, listing that turn's
   events and marking on the map above every zone, sea, port, unit or battery they name. Loads nothing. */
(function () {
  "use strict";
  var KEYS = ["data-zone", "data-sea", "data-port", "data-unit", "data-battery", "data-fleet"];

  function start(viewer) {
    var data;
    try { data = JSON.parse(viewer.querySelector("script.replay-data").textContent); } catch (e) { return; }
    var turns = data.turns || [], index = 0;
    var label = viewer.querySelector(".replay-turn"), list = viewer.querySelector(".replay-events");
    var map = document.querySelector("svg.admiralty-map");
    function show() {
      var turn = turns[index];
      label.textContent = "Turn " + turn.turn + " (" + (index + 1) + " of " + turns.length + ")";
      viewer.setAttribute("data-turn", String(turn.turn));
      list.textContent = "";
      turn.events.forEach(function (e) {
        var item = document.createElement("li");
        var head = document.createElement("strong");
        head.textContent = e.type;
        item.appendChild(head);
        item.appendChild(document.createTextNode(" " + e.text + (e.rule ? " [" + e.rule + "]" : "")));
        item.className = "replay-event phase-" + e.phase.replace(/[^a-z0-9-]/gi, "");
        list.appendChild(item);
      });
      if (map) {
        Array.prototype.forEach.call(map.querySelectorAll(".replay-mark"), function (el) {
          el.classList.remove("replay-mark");
        });
        turn.marks.forEach(function (name) {
          KEYS.forEach(function (key) {
            Array.prototype.forEach.call(map.querySelectorAll("[" + key + "]"), function (el) {
              if (el.getAttribute(key) === name) { el.classList.add("replay-mark"); }
            });
          });
        });
      }
      viewer.querySelector("[data-step='-1']").disabled = index === 0;
      viewer.querySelector("[data-step='1']").disabled = index === turns.length - 1;
    }
    Array.prototype.forEach.call(viewer.querySelectorAll("button[data-step]"), function (b) {
      b.addEventListener("click", function () {
        index = Math.max(0, Math.min(turns.length - 1, index + (+b.getAttribute("data-step"))));
        show();
      });
    });
    if (turns.length) { show(); }
  }

  function all() { Array.prototype.forEach.call(document.querySelectorAll(".replay-viewer"), start); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", all); } else { all(); }
})();
