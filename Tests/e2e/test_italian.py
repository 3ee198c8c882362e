"""The book in Italian, in a real browser: chosen in the settings (at once with JavaScript, by
the form without it), from an Italian browser, or from a shared `?lang=it` link; every screen
checked for English words of the interface."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

STRINGS = Path(__file__).resolve().parents[2] / "Sources" / "CocktailBook" / "Strings"
ENGLISH = json.loads((STRINGS / "en.json").read_text())
ITALIAN = json.loads((STRINGS / "it.json").read_text())

# Phrases of the English interface that Italian replaces (placeholders cut away).
ENGLISH_PHRASES = sorted({
    max((part.split("}")[-1] for part in value.split("{")), key=len).strip()
    # The facts of a language (its own name, locale, units, standard drink) are not interface words.
    for key, value in ENGLISH.items() if ITALIAN[key] != value and not key.startswith("language_")
} - {""})


def english_left(page) -> list[str]:
    """English phrases of the interface on the page: whole texts for single words (a button's
    label), anywhere for phrases of several words."""
    texts = page.evaluate("""() => {
        const out = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const text = walker.currentNode.textContent.trim();
            if (text && !walker.currentNode.parentElement.closest('script, style, svg')) out.push(text);
        }
        document.querySelectorAll('[aria-label], [placeholder], [alt], [title]').forEach(element => {
            for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
                if (element.hasAttribute(name)) out.push(element.getAttribute(name));
            }
        });
        return out;
    }""")
    found = []
    for phrase in ENGLISH_PHRASES:
        for text in texts:
            if text == phrase or (" " in phrase and len(phrase) >= 6 and phrase in text):
                found.append(f"{phrase!r} in {text!r}")
    return found


def measure_of(page, name: str):
    return page.locator("section.ingredients li", has_text=name).locator(".measure")


def test_choosing_italiano_translates_the_page_at_once_and_every_screen_after(module_server, new_page):
    page = new_page(locale="en-US")
    page.goto(module_server.url + "/settings")
    expect(page.locator("h1")).to_have_text("Settings")
    page.evaluate("window.__marker = 'no reload'")
    page.check("input[name=lang][value=it]")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("h1")).to_have_text("Impostazioni")
    expect(page.locator("input[name=lang][value=it]")).to_be_checked()
    assert page.evaluate("window.__marker") == "no reload"
    page.check("input[name=units][value=ml]")
    page.select_option("#servings", "2")
    expect(page.locator("html")).not_to_have_attribute("data-settings-saving", "true")

    screens = {
        "/": "Tutti i cocktail",
        "/?filter=non-alcoholic": "Cocktail analcolici",
        "/search?q=gin": "\u00abgin\u00bb in Tutti i cocktail",
        "/filters": "Filtri",
        "/results?filter=alcoholic": "Risultati",
        "/cocktails/11": "Margarita Mocktail",
        "/settings": "Impostazioni",
        "/import": "Importa ricette",
        "/no-such-page": "Pagina non trovata",
    }
    for path, heading in screens.items():
        page.goto(module_server.url + path)
        expect(page.locator("html")).to_have_attribute("lang", "it")
        expect(page.locator("h1")).to_have_text(heading)
        assert english_left(page) == [], path

    page.goto(module_server.url + "/search?q=gin")
    expect(page.locator(".result-count")).to_have_text(re.compile(r"^\d+ risultat[oi]$"))
    page.goto(module_server.url + "/cocktails/11")
    expect(page.locator("#ingredients-heading")).to_have_text("Ingredienti")
    expect(page.locator(".servings output")).to_have_text("2 porzioni")
    expect(measure_of(page, "lime")).to_have_text("60 ml")
    page.click("a[data-servings=fewer]")
    expect(measure_of(page, "lime")).to_have_text("30 ml")
    expect(page.locator(".servings output")).to_have_text("1 porzione")
    expect(page.locator(".total-volume")).to_contain_text("Totale ≈")


def test_an_italian_browser_gets_italian_without_javascript_and_the_form_switches_back(module_server, new_page):
    page = new_page(locale="it-IT", java_script_enabled=False)
    page.goto(module_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("h1")).to_have_text("Tutti i cocktail")
    expect(page.get_by_placeholder("Cerca cocktail o ingredienti")).to_be_visible()
    assert english_left(page) == []
    page.goto(module_server.url + "/settings?return=%2F")
    page.check("input[name=lang][value=en]")
    page.click("[data-settings-save]")
    page.goto(module_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("All Cocktails")


def test_a_shared_lang_link_opens_in_italian_and_stays(module_server, new_page):
    page = new_page(locale="en-US")
    page.goto(module_server.url + "/cocktails/1?lang=it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#instructions-heading")).to_have_text("Preparazione")
    page.goto(module_server.url + "/")
    expect(page.locator("h1")).to_have_text("Tutti i cocktail")
