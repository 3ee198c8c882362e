"""A language is data: a folder of strings files named by COCKTAILBOOK_LANGUAGES adds one without
building the app. The fixture (Tests/Fixtures/languages/nl.json, not shipped) has a handful of
Dutch interface strings only: every other string, and every drink's words, fall back to English."""

from pathlib import Path

from playwright.sync_api import expect

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures" / "languages"


def test_a_strings_file_adds_a_language_the_rest_falls_back_to_english(server, page, monkeypatch):
    monkeypatch.setenv("COCKTAILBOOK_LANGUAGES", str(FIXTURES))
    book = server()
    book.wait_ready()

    page.goto(book.url + "/?lang=nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("h1")).to_have_text("Alle cocktails")
    expect(page.get_by_placeholder("Zoek cocktails of ingrediënten")).to_be_visible()

    # A drink: the interface's Dutch where the file has it, English for the rest and for the recipe.
    page.goto(book.url + "/cocktails/2?lang=nl")
    expect(page.locator("h2").filter(has_text="Ingrediënten")).to_have_count(1)
    expect(page.locator(".description")).to_contain_text("rum")
    # Its units default to the file's: millilitres.
    expect(page.locator("body")).to_contain_text(" ml ")

    # The settings offer it, named in itself, beside the shipped ones.
    page.goto(book.url + "/settings?lang=nl")
    expect(page.locator("h1")).to_have_text("Instellingen")
    labels = page.locator("form[data-settings] input[name=lang]").evaluate_all(
        "inputs => inputs.map(input => input.value)")
    assert labels == ["auto", "en", "de", "es", "fr", "it", "nl"], labels
    expect(page.locator("form[data-settings] label.choice").filter(has_text="Nederlands")).to_have_count(1)


def test_without_the_folder_the_language_is_unknown(server, page):
    book = server()
    book.wait_ready()
    page.goto(book.url + "/?lang=nl")
    expect(page.locator("html")).to_have_attribute("lang", "en")
