"""Issue 31, item 6: Restore asks first, saying what it would replace (counts of the book now
beside the backup's), saves the book before replacing it, and is not the page's primary button.
Phone viewport; the whole flow without JavaScript (plain forms), axe on the confirmation."""

from __future__ import annotations

import json
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import DEADLINE


def put(server, path: str) -> None:
    urllib.request.urlopen(urllib.request.Request(server.url + path, method="PUT"), timeout=DEADLINE).close()


def favorites(server) -> list[str]:
    with urllib.request.urlopen(server.url + "/api/v1/favorites", timeout=DEADLINE) as response:
        return sorted(c["id"] for c in json.loads(response.read())["cocktails"] if c["isFavorite"])


def counts(page) -> dict[str, tuple[str, str]]:
    rows = page.locator("[data-restore-counts] tbody tr")
    return {rows.nth(i).get_attribute("data-count"): (rows.nth(i).locator("[data-now]").inner_text(),
                                                      rows.nth(i).locator("[data-backup]").inner_text())
            for i in range(rows.count())}


def test_restore_shows_what_it_replaces_and_keeps_the_book_first(server, new_page, tmp_path):
    running = server()
    running.wait_ready()
    for cocktail in ("1", "3"):
        put(running, f"/api/v1/favorites/{cocktail}")
    put(running, "/api/v1/bar/ingredients/Campari")

    page = new_page(java_script_enabled=False)
    page.goto(running.url + "/maintenance")
    restore = page.locator("form[data-restore] button")
    refresh = page.locator("form[action='/catalog/refresh'] button")
    # Restore is not styled as the page's primary action.
    assert "secondary" in restore.get_attribute("class").split()
    assert restore.evaluate("b => getComputedStyle(b).backgroundColor") != refresh.evaluate(
        "b => getComputedStyle(b).backgroundColor")
    expect(page.locator("[data-kept-backups]")).to_have_count(0)

    with page.expect_download() as download:
        page.click("a[data-backup]")
    backup = tmp_path / "backup.json"
    download.value.save_as(backup)

    # The book moves on after the backup: one more favorite, one more bottle.
    put(running, "/api/v1/favorites/7")
    put(running, "/api/v1/bar/ingredients/Gin")
    assert favorites(running) == ["1", "3", "7"]

    page.set_input_files("#restore-file", str(backup))
    restore.click()
    expect(page.locator("h1")).to_have_text("Replace the book with this backup?")
    expect(page.locator("[data-restore-intro]")).to_contain_text("backup.json")
    shown = counts(page)
    assert shown["favorites"] == ("3", "2")
    assert shown["bottles"] == ("2", "1")
    assert shown["accounts"] == ("0", "0")
    assert list(shown)[:3] == ["accounts", "favorites", "bottles"]
    expect(page.locator("[data-restore-safety]")).to_contain_text("Saved before a restore")
    assert favorites(running) == ["1", "3", "7"], "uploading alone must change nothing"

    # Cancel: nothing changes.
    page.click("form[data-restore-cancel] button")
    expect(page.locator("[data-maintenance-notice]")).to_have_text("Nothing was restored; the book is as it was.")
    assert favorites(running) == ["1", "3", "7"]

    page.set_input_files("#restore-file", str(backup))
    page.click("form[data-restore] button")
    expect(page.locator("h1")).to_have_text("Replace the book with this backup?")
    page.click("form[data-restore-confirm] button")
    notice = page.locator("[data-maintenance-notice]")
    # What came back, kind by kind as the preview listed it: the two favorites and the bottle.
    expect(notice).to_contain_text("Restored from the backup: Favorites: 2; Bottles in bars: 1.")
    expect(notice).to_contain_text("backup-before-restore-")
    assert favorites(running) == ["1", "3"]

    # The book as it was before is listed, and downloads with the favorite the backup lacked.
    kept = page.locator("[data-kept-backups] li")
    expect(kept).to_have_count(1)
    name = kept.locator(".bottle-name").inner_text()
    assert name in notice.inner_text()
    assert (running.database.parent / "backups" / name).exists()
    with page.expect_download() as download:
        kept.locator("a").click()
    saved = json.loads(open(download.value.path()).read())
    assert sorted(f["cocktailId"] for f in saved["favorites"]) == ["1", "3", "7"]
    assert sorted(b["value"] for b in saved["bottles"]) == ["Campari", "gin"]


def test_restore_confirmation_in_italian_passes_axe(server, new_page, tmp_path):
    running = server()
    running.wait_ready()
    put(running, "/api/v1/favorites/1")
    page = new_page(locale="it-IT")
    page.goto(running.url + "/maintenance")
    with page.expect_download() as download:
        page.click("a[data-backup]")
    backup = tmp_path / "backup.json"
    download.value.save_as(backup)
    page.set_input_files("#restore-file", str(backup))
    page.click("form[data-restore] button")
    expect(page.locator("h1")).to_have_text("Sostituire il ricettario con questo backup?")
    expect(page.locator("[data-count=favorites] th")).to_have_text("Preferiti")
    results = Axe().run(page)
    assert [v["id"] for v in results.response["violations"]] == []
