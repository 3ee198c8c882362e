"""Issue 31, item 5: the home server switched off while the phone is online counts as offline
(the banner says so), a favorite toggled then is shown as waiting, in the drink and in the list,
it reaches the server as soon as the server answers again (no reload needed) and the list is
drawn again with it on top; with the network really off, the saved list shows it too. The real
server process is stopped and started again on the same port (the page's origin stays)."""

from __future__ import annotations

import json
import re
import subprocess
import urllib.request

from playwright.sync_api import expect

from conftest import DEADLINE, wait_until
from helpers import row_names


def favorites(server) -> list[str]:
    with urllib.request.urlopen(server.url + "/api/v1/favorites", timeout=DEADLINE) as response:
        return [c["id"] for c in json.loads(response.read())["cocktails"] if c["isFavorite"]]


def start_again(running) -> None:
    """Starts the stopped server again, on the same port and database."""
    log = open(running._log_path, "ab")
    running.process = subprocess.Popen(
        [str(running._binary), "serve", "--port", str(running.port), "--database", str(running.database),
         "--source-latency", str(running.latency), "--source-failures", "0",
         *(["--catalog", str(running.catalog_file)] if running.catalog_file else [])],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    log.close()
    assert running._wait_healthy(), running.log()


def controlled(running, new_page, *paths: str):
    page = new_page()
    page.goto(running.url + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    for path in paths:
        page.goto(running.url + path)
        page.wait_for_function(
            "p => caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.match(p)))))"
            ".then(found => found.some(Boolean))", arg=path)
    return page


def test_a_server_that_does_not_answer_counts_as_offline_and_favorites_sync_when_it_returns(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled(running, new_page, "/", "/cocktails/3")
    running.stop()

    page.goto(running.url + "/cocktails/3")
    expect(page.locator("h1")).to_have_text("Manhattan")
    assert page.evaluate("navigator.onLine") is True
    banner = page.locator("[data-offline-banner]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("The book's server isn't answering")
    # The saved page's day and time, each in the style every page writes them in (DateText).
    expect(banner).to_contain_text(re.compile(r"saved on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M\."))

    heart = page.locator("button.heart-toggle")
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true")
    note = page.locator("[data-queued-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Favorite saved on this device")

    # The saved list shows it waiting, pinned on top, with its heart.
    page.goto(running.url + "/")
    expect(banner).to_be_visible()
    first = page.locator("ul.cocktail-list a.row").first
    expect(first.locator(".row-name")).to_have_text("Manhattan")
    expect(first.locator("[data-queued]")).to_be_visible()
    expect(first.locator("[data-queued]")).to_have_text("Waiting to sync")
    expect(first.locator(".row-heart")).to_have_count(1)

    # The server returns: the page finds out by itself, sends the favorite and redraws the list.
    start_again(running)
    wait_until(lambda: favorites(running) == ["3"], DEADLINE, "the queued favorite never reached the server")
    expect(banner).to_be_hidden()
    expect(page.locator("ul.cocktail-list [data-queued]")).to_have_count(0)
    assert row_names(page)[0] == "Manhattan"
    expect(page.locator("ul.cocktail-list a.row").first).to_have_class(re.compile(r"\bis-favorite\b"))
    assert page.evaluate("localStorage.getItem('cocktailbook-pending-favorites:owner')") == "{}"


def test_with_the_network_off_the_saved_list_shows_a_favorite_set_offline(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled(running, new_page, "/", "/cocktails/1")
    page.context.set_offline(True)
    page.goto(running.url + "/cocktails/1")
    expect(page.locator("h1")).to_have_text("Mojito")
    page.locator("button.heart-toggle").click()
    expect(page.locator("[data-queued-note]")).to_be_visible()
    page.goto(running.url + "/")
    expect(page.locator("[data-offline-banner]")).to_contain_text("You're offline")
    first = page.locator("ul.cocktail-list a.row").first
    expect(first.locator(".row-name")).to_have_text("Mojito")
    expect(first.locator("[data-queued]")).to_have_text("Waiting to sync")
    assert favorites(running) == []

    page.context.set_offline(False)
    wait_until(lambda: favorites(running) == ["1"], DEADLINE, "the favorite was not sent when the network returned")
    expect(page.locator("ul.cocktail-list [data-queued]")).to_have_count(0)
    assert row_names(page)[0] == "Mojito"


def test_the_offline_page_and_banner_follow_the_language_chosen_after_install(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled(running, new_page, "/", "/cocktails/3")  # installed, and Manhattan saved, in English
    page.goto(running.url + "/cocktails/1?lang=it")  # the person switches to Italian
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.wait_for_function(
        "() => caches.keys().then(names => Promise.all(names.filter(n => n.startsWith('cocktailbook-shell-'))"
        ".map(n => caches.open(n).then(c => c.match('/offline')).then(r => r ? r.text() : ''))))"
        ".then(pages => pages.some(html => html.includes('<html lang=\"it\"')))")

    page.context.set_offline(True)
    page.goto(running.url + "/cocktails/3")  # saved in English before the switch
    expect(page.locator("h1")).to_have_text("Manhattan")
    expect(page.locator("[data-offline-banner]")).to_contain_text("Sei offline. Il ricettario è quello salvato")
    # In the words' language, dates too: (29 nov 2026, 19:44), no article to elide before an 8.
    expect(page.locator("[data-offline-banner]")).to_contain_text(re.compile(r"\(\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}\)\."))
    page.goto(running.url + "/cocktails/5")  # never visited: the offline page, in Italian
    expect(page.locator("h1")).to_have_text("Sei offline")
    page.context.set_offline(False)


def test_offline_search_looks_through_the_saved_list_and_the_offline_page_has_no_banner(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled(running, new_page, "/")
    page.context.set_offline(True)
    page.goto(running.url + "/")
    expect(page.locator("[data-offline-banner]")).to_contain_text(re.compile(r"as saved on .+ at .+\."))
    page.fill('form.search input[name="q"]', "pina")
    note = page.locator("[data-offline-search]")
    expect(note).to_have_text("Search needs the book's server. Matching drinks on the list saved on this device: 1.")
    visible = [name for name in page.locator("ul.cocktail-list > li:not([hidden]) .row-name").all_inner_texts()]
    assert visible == ["Piña Colada"], visible
    page.goto(running.url + "/cocktails/5")  # never visited: the offline page says it, once
    expect(page.locator("h1")).to_have_text("You're offline")
    expect(page.locator("[data-offline-banner]")).to_be_hidden()
    page.context.set_offline(False)


def test_the_italian_banner_says_il_and_alle(server, new_page):
    running = server()
    running.wait_ready()
    page = new_page(locale="it-IT")
    page.goto(running.url + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto(running.url + "/")
    expect(page.locator("[data-offline-banner]")).to_have_text(
        re.compile(r"^Sei offline\. Il ricettario è quello salvato \(\d{1,2} \w+ \d{4}, \d{2}:\d{2}\)\.$"))
    page.context.set_offline(False)
