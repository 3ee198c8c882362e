// Cocktail Book: small progressive enhancements. Every action also works as a plain link or form.
(function () {
  "use strict";
  var body = document.body;

  function announce(text) {
    var region = document.getElementById("announcer");
    if (region) { region.textContent = text; }
  }

  // While the catalog loads, ask the server until it is ready (or has failed), then show the page.
  if (body.dataset.catalogState === "loading") {
    var poll = function () {
      fetch("/api/v1/catalog", { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (response) { return response.json(); })
        .then(function (status) {
          if (status.state === "loading") {
            setTimeout(poll, 600);
          } else {
            location.reload();
          }
        })
        .catch(function () { setTimeout(poll, 1500); });
    };
    setTimeout(poll, 600);
  }

  // Toggle a favorite in place; the list shows the change when the user returns to it.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("favorite-form")) { return; }
    var button = form.querySelector(".heart-toggle");
    var field = form.querySelector('input[name="favorite"]');
    if (!button || !field || !window.fetch) { return; }
    event.preventDefault();
    var on = field.value === "true";
    button.disabled = true;
    fetch(form.dataset.api, { method: on ? "PUT" : "DELETE" })
      .then(function (response) {
        if (response.status !== 204) { throw new Error("status " + response.status); }
        button.setAttribute("aria-pressed", on ? "true" : "false");
        field.value = on ? "false" : "true";
        announce(on ? "Added to favorites" : "Removed from favorites");
      })
      .catch(function () { form.submit(); })
      .finally(function () { button.disabled = false; });
  });

  // A page restored from the back-forward cache may show stale favorites: fetch it afresh.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { location.reload(); }
  });
})();
