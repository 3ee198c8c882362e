"""Issue 31, "Italian, everywhere" and "Smaller": refusals in the page's language (pages and
the API), units that follow the language until chosen, Italian ingredient names in order, the
IBA list unbroken on a desktop, centilitres as bartenders write them and cups of ice in
millilitres, a Print button, the heart telling an anonymous visitor why it asks to sign in, and
plainer words on Maintenance and the drink page. Phone viewport unless a test says desktop."""

from __future__ import annotations

import json
import re
import subprocess
import unicodedata

from playwright.sync_api import expect

from conftest import SEED_CATALOG, _binary


def measures(page) -> list[str]:
    return page.locator(".ingredients .measure").all_inner_texts()


def test_refusals_read_in_italian_on_pages_and_in_the_api(bundled, new_page):
    page = new_page(locale="it-IT")
    page.goto(bundled.url + "/bar")
    expect(page.locator("h1")).to_have_text("Il mio bar")
    # A form whose token went stale: the 403 page speaks Italian, title and message alike.
    page.evaluate("document.querySelector('form[data-bar-add] input[name=csrf]').value = 'stale'")
    page.fill("#bar-add", "Campari")
    page.press("#bar-add", "Enter")
    expect(page.locator("h1")).to_have_text("Non si può fare")
    expect(page.locator("main")).to_contain_text("Questo modulo è scaduto o non viene da questo sito.")
    expect(page.locator("main")).not_to_contain_text("This form has expired")
    expect(page.locator("main")).to_contain_text("Torna all'elenco: Tutti i cocktail")

    answer = page.request.get(bundled.url + "/api/v1/cocktails/nope?lang=it")
    assert answer.status == 404
    assert answer.json()["error"] == {"code": "cocktail_not_found", "message": "Non c'è nessun cocktail con id «nope»."}
    english = page.request.get(bundled.url + "/api/v1/cocktails/nope?lang=en")
    assert english.json()["error"]["message"] == 'There is no cocktail with id "nope".'


def test_units_follow_the_language_until_the_person_chooses(bundled, new_page):
    italian = new_page(locale="it-IT")
    italian.goto(bundled.url + "/cocktails/2")  # Daiquiri: 60 ml rum, 20 ml lime
    assert measures(italian)[:2] == ["60 ml", "20 ml"]
    english = new_page(locale="en-US")
    english.goto(bundled.url + "/cocktails/2")
    assert measures(english)[:2] == ["2 oz", "¾ oz"]
    # Chosen once, ounces stay ounces in Italian too.
    italian.goto(bundled.url + "/settings")
    # Until then "By language" is the choice, and it names what it gives.
    auto = italian.locator("form[data-settings] input[name=units][value=auto]")
    expect(auto).to_be_checked()
    expect(italian.locator("form[data-settings] label.choice").filter(
        has=italian.locator("input[name=units][value=auto]"))).to_have_text("Secondo la lingua (ml)")
    italian.locator("form[data-settings] input[name=units][value=oz]").check()
    italian.click("[data-settings-save]")
    italian.goto(bundled.url + "/settings")
    expect(italian.locator("form[data-settings] input[name=units][value=oz]")).to_be_checked()
    italian.goto(bundled.url + "/cocktails/2")
    assert measures(italian)[:2] == ["2 oz", "¾ oz"]


def test_italian_ingredient_names_are_translated_and_sorted_as_shown(bundled, new_page):
    page = new_page(locale="it-IT")
    page.goto(bundled.url + "/cocktails/3")  # Manhattan
    expect(page.locator(".ingredients")).to_contain_text("rye")
    expect(page.locator(".ingredients")).not_to_contain_text("rye whiskey")

    page.goto(bundled.url + "/filters")
    labels = [text.strip() for text in
              page.locator("details.ingredient-picker label.option > span:first-of-type").all_text_contents()]
    assert len(labels) > 100
    def initial(text: str) -> str:
        return unicodedata.normalize("NFD", text.strip())[0].lower()
    initials = [initial(label) for label in labels]
    assert initials == sorted(initials), "the picker is not in the order of the names it shows"
    assert labels.index("rum bianco") < labels.index("succo di lime fresco")


def test_a_top_up_is_said_once_in_english_and_italian(bundled, new_page):
    page = new_page()
    for units in ("oz", "ml"):
        page.goto(f"{bundled.url}/cocktails/1?units={units}")  # Mojito
        soda = page.locator(".ingredients li", has_text="Soda water").first
        expect(soda).to_have_text("Soda water, to top")
        expect(page.locator(".ingredients")).not_to_contain_text("Top up")
    italian = new_page(locale="it-IT")
    italian.goto(bundled.url + "/cocktails/1")
    soda = italian.locator(".ingredients li", has_text="colmare").first
    expect(soda).to_have_text("Soda, per colmare")
    assert italian.locator(".ingredients").inner_text().count("colmare") == italian.locator(
        ".ingredients li", has_text="colmare").count()


def test_the_iba_list_does_not_break_mid_word_on_a_desktop(bundled, new_page):
    page = new_page(viewport={"width": 1440, "height": 900})
    page.goto(bundled.url + "/cocktails/3")
    fact = page.locator(".facts dd", has_text="The Unforgettables")
    expect(fact).to_be_visible()
    lines = fact.evaluate("""dd => {
        const text = dd.firstChild, start = text.data.indexOf('Unforgettables');
        const range = document.createRange();
        range.setStart(text, start); range.setEnd(text, start + 'Unforgettables'.length);
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    }""")
    assert lines == 1, "Unforgettables is broken over two lines"


def test_centilitres_as_bartenders_write_them_and_cups_of_ice_in_millilitres(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/cocktails/5?units=cl")  # Basil Lemonade Punch: ¾ oz simple syrup
    shown = measures(page)
    assert "2 cl" in shown and not any(re.search(r"\d[.,]\d5 cl", m) for m in shown), shown
    total = page.locator(".total-volume").inner_text()
    assert not re.search(r"\d[.,]\d5 cl", total), total
    page.goto(bundled.url + "/cocktails/73?units=ml")  # Zombie: ¾ cup crushed ice
    ice = page.locator(".ingredients li", has_text="crushed ice")
    expect(ice).to_contain_text("180 ml")
    expect(ice).not_to_contain_text("cup")
    page.goto(bundled.url + "/cocktails/73?units=oz")
    expect(page.locator(".ingredients li", has_text="crushed ice")).to_contain_text("¾ cup")


def test_a_drink_page_has_a_print_button(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/cocktails/1")
    button = page.get_by_role("button", name="Print")
    expect(button).to_be_visible()
    page.evaluate("window.print = () => { window.printed = true; }")
    button.click()
    assert page.evaluate("window.printed === true")
    without = new_page(java_script_enabled=False)
    without.goto(bundled.url + "/cocktails/1")
    expect(without.get_by_role("button", name="Print")).to_be_hidden()


def test_the_heart_tells_an_anonymous_visitor_why_and_returns_to_the_drink(server, new_page, tmp_path):
    database = tmp_path / "accounts.sqlite"
    created = subprocess.run(
        [str(_binary()), "user", "add", "ada", "--admin", "--password-stdin", "--database", str(database),
         "--bcrypt-cost", "4", "--catalog", str(SEED_CATALOG)],
        input="ada's password", capture_output=True, text=True, timeout=60)
    assert created.returncode == 0, created.stderr
    running = server(database=database)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/cocktails/1")
    page.locator("button.heart-toggle").click()
    reason = page.locator("[data-login-reason]")
    expect(reason).to_have_text(
        "Favorites belong to an account: sign in to keep this one, and you'll be back on the drink.")
    page.fill("#login-name", "ada")
    page.fill("#login-password", "ada's password")
    page.click("form[action='/login'] button[type=submit]")
    expect(page).to_have_url(re.compile(r"/cocktails/1$"))
    expect(page.locator("h1")).to_have_text("Mojito")


def test_maintenance_and_the_drink_page_say_it_plainly(server, new_page):
    running = server()
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/maintenance")
    facts = page.locator(".maintenance-facts")
    expect(facts).to_contain_text("Refreshed without errors")
    expect(facts).to_contain_text("None imported")
    expect(facts).not_to_contain_text("0 of 0 files kept")
    italian = new_page(locale="it-IT")
    italian.goto(running.url + "/maintenance")
    expect(italian.locator(".maintenance-facts")).to_contain_text("Aggiornato senza errori")
    italian.goto(running.url + "/cocktails/1")
    last = italian.locator(".last-modified")
    expect(last).to_have_text(re.compile(r"^Modificato (oggi|questa settimana|questo mese|quest'anno|\d+ anni? fa)$"))


def test_the_phone_list_shows_small_lazy_pictures_without_shifting(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/")
    first = page.locator("ul.cocktail-list a.row").first
    thumb = first.locator("img.row-thumb")
    expect(thumb).to_be_visible()
    assert thumb.get_attribute("loading") == "lazy"
    assert thumb.get_attribute("width") and thumb.get_attribute("height")
    box = thumb.bounding_box()
    assert 40 <= box["width"] <= 64 and box["width"] == box["height"], box
    # The name sits beside the picture, not under it.
    name = first.locator(".row-name").bounding_box()
    assert name["x"] >= box["x"] + box["width"]
    # Sized before it loads: the row keeps its height once the picture is in.
    before = first.bounding_box()["height"]
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=thumb.element_handle())
    assert first.bounding_box()["height"] == before
    # Further down, pictures wait until they are near.
    last = page.locator("ul.cocktail-list a.row img.row-thumb").last
    assert last.evaluate("img => img.loading") == "lazy"


def test_impossible_ingredients_are_folded_away(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/filters?category=sour&glass=coupe")
    open_chips = page.locator("[data-ingredients-open] label.option")
    folded = page.locator("[data-ingredients-fold] label.option")
    assert open_chips.count() > 0 and folded.count() > 50
    counts = [int(c) for c in page.locator("[data-ingredients-open] label.option .count").all_text_contents()]
    assert all(c > 0 for c in counts), counts
    page.locator("details.ingredient-picker > summary").click()
    expect(folded.first).to_be_hidden()  # the fold is closed
    expect(page.locator("details.impossible-ingredients > summary")).to_have_text("Not in any of these drinks")
    # Choosing one narrows the rest: more fold away, without a reload.
    before = folded.count()
    open_chips.first.click()
    expect(page.locator("form[data-filters]")).not_to_have_attribute("aria-busy", "true")
    page.wait_for_function("n => document.querySelectorAll('[data-ingredients-fold] label.option').length > n", arg=before)
    counts = [int(c) for c in page.locator("[data-ingredients-open] label.option:not(:has(input:checked)) .count")
              .all_text_contents()]
    assert all(c > 0 for c in counts), counts


def test_an_install_button_appears_when_the_browser_offers_it(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/")
    button = page.locator("[data-install]").first
    expect(button).to_be_hidden()
    page.evaluate("""() => {
        const offer = new Event('beforeinstallprompt', { cancelable: true });
        offer.prompt = () => { window.prompted = true; return Promise.resolve(); };
        offer.userChoice = Promise.resolve({ outcome: 'accepted' });
        window.dispatchEvent(offer);
    }""")
    expect(button).to_be_visible()
    expect(button).to_have_accessible_name("Install the book on this device")
    button.click()
    assert page.evaluate("window.prompted === true")
    expect(button).to_be_hidden()


def test_an_anonymous_visitor_is_told_once_how_to_keep_a_bar(server, new_page, tmp_path):
    database = tmp_path / "accounts.sqlite"
    created = subprocess.run(
        [str(_binary()), "user", "add", "ada", "--password-stdin", "--database", str(database), "--bcrypt-cost", "4"],
        input="ada's password", capture_output=True, text=True, timeout=60)
    assert created.returncode == 0, created.stderr
    running = server(database=database)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    expect(page.locator("main .notice")).to_have_text("Sign in to keep a bar of your own.")
    expect(page.locator("#bar-add")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("Add the bottles")


def test_searching_says_what_is_searched_and_says_nothing_found_once(bundled, new_page):
    page = new_page()
    page.goto(bundled.url + "/search?q=campari")
    expect(page.locator("h1")).to_have_text("\u201ccampari\u201d in All Cocktails")
    expect(page.locator("p.result-count")).to_have_text(re.compile(r"^\d+ results$"))
    page.goto(bundled.url + "/search?q=zzqxv")
    expect(page.locator(".empty-search p")).to_have_text("No cocktails match \u201czzqxv\u201d")
    expect(page.locator("p.result-count")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("0 results")
