"""Bringing a book from another app in a real browser: a Mealie export uploaded on the Import
page shows its review (the drink the book has by name, the dinner passed over), Import brings
the chosen drinks in with their photo, Undo takes them out again; the pages pass axe."""
from __future__ import annotations

from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures" / "imports"


def serious(page) -> list[str]:
    return [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]


def test_a_mealie_export_is_reviewed_imported_and_undone(server, new_page):
    running = server()
    running.wait_ready()
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(running.url + "/import")
    page.set_input_files("#import-file", str(FIXTURES / "mealie-export.zip"))
    page.locator("form[data-import-file] button[type=submit]").click()

    expect(page.locator("h1")).to_have_text("Review the import")
    expect(page.locator("[data-import-read-as]")).to_contain_text("Read as Mealie: 1 drink to import.")
    drink = page.locator("[data-import-drink]")
    expect(drink).to_have_count(1)
    expect(drink).to_contain_text("Daiquiri")
    expect(drink).to_contain_text("the book already has Daiquiri")
    expect(page.locator("[data-import-passed-over]")).to_contain_text("Lentil soup")
    # A dinner may be taken all the same; left unticked, it stays out.
    expect(page.get_by_label("Import Lentil soup all the same")).not_to_be_checked()
    assert serious(page) == []
    # Nothing is imported before Import.
    assert "imp-" not in page.request.get(running.url + "/api/v1/cocktails?q=daiquiri").text()

    drink.locator("select").select_option("keep-both")
    page.locator("form[data-import-review] button[type=submit]").click()
    expect(page.locator("[data-import-summary]")).to_contain_text("Imported 1 cocktail (1 new, 0 updated)")
    expect(page.locator("[data-import-summary]")).to_contain_text("1 image stored")
    found = page.request.get(running.url + "/api/v1/cocktails?q=daiquiri").json()["cocktails"]
    imported = [c for c in found if c["id"].startswith("imp-")]
    assert [c["name"] for c in imported] == ["Daiquiri"]
    assert imported[0]["imageURL"].startswith("/images/imported/")
    assert page.request.get(running.url + imported[0]["imageURL"]).headers["content-type"] == "image/jpeg"
    assert serious(page) == []

    page.locator("form[data-import-undo] button[type=submit]").click()
    expect(page.locator("[data-import-summary]")).to_have_text("Undone: 1 drink left the book.")
    found = page.request.get(running.url + "/api/v1/cocktails?q=daiquiri").json()["cocktails"]
    assert not [c for c in found if c["id"].startswith("imp-")]
