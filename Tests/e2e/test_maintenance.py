"""The maintenance page in a real browser: what the book is made of, a backup downloaded and
restored after the favorites were reset, a bad file refused without a change."""

from __future__ import annotations

import json
import subprocess
import urllib.request

from playwright.sync_api import expect

from conftest import DEADLINE


def favorites(server) -> list[str]:
    with urllib.request.urlopen(server.url + "/api/v1/favorites", timeout=DEADLINE) as response:
        return [c["id"] for c in json.loads(response.read())["cocktails"] if c["isFavorite"]]


def test_backup_reset_and_restore_round_trip_through_the_page(server, new_page, tmp_path):
    running = server()
    running.wait_ready()
    for cocktail in ("1", "3"):
        urllib.request.urlopen(urllib.request.Request(running.url + f"/api/v1/favorites/{cocktail}", method="PUT"), timeout=DEADLINE).close()
    urllib.request.urlopen(urllib.request.Request(running.url + "/api/v1/bar/ingredients/Campari", method="PUT"), timeout=DEADLINE).close()

    page = new_page()
    page.goto(running.url + "/")
    page.click("a[data-maintenance-link]")
    expect(page.locator("h1")).to_have_text("Maintenance")
    facts = page.locator(".maintenance-facts")
    expect(facts).to_contain_text("Ready")
    expect(facts).to_contain_text("13")  # drinks in the seed catalog
    expect(facts).to_contain_text(str(running.database))
    # The version the page names is the one the program says it is (no second, stale copy).
    version = subprocess.run([str(running.binary), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    expect(facts).to_contain_text(version + " · ")

    with page.expect_download() as download:
        page.click("a[data-backup]")
    backup = tmp_path / "backup.json"
    download.value.save_as(backup)
    content = json.loads(backup.read_text())
    assert content["format"] == "cocktailbook-backup"
    assert sorted(f["cocktailId"] for f in content["favorites"]) == ["1", "3"]

    # Reset needs the box ticked; then the favorites are gone.
    page.check("form[data-reset-favorites] input[name=confirm]")
    page.click("form[data-reset-favorites] button")
    expect(page.locator("[data-maintenance-notice]")).to_have_text("Your favorites were removed.")
    assert favorites(running) == []

    # A bad file is refused and changes nothing.
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    page.set_input_files("#restore-file", str(bad))
    page.click("form[data-restore] button")
    expect(page.locator("[data-maintenance-error]")).to_contain_text("Nothing was changed.")
    expect(page.locator("[data-maintenance-error]")).to_contain_text("it is not a Cocktail Book backup")
    assert favorites(running) == []

    page.set_input_files("#restore-file", str(backup))
    page.click("form[data-restore] button")
    page.click("form[data-restore-confirm] button")
    expect(page.locator("[data-maintenance-notice]")).to_contain_text("Restored from the backup: Favorites: 2")
    assert sorted(favorites(running)) == ["1", "3"]
    with urllib.request.urlopen(running.url + "/api/v1/bar", timeout=DEADLINE) as response:
        assert [i["value"] for i in json.loads(response.read())["ingredients"]] == ["Campari"]
