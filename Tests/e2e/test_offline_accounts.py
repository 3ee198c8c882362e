"""Offline copies and the offline queue belong to one account: after a sign-out a member's private
note never opens from the service worker's cache, signing out sends what was queued first (or says
what would be lost), and one account's queue is never sent as another's."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from conftest import wait_until
from test_accounts import cli, sign_in

NOTE = "Private note of Ada: less sugar"


def book_with_accounts(server, tmp_path):
    database = tmp_path / "accounts.sqlite"
    assert cli(database, "user", "add", "ada", "--admin", "--password-stdin", password="ada's password").returncode == 0
    assert cli(database, "user", "add", "max", "--password-stdin", password="max's password").returncode == 0
    running = server(database=database)
    running.wait_ready()
    return running


def take_control(page):
    """Waits until the service worker controls `page` (the first visit installs it)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def saved_pages_containing(page, text: str) -> int:
    """How many pages in the service worker's caches contain `text`."""
    return page.evaluate("""(text) => caches.keys()
        .then(names => Promise.all(names.filter(n => n.startsWith('cocktailbook-pages-'))
            .map(n => caches.open(n).then(c => c.keys().then(keys => Promise.all(keys.map(k => c.match(k)
                .then(r => r.text())))))))).then(lists => [].concat(...lists).filter(html => html.includes(text)).length)""", text)


def favorites(running, token_page) -> list[str]:
    body = token_page.evaluate("fetch('/api/v1/favorites').then(r => r.json())")
    return [c["id"] for c in body["cocktails"]]


def test_a_private_note_is_not_opened_offline_after_signing_out(server, new_page, tmp_path):
    running = book_with_accounts(server, tmp_path)
    page = new_page()
    sign_in(page, running.url, "ada", "ada's password")
    take_control(page)
    page.goto(running.url + "/cocktails/3")
    page.fill("#personal-note", NOTE)
    page.locator("form[data-note-form] button[type=submit]").click()
    expect(page.locator("#personal-note")).to_have_value(NOTE)
    page.goto(running.url + "/cocktails/3")
    wait_until(lambda: saved_pages_containing(page, NOTE) > 0, message="the member's page was never kept offline")

    page.goto(running.url + "/account")
    page.locator("form[data-sign-out] button[type=submit]").click()
    expect(page.locator("[data-sign-in]")).to_be_visible()
    wait_until(lambda: saved_pages_containing(page, NOTE) == 0, message="the member's offline copies stayed")

    running.stop()
    page.goto(running.url + "/cocktails/3")
    expect(page.locator("h1")).to_have_text("You're offline")
    expect(page.get_by_text(NOTE)).to_have_count(0)


def test_signing_out_sends_the_queue_first_or_says_what_would_be_lost(server, new_page, tmp_path):
    running = book_with_accounts(server, tmp_path)
    page = new_page()
    sign_in(page, running.url, "ada", "ada's password")
    page.goto(running.url + "/account")
    key = "cocktailbook-pending-favorites:" + page.locator("body").get_attribute("data-offline-owner")
    assert key.endswith(":account-1") or key.split(":")[1].startswith("account-"), key

    # Online: the queued favorite is sent, then the sign-out happens.
    page.evaluate("([key]) => localStorage.setItem(key, JSON.stringify({'/api/v1/favorites/3': true}))", [key])
    assert favorites(running, page) == []
    page.locator("form[data-sign-out] button[type=submit]").click()
    expect(page.locator("[data-sign-in]")).to_be_visible()
    assert page.evaluate("([key]) => localStorage.getItem(key)", [key]) in (None, "{}")
    sign_in(page, running.url, "ada", "ada's password")
    assert favorites(running, page) == ["3"], "the queue reached the book before the sign-out"

    # The book refuses the queued change: the form says what would be lost and waits for a second
    # press, which signs out and drops it.
    page.goto(running.url + "/account")
    page.evaluate("([key]) => localStorage.setItem(key, JSON.stringify({'/api/v1/favorites/5': true}))", [key])
    # On the context, not the page: once the service worker controls the page, its fetches are the
    # ones that reach the network, and only the context's routes see those (Chromium).
    page.context.route("**/api/v1/favorites/5", lambda route: route.fulfill(status=503, body=""))
    page.locator("form[data-sign-out] button[type=submit]").click()
    expect(page.locator("[data-sign-out-pending]")).to_contain_text(
        "Changes made offline that have not reached the book yet: 1.")
    expect(page.locator("form[data-sign-out] button[type=submit]")).to_have_text("Sign out anyway")
    expect(page).to_have_url(running.url + "/account")
    page.locator("form[data-sign-out] button[type=submit]").click()
    expect(page.locator("[data-sign-in]")).to_be_visible()
    assert page.evaluate("([key]) => localStorage.getItem(key)", [key]) is None, "dropped, as the warning said"
    page.context.unroute("**/api/v1/favorites/5")
    sign_in(page, running.url, "ada", "ada's password")
    assert favorites(running, page) == ["3"], "the dropped change was never sent"

    # Offline: the same warning; once the connection is back the queue goes by itself.
    page.goto(running.url + "/account")
    page.evaluate("([key]) => localStorage.setItem(key, JSON.stringify({'/api/v1/favorites/7': true}))", [key])
    page.context.set_offline(True)
    page.locator("form[data-sign-out] button[type=submit]").click()
    expect(page.locator("[data-sign-out-pending]")).to_contain_text("Changes made offline that have not reached the book yet: 1.")
    page.context.set_offline(False)
    wait_until(lambda: sorted(favorites(running, page)) == ["3", "7"], message="the queue was not sent once back online")


def test_one_accounts_queue_is_never_sent_as_another(server, new_page, tmp_path):
    running = book_with_accounts(server, tmp_path)
    page = new_page()
    sign_in(page, running.url, "ada", "ada's password")
    ada_key = "cocktailbook-pending-favorites:" + page.locator("body").get_attribute("data-offline-owner")
    page.evaluate("([key]) => localStorage.setItem(key, JSON.stringify({'/api/v1/favorites/7': true}))", [ada_key])
    # Ada's session ends elsewhere (the cookie is gone); Max signs in on the same phone.
    page.context.clear_cookies()
    page.goto(running.url + "/")
    expect(page.locator("[data-sign-in]")).to_be_visible()
    sign_in(page, running.url, "max", "max's password")
    max_owner = page.locator("body").get_attribute("data-offline-owner")
    assert "cocktailbook-pending-favorites:" + max_owner != ada_key
    page.goto(running.url + "/cocktails/1")
    expect(page.locator("h1")).to_be_visible()
    assert favorites(running, page) == [], "Max never sent Ada's queue"
    assert json.loads(page.evaluate("([key]) => localStorage.getItem(key)", [ada_key])) == {"/api/v1/favorites/7": True}
