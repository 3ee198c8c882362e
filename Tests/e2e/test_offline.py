"""The installable, offline book in a real browser: a valid manifest with real icons, a service
worker that controls the page, visited drinks that open offline, the offline page for the rest,
and a favorite toggled offline that reaches the server once the connection is back."""

from __future__ import annotations

import json
import shutil
import struct
import tempfile
import time
import urllib.request

from playwright.sync_api import expect

from conftest import DEADLINE, CHROMIUM, wait_until


def fetch(server, path: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(server.url + path, timeout=DEADLINE) as response:
        return response.read(), response.headers.get("Content-Type", "")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def controlled_page(server, new_page, path: str = "/", **options):
    """A page the service worker controls: the first visit installs it, a reload puts it in charge."""
    page = new_page(**options)
    page.goto(server.url + path)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return page


def test_the_manifest_and_icons_are_valid_and_chromium_finds_the_book_installable(module_server, browser):
    body, content_type = fetch(module_server, "/manifest.webmanifest")
    assert content_type.startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["name"] == "Cocktail Book" and manifest["short_name"]
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {}
    for icon in manifest["icons"]:
        data, kind = fetch(module_server, icon["src"])
        assert kind == "image/png"
        width, height = png_size(data)
        assert f"{width}x{height}" == icon["sizes"]
        sizes.setdefault(icon["purpose"], []).append(width)
    assert 192 in sizes["any"] and 512 in sizes["any"] and sizes["maskable"] == [512]
    touch, _ = fetch(module_server, "/icons/apple-touch-icon.png")
    assert png_size(touch) == (180, 180)

    # Installability needs a profile of its own: every other context of the suite is incognito,
    # where Chromium never offers to install.
    profile = tempfile.mkdtemp(prefix="cocktailbook-profile-")
    context = browser.browser_type.launch_persistent_context(profile, executable_path=CHROMIUM, viewport={"width": 390, "height": 844})
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(module_server.url + "/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        check_installable(page, module_server)
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def check_installable(page, module_server):
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "/manifest.webmanifest"
    assert page.locator('link[rel="apple-touch-icon"]').count() == 1
    assert page.locator('meta[name="apple-mobile-web-app-capable"]').get_attribute("content") == "yes"
    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    # Every cache carries the worker's current version (or is the picture cache).
    worker, _ = fetch(module_server, "/sw.js")
    version = worker.decode().split('const VERSION = "', 1)[1].split('"', 1)[0]
    names = page.evaluate("caches.keys()")
    assert names and all(name.endswith(version) or name == "cocktailbook-pictures-v1" for name in names), names


def test_a_visited_drink_opens_offline_and_an_unvisited_one_shows_the_offline_page(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled_page(running, new_page)
    page.goto(running.url + "/cocktails/3")
    expect(page.locator("h1")).to_have_text("Manhattan")
    page.wait_for_function("""caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.match('/cocktails/3')))))
        .then(found => found.some(Boolean))""")

    page.context.set_offline(True)
    page.goto(running.url + "/cocktails/3")
    expect(page.locator("h1")).to_have_text("Manhattan")
    banner = page.locator("[data-offline-banner]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("You're offline")

    page.goto(running.url + "/cocktails/5")
    expect(page.locator("h1")).to_have_text("You're offline")
    expect(page.locator('[data-saved-pages] a[href="/"]')).to_be_visible()
    expect(page.locator("[data-saved-pages] a", has_text="Manhattan")).to_be_visible()
    page.context.set_offline(False)


def test_a_favorite_toggled_offline_is_saved_on_the_server_once_back_online(server, new_page):
    running = server()
    running.wait_ready()
    page = controlled_page(running, new_page)
    page.goto(running.url + "/cocktails/3")
    page.wait_for_function("""caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.match('/cocktails/3')))))
        .then(found => found.some(Boolean))""")
    page.context.set_offline(True)
    page.goto(running.url + "/cocktails/3")
    heart = page.locator("button.heart-toggle")
    expect(heart).to_have_attribute("aria-pressed", "false")
    heart.focus()
    page.keyboard.press("Enter")
    expect(heart).to_have_attribute("aria-pressed", "true")  # shown at once
    expect(heart).to_be_focused()
    assert page.evaluate("JSON.parse(localStorage.getItem('cocktailbook-pending-favorites:owner'))") == {"/api/v1/favorites/3": True}
    body, _ = fetch(running, "/api/v1/favorites")
    assert "3" not in [c["id"] for c in json.loads(body)["cocktails"]]

    page.context.set_offline(False)
    page.reload()
    wait_until(lambda: "3" in [c["id"] for c in json.loads(fetch(running, "/api/v1/favorites")[0])["cocktails"]],
               DEADLINE, "the queued favorite never reached the server")
    # Polled from here: wait_for_function's polling evaluates strings, which our CSP forbids.
    wait_until(lambda: page.evaluate("localStorage.getItem('cocktailbook-pending-favorites:owner')") == "{}",
               DEADLINE, "the queue was never emptied")
