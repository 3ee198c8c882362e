// Cocktail Book: small progressive enhancements. Every action also works as a plain link or form.
(function () {
  "use strict";
  var body = document.body;

  function announce(message) {
    var region = document.getElementById("announcer");
    if (region) { region.textContent = message; }
  }

  // The page's words for the script, in the page's language: <body data-t-show-more="…">.
  function text(name) {
    return document.body.dataset["t" + name.charAt(0).toUpperCase() + name.slice(1)] || "";
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

  // "Try again" over a saved list: the button shows the refresh under way, then the list is
  // reloaded, or the notice says the source still did not answer.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("retry") || !window.fetch || document.body.dataset.catalogState !== "ready") { return; }
    event.preventDefault();
    var button = form.querySelector("button");
    var label = button.textContent;
    button.setAttribute("aria-busy", "true");
    button.innerHTML = '<span class="spinner" aria-hidden="true"></span> ';
    button.appendChild(document.createTextNode(text("refreshing")));
    announce(text("refreshing"));
    var finish = function (status) {
      if (status && !status.message) { location.reload(); return; }
      button.removeAttribute("aria-busy");
      button.textContent = label;
      var time = timeText(new Date());
      var notice = form.closest(".notice");
      var message = text("refreshFailedAgain").replace("{time}", time);
      if (notice && notice.querySelector("p")) { notice.querySelector("p").textContent = message; }
      announce(message);
    };
    var poll = function () {
      fetch("/api/v1/catalog", { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (response) { return response.json(); })
        .then(function (status) { if (status.refreshing) { setTimeout(poll, 500); } else { finish(status); } })
        .catch(function () { finish(null); });
    };
    fetch("/api/v1/catalog/refresh", { method: "POST" }).then(poll).catch(function () { finish(null); });
  });

  // Forms that destroy something ask first (without JavaScript they simply submit).
  document.addEventListener("submit", function (event) {
    var message = event.target.dataset && event.target.dataset.confirm;
    if (message && !window.confirm(message)) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);

  // Favorites changed without a connection wait here ({api path: true|false}) until the
  // connection returns; the page shows them at once. Each account has its own queue (the page
  // says whose it is), so one person's changes are never sent as another's.
  var PENDING = "cocktailbook-pending-favorites:" + (document.body.dataset.offlineOwner || "anonymous");
  function pending() {
    try { return JSON.parse(localStorage.getItem(PENDING) || "{}"); } catch (error) { return {}; }
  }
  function savePending(queue) {
    try { localStorage.setItem(PENDING, JSON.stringify(queue)); } catch (error) { /* private mode: nothing kept */ }
  }
  var QUEUED = "cocktailbook-pending-forms:" + (document.body.dataset.offlineOwner || "anonymous");
  function queuedForms() {
    try { return JSON.parse(localStorage.getItem(QUEUED) || "[]"); } catch (error) { return []; }
  }
  function saveQueuedForms(kept) {
    try { localStorage.setItem(QUEUED, JSON.stringify(kept)); } catch (error) { /* private mode: nothing kept */ }
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function waitingCount() { return Object.keys(pending()).length + queuedForms().length; }
  function showFavorite(form, on) {
    form.querySelector(".heart-toggle").setAttribute("aria-pressed", on ? "true" : "false");
    form.querySelector('input[name="favorite"]').value = on ? "false" : "true";
  }
  // Sends what waits; what fails stays for the next try. Resolves to how many were sent.
  function flushPending() {
    var queue = pending();
    return Promise.all(Object.keys(queue).map(function (path) {
      return fetch(path, { method: queue[path] ? "PUT" : "DELETE" }).then(function (response) {
        if (response.status === 204 || response.status === 404) {
          var now = pending();
          if (now[path] === queue[path]) { delete now[path]; savePending(now); }
          return 1;
        }
        return 0;
      }).catch(function () { markReachable(false); return 0; });
    })).then(function (sent) { return sent.reduce(function (a, b) { return a + b; }, 0); });
  }

  // Signing out sends what was queued offline first. What cannot be sent now is counted next to
  // the button, which then signs out for real (and drops the queue) on a second press.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-sign-out]")) { return; }
    if (form.dataset.confirmed) { localStorage.removeItem(PENDING); localStorage.removeItem(QUEUED); return; }
    if (waitingCount() === 0) { return; }
    event.preventDefault();
    flushPending().then(flushForms).then(function () {
      var left = waitingCount();
      form.dataset.confirmed = "1";
      if (left === 0) { form.submit(); return; }
      var note = form.querySelector("[data-sign-out-pending]") || document.createElement("p");
      note.setAttribute("data-sign-out-pending", "");
      note.setAttribute("role", "alert");
      note.className = "notice";
      note.textContent = form.dataset.tPending.replace("{n}", String(left));
      form.insertBefore(note, form.firstChild);
      form.querySelector("button[type=submit]").textContent = form.dataset.tAnyway;
    });
  });

  // Reachability: the book is offline when the browser says so, and also when the server does
  // not answer (a home server switched off while the phone is online). Then the banner shows,
  // and the server is asked again with a growing pause, when the browser comes online and when
  // the page is looked at again; as soon as it answers, the queued favorites go and the list
  // is drawn again from the server.
  var serverDown = false;
  var retryDelay = 1000;
  var retryTimer = null;
  function isOffline() { return navigator.onLine === false || serverDown; }
  function markReachable(up) {
    var was = serverDown;
    serverDown = !up;
    updateOfflineBanner();
    if (!up) {
      if (!retryTimer) {
        retryTimer = setTimeout(function () { retryTimer = null; checkServer(); }, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 30000);
      }
      return;
    }
    retryDelay = 1000;
    if (retryTimer) { clearTimeout(retryTimer); retryTimer = null; }
    if (was || waitingCount()) { syncNow(); }
  }
  function checkServer() {
    if (navigator.onLine === false) { updateOfflineBanner(); return; }
    var controller = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (controller) { controller.abort(); } }, 5000);
    fetch("/healthz", { cache: "no-store", signal: controller ? controller.signal : undefined })
      .then(function (response) { markReachable(response.status < 500); })
      .catch(function () { markReachable(false); })
      .finally(function () { clearTimeout(timeout); });
  }
  // One sync at a time: the banner, the page coming back and a visibility change can all ask.
  var syncing = null;
  function syncNow() {
    if (syncing) { return syncing; }
    var waiting = Object.keys(pending()).length;
    syncing = flushPending().then(function (sent) {
      if (sent || waiting) {
        if (!Object.keys(pending()).length) { showQueuedNote(false); }
        redrawList();
      }
      return flushForms();
    }).then(function (result) {
      if (!result.sent && !result.refused) { return; }
      var said = result.refused ? text("queuedRefused").replace("{n}", String(result.refused)) : text("queuedSent");
      // The page as the book has it now (the drink made, the note kept), and what happened.
      // (also a copy saved for offline use, which the server can now draw anew).
      var refreshed = !document.querySelector(".offline-page") && document.querySelector("form[data-queue]") && window.DOMParser
        ? fetch(location.href, { cache: "no-store", headers: { Accept: "text/html" } })
          .then(function (response) { return response.text(); })
          .then(function (html) { showAnswer(html, null); })
          .catch(function () {})
        : Promise.resolve();
      refreshed.then(function () {
        var content = document.getElementById("content");
        if (!content) { return; }
        var note = document.createElement("p");
        note.className = "notice";
        note.setAttribute("role", "status");
        note.setAttribute("data-synced", "");
        note.textContent = said;
        content.insertBefore(note, content.firstChild);
        showQueuedForms();
      });
    }).finally(function () { syncing = null; });
    return syncing;
  }
  // A favorite waiting to be sent is shown as such, visibly, next to the heart and in lists.
  function showQueuedNote(show) {
    var note = document.querySelector("[data-queued-note]");
    var content = document.getElementById("content");
    if (show && !note && content) {
      note = document.createElement("p");
      note.className = "queued-note";
      note.setAttribute("data-queued-note", "");
      note.textContent = text("offlineSavedFavorite");
      content.insertBefore(note, content.firstChild);
    } else if (!show && note) {
      note.remove();
    }
  }
  function showQueuedInList() {
    var list = document.querySelector("ul.cocktail-list");
    if (!list) { return; }
    var queue = pending();
    var pinned = [];
    list.querySelectorAll("a.row").forEach(function (row) {
      var match = /^\/cocktails\/([^?#\/]+)/.exec(row.getAttribute("href") || "");
      if (!match) { return; }
      var path = "/api/v1/favorites/" + match[1];
      var badge = row.querySelector("[data-queued]");
      if (!Object.prototype.hasOwnProperty.call(queue, path)) {
        if (badge) { badge.remove(); row.classList.remove("is-queued"); }
        return;
      }
      var on = queue[path];
      row.classList.add("is-queued");
      row.classList.toggle("is-favorite", on);
      var heart = row.querySelector(".row-heart");
      if (on && !heart) {
        heart = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        heart.setAttribute("class", "row-heart");
        heart.setAttribute("role", "img");
        heart.setAttribute("aria-label", text("listFavorite"));
        var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
        use.setAttribute("href", "#i-heart-fill");
        heart.appendChild(use);
        (row.querySelector(".row-title") || row).appendChild(heart);
      } else if (!on && heart) {
        heart.remove();
      }
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "row-queued";
        badge.setAttribute("data-queued", "");
        (row.querySelector(".row-title") || row).appendChild(badge);
      }
      badge.textContent = text("queuedFavorite");
      if (on && row.closest("li")) { pinned.push(row.closest("li")); }
    });
    pinned.reverse().forEach(function (item) { list.insertBefore(item, list.firstChild); });
  }
  // The list as the server draws it now (favorites pinned), once what waited was sent.
  function redrawList() {
    var list = document.querySelector("ul.cocktail-list");
    if (!list || !window.DOMParser) { return; }
    fetch(location.href, { cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("ul.cocktail-list");
        var now = document.querySelector("ul.cocktail-list");
        if (fresh && now) { now.replaceWith(fresh); }
        showQueuedInList();
      })
      .catch(function () {});
  }
  var favoriteForm = document.querySelector("form.favorite-form");
  if (favoriteForm && Object.prototype.hasOwnProperty.call(pending(), favoriteForm.dataset.api)) {
    showFavorite(favoriteForm, pending()[favoriteForm.dataset.api]);
    showQueuedNote(true);
  }
  showQueuedInList();
  // A page the server drew proves it answers; a saved copy (marked so by the service worker),
  // the offline page, or anything waiting asks it first.
  if (waitingCount() || document.body.hasAttribute("data-saved-copy") || document.querySelector(".offline-page")) {
    checkServer();
  }
  window.addEventListener("online", checkServer);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (serverDown || waitingCount())) { checkServer(); }
  });

  // Toggle a favorite in place; the list shows the change when the user returns to it. The
  // button keeps the keyboard focus; offline, the change is queued and sent later.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("favorite-form")) { return; }
    var button = form.querySelector(".heart-toggle");
    var field = form.querySelector('input[name="favorite"]');
    if (!button || !field || !window.fetch) { return; }
    event.preventDefault();
    if (button.getAttribute("aria-busy") === "true") { return; }
    var on = field.value === "true";
    button.setAttribute("aria-busy", "true");
    var queueIt = function () {
      var queue = pending();
      queue[form.dataset.api] = on;
      savePending(queue);
      showFavorite(form, on);
      showQueuedNote(true);
      announce(text("offlineSavedFavorite"));
    };
    if (isOffline()) {
      queueIt();
      button.removeAttribute("aria-busy");
      return;
    }
    var controller = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (controller) { controller.abort(); } }, 5000);
    fetch(form.dataset.api, { method: on ? "PUT" : "DELETE", signal: controller ? controller.signal : undefined })
      .then(function (response) {
        if (response.status !== 204) { throw new Error("status " + response.status); }
        var queue = pending();
        delete queue[form.dataset.api];
        savePending(queue);
        showFavorite(form, on);
        showQueuedNote(false);
        announce(on ? text("favoriteAdded") : text("favoriteRemoved"));
      })
      .catch(function (error) {
        // No answer at all (or none in time): the server is out of reach. An answer we cannot
        // use: the form decides.
        if (error instanceof TypeError || (error && error.name === "AbortError")) {
          queueIt();
          markReachable(false);
        } else {
          form.submit();
        }
      })
      .finally(function () { clearTimeout(timeout); button.removeAttribute("aria-busy"); });
  });

  // Installable and offline: the service worker keeps visited pages; the banner says when
  // there is no connection and how old the page is.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }
  // The banner and the offline page speak the language last chosen, not the one a saved page
  // or the install happened in: each page the server draws records its words, and refreshes
  // the saved offline page when that one is in another language.
  var WORDS = "cocktailbook-offline-words";
  function savedWords() {
    try { return JSON.parse(localStorage.getItem(WORDS) || "null") || {}; } catch (error) { return {}; }
  }
  var drawnNow = !document.body.hasAttribute("data-saved-copy") && !document.querySelector(".offline-page");
  if (drawnNow) {
    try {
      localStorage.setItem(WORDS, JSON.stringify({
        lang: document.documentElement.lang, dateLocale: document.body.dataset.dateLocale,
        offlineBanner: text("offlineBanner"), serverDownBanner: text("serverDownBanner")
      }));
    } catch (error) { /* nothing kept */ }
    if (window.caches && window.fetch) {
      caches.keys().then(function (names) {
        var shell = names.filter(function (name) { return name.indexOf("cocktailbook-shell-") === 0; })[0];
        if (!shell) { return; }
        return caches.open(shell).then(function (cache) {
          return cache.match("/offline").then(function (saved) { return saved ? saved.text() : ""; }).then(function (html) {
            var lang = /<html[^>]*\slang="([^"]*)"/.exec(html);
            if (lang && lang[1] === document.documentElement.lang) { return; }
            // A query the worker has not kept, so the answer comes from the server.
            return fetch("/offline?for=" + encodeURIComponent(document.documentElement.lang), { cache: "no-store" })
              .then(function (response) { if (response.ok) { return cache.put("/offline", response); } });
          });
        });
      }).catch(function () {});
    }
  }
  // Dates as the server writes them (DateText): the day abbreviated and the time short, joined
  // by a comma, in the locale the page names (<body data-date-locale>), or `locale` (the offline
  // banner speaks the language of the words it kept, which may be newer than a saved page's).
  function dayText(date, locale) {
    return date.toLocaleDateString(locale || document.body.dataset.dateLocale, { dateStyle: "medium" });
  }
  function timeText(date, locale) {
    return date.toLocaleTimeString(locale || document.body.dataset.dateLocale, { timeStyle: "short" });
  }

  function updateOfflineBanner() {
    var banner = document.querySelector("[data-offline-banner]");
    if (!banner) { return; }
    // The offline page says it itself; a banner above it would say the opposite.
    if (!isOffline() || document.querySelector(".offline-page")) { banner.hidden = true; return; }
    var words = savedWords();
    var name = navigator.onLine === false ? "offlineBanner" : "serverDownBanner";
    var rendered = new Date(document.body.dataset.renderedAt || Date.now());
    var date = dayText(rendered, words.dateLocale);
    var time = timeText(rendered, words.dateLocale);
    banner.textContent = (words[name] || text(name)).replace("{when}", date + ", " + time)
      .replace("{date}", date).replace("{time}", time);
    banner.hidden = false;
  }
  updateOfflineBanner();
  window.addEventListener("offline", updateOfflineBanner);

  // The offline page lists the drinks saved on this device.
  var saved = document.querySelector("[data-saved-pages]");
  if (saved && window.caches) {
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf("cocktailbook-pages-") === 0; }).map(function (name) {
        return caches.open(name).then(function (cache) { return cache.keys(); });
      }));
    }).then(function (lists) {
      var seen = {};
      [].concat.apply([], lists).forEach(function (request) {
        var url = new URL(request.url);
        if (url.pathname.indexOf("/cocktails/") !== 0 || seen[url.pathname]) { return; }
        seen[url.pathname] = true;
        caches.match(request).then(function (response) { return response ? response.text() : ""; }).then(function (html) {
          var title = new DOMParser().parseFromString(html, "text/html").querySelector("h1");
          var item = document.createElement("li");
          var link = document.createElement("a");
          link.href = url.pathname + url.search;
          link.textContent = title ? title.textContent : url.pathname;
          item.appendChild(link);
          saved.appendChild(item);
        });
      });
    }).catch(function () {});
  }

  // Search as you type: fetch the results screen and swap the list in, keeping the URL in step.
  var searchField = document.querySelector('form.search input[name="q"]');
  if (searchField && window.fetch && window.DOMParser) {
    var timer = null;
    var latest = 0;
    searchField.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var form = searchField.form;
        var params = new URLSearchParams(new FormData(form));
        if (!searchField.value.trim()) { params.delete("q"); }
        var url = (params.has("q") ? "/search" : "/") + (params.toString() ? "?" + params.toString() : "");
        var ticket = ++latest;
        if (isOffline()) { searchSaved(); return; }
        fetch(url, { headers: { Accept: "text/html" } })
          .then(function (response) { return response.text(); })
          .then(function (html) {
            if (ticket !== latest) { return; }
            var next = new DOMParser().parseFromString(html, "text/html");
            var content = next.getElementById("content");
            var segments = next.querySelector("nav.segmented");
            if (!content) { return; }
            document.getElementById("content").replaceWith(content);
            if (segments) { document.querySelector("nav.segmented").replaceWith(segments); }
            // The heading and the tab's title say what is listed, as the page drawn for the address does.
            var heading = next.querySelector("h1.large-title");
            var shown = document.querySelector("h1.large-title");
            if (heading && shown) { shown.textContent = heading.textContent; }
            if (next.title) { document.title = next.title; }
            history.replaceState(null, "", url);
            observeShowMore();
          })
          .catch(function (error) {
            // No answer: search what this saved page lists, and say so. (An answer we could
            // not read: the form still works by submitting.)
            if (error instanceof TypeError && ticket === latest) { markReachable(false); searchSaved(); }
          });
      }, 300);
    });
  }
  // Offline, the search looks through the drinks of the list on screen, saying it does.
  function searchSaved() {
    var list = document.querySelector("ul.cocktail-list");
    var content = document.getElementById("content");
    if (!list || !content || !searchField) { return; }
    var fold = function (value) { return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); };
    var wanted = fold(searchField.value.trim());
    var shown = 0;
    list.querySelectorAll(":scope > li").forEach(function (item) {
      var name = item.querySelector(".row-name");
      item.hidden = !name || (wanted !== "" && fold(name.textContent).indexOf(wanted) === -1);
      if (!item.hidden) { shown += 1; }
    });
    var note = document.querySelector("[data-offline-search]");
    if (!note) {
      note = document.createElement("p");
      note.className = "queued-note";
      note.setAttribute("data-offline-search", "");
      note.setAttribute("role", "status");
      list.parentNode.insertBefore(note, list);
    }
    note.textContent = text("offlineSearch").replace("{n}", String(shown));
  }

  // The search field docks to the top once the header that holds it has scrolled away, so
  // searching stays at hand while the list gets the screen (the header itself is not sticky).
  function dockSearch() {
    var slot = document.querySelector("[data-search-slot]");
    if (!slot || !window.IntersectionObserver) { return; }
    new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        slot.classList.toggle("docked", !entry.isIntersecting && entry.boundingClientRect.top < 0);
      });
    }).observe(slot);
  }
  dockSearch();

  // Infinite scroll: when "Show more" comes near, load the next page into the list.
  var observer = null;
  function observeShowMore() {
    var link = document.querySelector("a.show-more");
    if (!link || !window.IntersectionObserver || !window.fetch) { return; }
    if (observer) { observer.disconnect(); }
    observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (entry) { return entry.isIntersecting; })) { return; }
      observer.disconnect();
      loadMore(link);
    }, { rootMargin: "400px 0px" });
    observer.observe(link);
  }
  function loadMore(link) {
    if (link.loading) { return link.loading; }
    var item = link.parentNode;
    link.classList.add("is-loading");
    link.innerHTML = '<span class="spinner" aria-hidden="true"></span> ';
    link.appendChild(document.createTextNode(text("loadingMore")));
    link.loading = fetch(link.href, { headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, "text/html");
        var list = item.parentNode;
        next.querySelectorAll("#content ul.cocktail-list > li").forEach(function (row) { list.appendChild(row); });
        item.remove();
        observeShowMore();
      })
      .catch(function () { link.loading = null; link.classList.remove("is-loading"); link.textContent = text("showMore"); });
    return link.loading;
  }
  observeShowMore();

  // Coming back to a list, by its back link or the browser's Back: the rows that were loaded
  // come back and the drink opened last is in view, with the focus.
  var listKey = "cocktailbook-list:" + location.pathname + location.search;
  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : event.target.parentElement;
    var row = target && target.closest("ul.cocktail-list a.row");
    if (row) {
      var state = { rows: document.querySelectorAll("ul.cocktail-list > li > a.row").length, href: row.getAttribute("href") };
      try { sessionStorage.setItem(listKey, JSON.stringify(state)); } catch (error) { /* nothing kept */ }
    }
    var back = target && target.closest("a.back-link");
    if (back) {
      var url = new URL(back.href);
      try { sessionStorage.setItem("cocktailbook-restore", url.pathname + url.search); } catch (error) { /* nothing kept */ }
    }
  });
  (function restoreList() {
    var saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(listKey) || "null"); } catch (error) { saved = null; }
    var navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    var byBackLink = sessionStorage.getItem("cocktailbook-restore") === location.pathname + location.search;
    sessionStorage.removeItem("cocktailbook-restore");
    if (!saved || !document.querySelector("ul.cocktail-list") || !(byBackLink || (navigation && navigation.type === "back_forward"))) { return; }
    if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
    var step = function () {
      var rows = document.querySelectorAll("ul.cocktail-list > li > a.row").length;
      var more = document.querySelector("a.show-more");
      if (rows < saved.rows && more) { loadMore(more).then(step); return; }
      var row = Array.prototype.find.call(document.querySelectorAll("ul.cocktail-list a.row"), function (link) { return link.getAttribute("href") === saved.href; });
      if (row) { row.scrollIntoView({ block: "center" }); row.focus({ preventScroll: true }); }
    };
    step();
  })();

  // The filter screen: Show results and Reset stay disabled until something is chosen.
  // Each choice's count follows the other choices, and choices that would find nothing are
  // disabled: the screen asks the server for itself with the current choices.
  var filters = document.querySelector("form[data-filters]");
  if (filters) {
    var update = function () {
      var chosen = Array.prototype.some.call(filters.querySelectorAll("input:checked"), function (input) { return input.value !== ""; });
      filters.querySelector("[data-submit]").disabled = !chosen;
      filters.querySelector("[data-reset]").disabled = !chosen;
    };
    // Each change asks for fresh counts; only the answer to the latest one is used, so a slow
    // answer to an earlier choice never overwrites the counts of the current one.
    var countsAsked = 0;
    var refreshCounts = function () {
      var asked = ++countsAsked;
      var query = new URLSearchParams();
      new FormData(filters).forEach(function (value, name) { if (value !== "") { query.append(name, value); } });
      var address = "/filters" + (query.toString() ? "?" + query.toString() : "");
      history.replaceState(null, "", address);
      filters.setAttribute("aria-busy", "true");
      fetch(address, { headers: { Accept: "text/html" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          if (asked !== countsAsked) { return; }
          var next = new DOMParser().parseFromString(html, "text/html");
          next.querySelectorAll("form[data-filters] input[id]").forEach(function (fresh) {
            var input = document.getElementById(fresh.id);
            if (!input) { return; }
            // A chosen option stays usable (it can be unchosen) but shows its count too.
            if (!input.checked) {
              input.disabled = fresh.disabled;
              input.closest("label").classList.toggle("is-disabled", fresh.disabled);
            }
            var count = input.closest("label").querySelector(".count");
            var freshCount = fresh.closest("label").querySelector(".count");
            if (count && freshCount) { count.textContent = freshCount.textContent; }
          });
          // An ingredient no drink left has folds away; one that has drinks again comes back, in
          // the order the picker shows them (the server's order, read from the fresh page).
          var open = filters.querySelector("[data-ingredients-open]");
          var fold = filters.querySelector("[data-ingredients-fold]");
          if (open && fold) {
            next.querySelectorAll("form[data-filters] [data-ingredients-open] input[id], form[data-filters] [data-ingredients-fold] input[id]").forEach(function (fresh) {
              var input = document.getElementById(fresh.id);
              if (!input) { return; }
              var label = input.closest("label");
              (fresh.closest("[data-ingredients-fold]") ? fold : open).appendChild(label);
            });
            fold.closest("details").hidden = fold.children.length === 0;
          }
        })
        .catch(function () {})
        .finally(function () { if (asked === countsAsked) { filters.removeAttribute("aria-busy"); } });
    };
    filters.addEventListener("change", function () { update(); refreshCounts(); });
    // "Any" sends nothing: the results' address names only what was chosen.
    filters.addEventListener("submit", function () {
      filters.querySelectorAll("input:checked").forEach(function (input) {
        if (input.value === "") { input.disabled = true; }
      });
      setTimeout(function () { filters.querySelectorAll(".option.any input").forEach(function (input) { input.disabled = false; }); }, 0);
    });
    filters.addEventListener("reset", function () {
      // After the reset has cleared the fields: every group back to Any.
      setTimeout(function () {
        filters.querySelectorAll("input:checked").forEach(function (input) { input.checked = false; });
        filters.querySelectorAll(".option.any input").forEach(function (input) { input.checked = true; });
        update();
        refreshCounts();
      }, 0);
    });
    update();
  }

  // Settings apply at once: each change is saved in the background, one save after another so
  // the last choice always wins, and the page takes the saved theme without a reload. The form
  // itself is left alone: it already shows what was chosen.
  var saving = Promise.resolve();
  var pendingSaves = 0;
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form || !form.hasAttribute("data-settings") || !window.fetch) { return; }
    var body = new URLSearchParams(new FormData(form));
    // Saved in the background, the answer is this screen again (its theme and language); only
    // the plain form goes back to the page the person came from.
    body.set("return", location.pathname + location.search);
    pendingSaves += 1;
    document.documentElement.dataset.settingsSaving = "true";
    saving = saving.then(function () {
      return fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var next = new DOMParser().parseFromString(html, "text/html");
          var root = document.documentElement;
          if (next.documentElement.dataset.theme) { root.dataset.theme = next.documentElement.dataset.theme; } else { delete root.dataset.theme; }
          var scheme = next.querySelector('meta[name="color-scheme"]');
          var current = document.querySelector('meta[name="color-scheme"]');
          if (scheme && current) { current.content = scheme.content; }
          if (next.documentElement.lang !== root.lang) {
            // Another language: every word changes, so the page takes the saved one's body,
            // and the choice just made keeps the focus.
            var chosen = event.target;
            root.lang = next.documentElement.lang;
            document.title = next.title;
            document.body.replaceWith(document.adoptNode(next.body));
            var again = document.querySelector('form[data-settings] [name="' + chosen.name + '"][value="' + chosen.value + '"]');
            if (again) { again.focus(); }
          }
          announce(text("settingsSaved"));
        })
        .catch(function () { form.submit(); });
    }).then(function () {
      pendingSaves -= 1;
      if (pendingSaves === 0) { delete document.documentElement.dataset.settingsSaving; }
    });
  });

  // The settings link remembers this page as it is now (the servings stepper and the filters
  // change the address without a reload), so Settings' Back returns here.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-settings-link]");
    if (!link) { return; }
    var here = location.pathname + location.search;
    link.href = here === "/" ? "/settings" : "/settings?back=" + encodeURIComponent(here);
  }, true);

  // The servings stepper updates the recipe in place. Taps faster than the answers count from
  // the last number asked for, and only the answer to the last tap is shown, so the recipe, the
  // stepper and the address always say the same number.
  var servingsAsked = null;
  var servingsTap = 0;
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-servings]");
    if (!link || !window.fetch) { return; }
    event.preventDefault();
    var target = new URL(link.href, location.href);
    if (servingsAsked !== null) {
      var step = link.dataset.servings === "more" ? 1 : -1;
      var most = Number(link.closest("[data-servings-max]") && link.closest("[data-servings-max]").dataset.servingsMax) || 1;
      var wanted = Math.min(most, Math.max(1, servingsAsked + step));
      if (wanted === servingsAsked) { return; }
      target.searchParams.set("servings", String(wanted));
    }
    servingsAsked = Number(target.searchParams.get("servings")) || 1;
    var tap = ++servingsTap;
    fetch(target.href, { headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (tap !== servingsTap) { return; }
        servingsAsked = null;
        var next = new DOMParser().parseFromString(html, "text/html");
        var section = next.querySelector("section.ingredients");
        if (!section) { location.href = target.href; return; }
        document.querySelector("section.ingredients").replaceWith(section);
        // The variants' lines scale with the recipe.
        var variants = next.querySelector("section.variants");
        var shown = document.querySelector("section.variants");
        if (variants && shown) { shown.replaceWith(variants); }
        history.replaceState(null, "", target.pathname + target.search + location.hash);
        var focus = document.querySelector('a[data-servings="' + link.dataset.servings + '"]');
        if (focus) { focus.focus(); }
        announce(section.querySelector("output").textContent);
      })
      .catch(function () { if (tap === servingsTap) { location.href = target.href; } });
  });

  // Share buttons (a drink, the shopping list) where the browser offers a share sheet.
  document.querySelectorAll("[data-share-text]").forEach(function (share) {
    if (!navigator.share) { return; }
    share.hidden = false;
    share.addEventListener("click", function () {
      var data = { title: share.dataset.shareTitle || document.title, text: share.dataset.shareText };
      if (share.classList.contains("share-button")) { data.url = location.origin + location.pathname; }
      navigator.share(data).catch(function () {});
    });
  });
  var print = document.querySelector("[data-print]");
  if (print) {
    print.hidden = false;
    print.addEventListener("click", function () { window.print(); });
  }

  // A page restored from the back-forward cache may show stale favorites: fetch it afresh.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      // Reloaded, the list still comes back to where it was.
      try { sessionStorage.setItem("cocktailbook-restore", location.pathname + location.search); } catch (error) { /* nothing kept */ }
      location.reload();
    }
  });

  // A form's draft, kept in this browser until it is saved or discarded, and offered back when
  // the same form opens again (the recipe editor, the house-recipe editor). `reshape(saved)`
  // gives the form as many rows as the draft has; the values then go back in order, so a name
  // that repeats (one per row) gets its values in the rows' order. Returns the function that
  // keeps what is typed now.
  var keepDraft = function (form, reshape) {
    var draftKey = form.dataset.draftKey;
    var text = function (name) { return form.dataset["t" + name.charAt(0).toUpperCase() + name.slice(1)] || ""; };
    var fields = function () {
      var values = [];
      form.querySelectorAll("input[name], textarea[name], select[name]").forEach(function (field) {
        if (field.type === "file" || field.name === "csrf" || field.name === "op" || field.name === "confirm") { return; }
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.checked) { values.push([field.name, field.value]); }
        } else {
          values.push([field.name, field.value]);
        }
      });
      return values;
    };
    var initial = JSON.stringify(fields());
    var saveDraft = function () {
      try {
        var now = JSON.stringify(fields());
        if (now === initial) { localStorage.removeItem(draftKey); return; }
        localStorage.setItem(draftKey, JSON.stringify({ savedAt: Date.now(), fields: JSON.parse(now) }));
      } catch (error) { /* storage full or refused: the form itself still works */ }
    };
    var restoreDraft = function (saved) {
      reshape(saved);
      form.querySelectorAll("input[type=checkbox][name], input[type=radio][name]").forEach(function (field) {
        if (field.name !== "confirm") { field.checked = false; }
      });
      var taken = {};
      saved.fields.forEach(function (pair) {
        var named = Array.prototype.filter.call(form.querySelectorAll("input[name], textarea[name], select[name]"), function (field) {
          return field.name === pair[0] && field.type !== "file";
        });
        var choices = named.filter(function (field) { return field.type === "checkbox" || field.type === "radio"; });
        if (choices.length) {
          choices.forEach(function (field) { if (field.value === pair[1]) { field.checked = true; } });
          return;
        }
        var at = taken[pair[0]] || 0;
        taken[pair[0]] = at + 1;
        if (named[at]) { named[at].value = pair[1]; }
      });
    };
    var note = form.querySelector("[data-draft-note]");
    // A form the server answered back (a problem, a confirmation, a newer version, a row added)
    // holds what was typed: it is the draft now.
    var answeredBack = document.querySelector("[data-problems], [data-stale], [data-picture-problem]") || form.querySelector("[data-new-ingredients]") || form.hasAttribute("data-answered");
    if (answeredBack) { initial = ""; saveDraft(); initial = JSON.stringify(fields()); note = null; }
    try {
      var stored = JSON.parse(localStorage.getItem(draftKey) || "null");
      if (stored && stored.fields && JSON.stringify(stored.fields) !== initial && note) {
        var saved = new Date(stored.savedAt);
        var when = dayText(saved) + ", " + timeText(saved);
        note.hidden = false;
        note.textContent = text("draftFound").replace("{time}", when) + " ";
        var restore = document.createElement("button");
        restore.type = "button";
        restore.className = "button small";
        restore.textContent = text("draftRestore");
        restore.dataset.draftRestore = "";
        var discard = document.createElement("button");
        discard.type = "button";
        discard.className = "button secondary small";
        discard.textContent = text("draftDiscard");
        discard.dataset.draftDiscard = "";
        note.appendChild(restore);
        note.appendChild(document.createTextNode(" "));
        note.appendChild(discard);
        form.insertBefore(note, form.firstElementChild);
        restore.addEventListener("click", function () { restoreDraft(stored); note.hidden = true; announce(text("draftRestored")); saveDraft(); });
        discard.addEventListener("click", function () { localStorage.removeItem(draftKey); note.hidden = true; announce(text("draftDiscarded")); });
      }
    } catch (error) { /* no storage: nothing to offer */ }
    form.addEventListener("input", saveDraft);
    form.addEventListener("change", saveDraft);
    form.addEventListener("submit", function (event) {
      var op = event.submitter && event.submitter.value;
      if (!op || op === "save") { try { sessionStorage.setItem("cocktailbook-saving", draftKey); } catch (error) { /* nothing */ } }
    });
    var cancel = form.querySelector("[data-discard]");
    if (cancel) { cancel.addEventListener("click", function () { try { localStorage.removeItem(draftKey); } catch (error) { /* nothing */ } }); }
    return saveDraft;
  };

  // The recipe editor. Rows and steps are added, moved and removed here without a round trip
  // (the same buttons submit the form when there is no script); what is typed is kept in this
  // browser until it is saved or discarded; a chosen photo is scaled down and re-encoded as JPEG
  // (which also drops the camera's metadata) before it is sent.
  var editor = document.querySelector("form[data-editor]");
  if (editor) {
    var listOf = function (kind) { return editor.querySelector(kind === "row" ? ".editor-rows" : ".editor-steps"); };
    var renumber = function (kind) {
      var items = listOf(kind).querySelectorAll(":scope > li");
      items.forEach(function (item, index) {
        item.querySelectorAll("[name]").forEach(function (field) {
          field.name = field.name.replace(/^(row|step)\.\d+/, "$1." + index);
          if (field.name === "op") {
            field.value = field.value.replace(/:\d+$/, ":" + index);
          }
        });
        item.querySelectorAll("[id]").forEach(function (field) { field.id = field.id.replace(/^(row|step)-\d+/, "$1-" + index); });
        item.querySelectorAll("label[for]").forEach(function (label) {
          label.htmlFor = label.htmlFor.replace(/^(row|step)-\d+/, "$1-" + index);
          label.textContent = label.textContent.replace(/\d+$/, String(index + 1));
        });
        item.querySelectorAll("button[data-op]").forEach(function (button) {
          var label = button.getAttribute("aria-label");
          if (label) { button.setAttribute("aria-label", label.replace(/\d+$/, String(index + 1))); }
          if (button.dataset.op === "up") { button.disabled = index === 0; }
          if (button.dataset.op === "down") { button.disabled = index === items.length - 1; }
        });
      });
    };
    var addItem = function (kind) {
      var list = listOf(kind);
      var last = list.querySelector(":scope > li:last-child");
      var fresh = last.cloneNode(true);
      fresh.classList.remove("has-problem");
      fresh.querySelectorAll(".field-problem").forEach(function (node) { node.remove(); });
      fresh.querySelectorAll("input, textarea, select").forEach(function (field) {
        field.removeAttribute("aria-invalid");
        if (field.type === "checkbox") { field.checked = false; }
        else if (field.tagName === "SELECT") { field.selectedIndex = 0; }
        else { field.value = ""; }
      });
      list.appendChild(fresh);
      renumber(kind);
      var first = fresh.querySelector("input, textarea");
      if (first) { first.focus(); }
      return fresh;
    };
    editor.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-op]");
      if (!button || !editor.contains(button)) { return; }
      event.preventDefault();
      var kind = button.value.indexOf("step") >= 0 ? "step" : "row";
      var item = button.closest("li");
      var list = listOf(kind);
      if (button.dataset.op === "add") {
        addItem(kind);
      } else if (button.dataset.op === "remove") {
        var next = item.nextElementSibling || item.previousElementSibling;
        if (list.children.length === 1) {
          item.querySelectorAll("input, textarea").forEach(function (field) { if (field.type === "checkbox") { field.checked = false; } else { field.value = ""; } });
          item.querySelectorAll("select").forEach(function (field) { field.selectedIndex = 0; });
        } else {
          item.remove();
        }
        renumber(kind);
        var focus = next && next.isConnected ? next.querySelector("input, textarea") : editor.querySelector("button[data-op=add]");
        if (focus) { focus.focus(); }
      } else if (button.dataset.op === "up" && item.previousElementSibling) {
        list.insertBefore(item, item.previousElementSibling);
        renumber(kind);
        (button.disabled ? item.querySelector("button[data-op=down]") : button).focus();
      } else if (button.dataset.op === "down" && item.nextElementSibling) {
        list.insertBefore(item.nextElementSibling, item);
        renumber(kind);
        (button.disabled ? item.querySelector("button[data-op=up]") : button).focus();
      }
      announce(button.getAttribute("aria-label") || button.textContent);
      saveDraft();
    });

    // The draft: as many rows and steps as it has, then its values.
    var saveDraft = keepDraft(editor, function (saved) {
      var count = function (kind) {
        var indices = {};
        saved.fields.forEach(function (pair) { var match = pair[0].match(new RegExp("^" + kind + "\\.(\\d+)")); if (match) { indices[match[1]] = true; } });
        return Object.keys(indices).length;
      };
      ["row", "step"].forEach(function (kind) {
        var wanted = Math.max(1, count(kind));
        while (listOf(kind).children.length < wanted) { addItem(kind); }
        while (listOf(kind).children.length > wanted) { listOf(kind).lastElementChild.remove(); }
        renumber(kind);
      });
    });

    // A chosen photo: scaled to 1600 px at most, as a JPEG (upright: the camera's orientation is
    // applied). The small copies lists show are the server's (`/medium`), made from what it keeps.
    var pictureInput = editor.querySelector("[data-picture-input]");
    if (pictureInput && window.createImageBitmap && window.DataTransfer && HTMLCanvasElement.prototype.toBlob) {
      var scaled = function (bitmap, longest) {
        var ratio = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
        var canvas = document.createElement("canvas");
        canvas.width = Math.max(1, Math.round(bitmap.width * ratio));
        canvas.height = Math.max(1, Math.round(bitmap.height * ratio));
        canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        return new Promise(function (resolve) { canvas.toBlob(resolve, "image/jpeg", 0.85); });
      };
      pictureInput.addEventListener("change", function () {
        var file = pictureInput.files && pictureInput.files[0];
        if (!file || pictureInput.dataset.scaled === file.name) { return; }
        createImageBitmap(file, { imageOrientation: "from-image" }).then(function (bitmap) {
          return Promise.all([scaled(bitmap, 1600)]);
        }).then(function (blobs) {
          if (!blobs[0]) { return; }
          var name = (file.name.replace(/\.[^.]*$/, "") || "photo") + ".jpg";
          var main = new DataTransfer();
          main.items.add(new File([blobs[0]], name, { type: "image/jpeg" }));
          pictureInput.dataset.scaled = name;
          pictureInput.files = main.files;
          var preview = editor.querySelector(".picture-preview");
          if (!preview) {
            preview = document.createElement("img");
            preview.className = "picture-preview";
            preview.alt = "";
            preview.width = 160;
            preview.height = 120;
            pictureInput.before(preview);
          }
          preview.src = URL.createObjectURL(blobs[0]);
        }).catch(function () { /* the browser cannot read it: the original is sent and the server judges it */ });
      });
    }
  }
  // Things done without the connection. Forms marked data-queue ("I made this", a note, a
  // rating, adding drinks to a list or to the shopping list) are sent by the script, each with an
  // Idempotency-Key: when the book does not answer, the form is kept on this device, in order,
  // marked "waiting to sync" next to it, and sent with the same key as soon as the book answers
  // again (a form whose answer was lost on the way is not done twice). Any other form says it
  // needs the connection instead of leaving the page for the browser's error page.
  function showAnswer(html, form) {
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("#content");
    var content = document.querySelector("#content");
    if (!fresh || !content) { throw new Error("no content"); }
    content.replaceWith(fresh);
    showQueuedForms();
    var problem = fresh.querySelector("[data-field-problem]");
    var target = form && form.getAttribute("data-stay") ? fresh.querySelector(form.getAttribute("data-stay")) : null;
    if (target) { target.focus(); }
    var said = problem || fresh.querySelector("[data-added-notice]") || fresh.querySelector("[role=status].notice");
    if (said) { announce(said.textContent.trim()); }
  }
  function sendKept(entry) {
    var controller = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (controller) { controller.abort(); } }, 10000);
    var body = new URLSearchParams(entry.body);
    // The token of the page on screen, which the server drew for this browser's cookie.
    var current = document.querySelector("input[name=csrf]");
    if (current && current.value) { body.set("csrf", current.value); }
    return fetch(entry.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Idempotency-Key": entry.key }, signal: controller ? controller.signal : undefined
    }).then(function (response) {
      // A proxy in front saying the book is not there is the book not answering.
      if (response.status === 502 || response.status === 503 || response.status === 504) {
        throw new TypeError("status " + response.status);
      }
      return response;
    }).finally(function () { clearTimeout(timeout); });
  }
  function keepForm(form, entry) {
    var kept = queuedForms();
    kept.push(entry);
    saveQueuedForms(kept);
    showQueuedForms();
    announce(text("queuedForm"));
  }
  // "Waiting to sync" next to each form of this page that has something kept.
  function showQueuedForms() {
    var waiting = {};
    queuedForms().forEach(function (entry) { waiting[entry.action] = (waiting[entry.action] || 0) + 1; });
    document.querySelectorAll("form[data-queue]").forEach(function (form) {
      var note = form.querySelector("[data-queued-form]");
      var count = waiting[new URL(form.action, location.href).pathname] || 0;
      if (!count) { if (note) { note.remove(); } return; }
      if (!note) {
        note = document.createElement("p");
        note.className = "queued-note";
        note.setAttribute("data-queued-form", "");
        form.appendChild(note);
      }
      note.textContent = text("queuedForm");
    });
  }
  // Sends what was kept, in order; stops at the first that cannot go. Resolves to how many went
  // and how many the book refused (a drink deleted meanwhile, a list removed).
  function flushForms() {
    var result = { sent: 0, refused: 0 };
    function next() {
      var kept = queuedForms();
      if (!kept.length) { return Promise.resolve(result); }
      var entry = kept[0];
      return sendKept(entry).then(function (response) {
        // 409: the same form, sent from another tab, is being answered; it stays for the next try.
        if (response.status === 409) { throw new Error("in use"); }
        if (response.ok) { result.sent += 1; } else { result.refused += 1; }
        saveQueuedForms(queuedForms().filter(function (other) { return other.key !== entry.key; }));
        return next();
      });
    }
    return next().catch(function () { markReachable(false); return result; });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.matches || (form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
    if (!form.matches("form[data-queue]")) {
      if (!isOffline()) { return; }
      event.preventDefault();
      var said = form.querySelector("[data-needs-connection]") || document.createElement("p");
      said.className = "queued-note";
      said.setAttribute("data-needs-connection", "");
      said.setAttribute("role", "alert");
      said.textContent = text("needsConnection");
      form.appendChild(said);
      return;
    }
    if (!window.fetch || !window.DOMParser || !window.URLSearchParams) { return; }
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") { return; }
    var fields = new URLSearchParams(new FormData(form, event.submitter || undefined));
    var entry = {
      key: newKey(), action: new URL(form.action, location.href).pathname,
      body: fields.toString(), page: location.pathname
    };
    if (isOffline()) { keepForm(form, entry); return; }
    form.setAttribute("aria-busy", "true");
    sendKept(entry)
      .then(function (response) { return response.text(); })
      .then(function (html) { showAnswer(html, form); })
      .catch(function (error) {
        if (error instanceof TypeError || (error && error.name === "AbortError")) {
          keepForm(form, entry);
          markReachable(false);
        } else {
          form.submit();
        }
      })
      .finally(function () { form.removeAttribute("aria-busy"); });
  });
  showQueuedForms();
  // The offline page in place of a form the book never got (see sw.js): say so first.
  if (document.body.hasAttribute("data-form-not-sent")) {
    var main = document.getElementById("content");
    if (main) {
      var unsent = document.createElement("p");
      unsent.className = "notice";
      unsent.setAttribute("role", "alert");
      unsent.setAttribute("data-form-not-sent-notice", "");
      unsent.textContent = text("needsConnection");
      main.insertBefore(unsent, main.firstChild);
    }
  }

  // Forms marked data-stay post without leaving the page: the answer (the page after the
  // redirect, or the same page with the problem next to the field) replaces the content, and
  // focus goes where the form says (the field, ready for the next bottle). Without a script,
  // or when the answer cannot be read, the form simply submits.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.hasAttribute || !form.hasAttribute("data-stay") || !window.fetch || !window.DOMParser) { return; }
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") { return; }
    form.setAttribute("aria-busy", "true");
    var body = new URLSearchParams(new FormData(form, event.submitter || undefined));
    fetch(form.getAttribute("action"), { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) { showAnswer(html, form); })
      .catch(function () { form.removeAttribute("aria-busy"); form.submit(); });
  });

  // Installing the book: where the browser offers it, an Install button in the bar asks it to.
  var installPrompt = null;
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    installPrompt = event;
    document.querySelectorAll("[data-install]").forEach(function (button) { button.hidden = false; });
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-install]");
    if (!button || !installPrompt) { return; }
    var offer = installPrompt;
    installPrompt = null;
    offer.prompt();
    Promise.resolve(offer.userChoice).catch(function () {}).then(function () {
      document.querySelectorAll("[data-install]").forEach(function (other) { other.hidden = true; });
    });
  });
  window.addEventListener("appinstalled", function () {
    document.querySelectorAll("[data-install]").forEach(function (button) { button.hidden = true; });
  });

  // The house-recipe editor keeps its draft too. Lines are added by the server (the form works
  // without script), so a draft with more lines than the page gets them here, numbered as the
  // server numbers them.
  var houseEditor = document.querySelector("form[data-house-editor][data-draft-key]");
  if (houseEditor) {
    keepDraft(houseEditor, function (saved) {
      var wanted = Math.max(1, saved.fields.filter(function (pair) { return pair[0] === "line"; }).length);
      var rows = function () { return houseEditor.querySelectorAll(".house-row"); };
      while (rows().length > wanted) { rows()[rows().length - 1].remove(); }
      while (rows().length < wanted) {
        var last = rows()[rows().length - 1];
        var fresh = last.cloneNode(true);
        var index = rows().length;
        fresh.dataset.row = String(index);
        fresh.querySelectorAll("[id]").forEach(function (node) { node.id = node.id.replace(/^row-\d+/, "row-" + index); });
        fresh.querySelectorAll("label[for]").forEach(function (label) {
          label.htmlFor = label.htmlFor.replace(/^row-\d+/, "row-" + index);
          label.textContent = label.textContent.replace(/\d+$/, String(index + 1));
        });
        fresh.querySelectorAll("button[name=op]").forEach(function (button) {
          button.value = "remove-row-" + index;
          button.setAttribute("aria-label", (button.getAttribute("aria-label") || "").replace(/\d+$/, String(index + 1)));
        });
        fresh.querySelectorAll("input").forEach(function (field) { field.value = ""; field.removeAttribute("aria-invalid"); });
        last.after(fresh);
      }
    });
  }

  // Both editors: Enter in a one-line field does not send the whole recipe (only the buttons
  // save); after a refused save the first field with a problem has the focus; leaving with
  // changes not saved asks first (the draft is kept either way).
  document.querySelectorAll("form[data-editor], form[data-house-editor]").forEach(function (form) {
    form.addEventListener("keydown", function (event) {
      var field = event.target;
      if (event.key !== "Enter" || event.isComposing || !field.matches || !field.matches("input")) { return; }
      if (["submit", "button", "checkbox", "radio", "file", "image", "reset"].indexOf(field.type) >= 0) { return; }
      event.preventDefault();
      // Enter in the recipe page's address reads the page, as its own button does.
      var read = field.name === "url" && form.querySelector("[data-read-page]");
      if (read) { read.click(); }
    });
    var invalid = form.querySelector("[aria-invalid=true]");
    if (invalid && !form.querySelector(":focus")) { invalid.focus(); }
    var changed = false;
    form.addEventListener("input", function () { changed = true; });
    form.addEventListener("change", function () { changed = true; });
    form.addEventListener("submit", function () { changed = false; });
    window.addEventListener("beforeunload", function (event) {
      if (!changed) { return; }
      event.preventDefault();
      event.returnValue = "";
    });
  });

  // A recipe saved: the draft it was typed in is no longer needed.
  if (document.querySelector("[data-saved-notice]")) {
    try {
      var saving = sessionStorage.getItem("cocktailbook-saving");
      if (saving) { localStorage.removeItem(saving); sessionStorage.removeItem("cocktailbook-saving"); }
    } catch (error) { /* nothing kept */ }
  }
})();
