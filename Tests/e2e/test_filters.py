"""The filter screen and its results on the bundled catalog, with and without JavaScript."""

import json
import re
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

import pytest
from playwright.sync_api import expect

from conftest import BUNDLED, ServerFactory, http_get
from helpers import ConsoleErrors, row, row_names, rows

FORM = "form[data-filters]"


def api_list(server, params: list[tuple[str, str]]) -> dict:
    status, body = http_get(f"{server.url}/api/v1/cocktails?{urlencode(params, quote_via=quote)}")
    assert status == 200, body
    return json.loads(body)


def option(page, name: str, value: str):
    """The label wrapping the (visually hidden) input `name=value`."""
    return page.locator(f'{FORM} label.option:has(input[name="{name}"][value="{value}"])')


def choice(page, name: str, value: str):
    return page.locator(f'{FORM} input[name="{name}"][value="{value}"]')


def buttons(page):
    return page.locator(f"{FORM} [data-submit]"), page.locator(f"{FORM} [data-reset]")


def open_ingredients(page) -> None:
    page.locator(f"{FORM} details.ingredient-picker > summary").click()
    expect(page.locator(f"{FORM} details.ingredient-picker")).to_have_attribute("open", "")


def ingredient_lines(page) -> list[str]:
    return page.locator("ul.results-list a.row .row-ingredients").all_inner_texts()


def test_buttons_wait_for_a_choice_and_reset_clears_them(bundled, page):
    page.goto(bundled.url + "/filters")
    expect(page.locator("h1")).to_have_text("Filters")
    submit, reset = buttons(page)
    expect(submit).to_have_text("Show results")
    expect(reset).to_have_text("Reset")
    expect(submit).to_be_disabled()
    expect(reset).to_be_disabled()
    expect(page.locator(f"{FORM} input:checked:not([value=''])")).to_have_count(0)

    # A radio: clicking its label chooses it.
    option(page, "filter", "alcoholic").click()
    expect(choice(page, "filter", "alcoholic")).to_be_checked()
    expect(submit).to_be_enabled()
    expect(reset).to_be_enabled()
    option(page, "glass", "coupe").click()
    expect(choice(page, "glass", "coupe")).to_be_checked()
    expect(page.locator(f"{FORM} input:checked:not([value=''])")).to_have_count(2)

    reset.click()
    expect(page.locator(f"{FORM} input:checked:not([value=''])")).to_have_count(0)
    expect(submit).to_be_disabled()
    expect(reset).to_be_disabled()

    # A checkbox alone is enough too; unticking it again disables both.
    open_ingredients(page)
    option(page, "ingredient", "Campari").click()
    expect(choice(page, "ingredient", "Campari")).to_be_checked()
    expect(submit).to_be_enabled()
    expect(reset).to_be_enabled()
    option(page, "ingredient", "Campari").click()
    expect(choice(page, "ingredient", "Campari")).not_to_be_checked()
    expect(submit).to_be_disabled()
    expect(reset).to_be_disabled()


def test_alcoholic_coupe_results_and_the_way_back(bundled, page):
    expected = api_list(bundled, [("filter", "alcoholic"), ("glass", "coupe")])
    assert 0 < expected["total"] <= 50
    page.goto(bundled.url + "/filters")
    option(page, "filter", "alcoholic").click()
    option(page, "glass", "coupe").click()
    page.locator(f"{FORM} [data-submit]").click()

    results_url = bundled.url + "/results?filter=alcoholic&glass=coupe"
    expect(page).to_have_url(results_url)
    expect(page.locator("h1")).to_have_text("Results")
    count = page.locator("p.result-count")
    expect(count.locator("strong")).to_have_text(f"{expected['total']} results")
    expect(count).to_contain_text("Alcoholic")
    expect(count).to_contain_text("Coupe")
    expect(rows(page)).to_have_count(expected["total"])
    assert row_names(page) == [c["name"] for c in expected["cocktails"]]
    expect(page.locator("a.show-more")).to_have_count(0)

    # Each row: a thumbnail, a name and its ingredients.
    listed = rows(page)
    for index, cocktail in enumerate(expected["cocktails"]):
        current = listed.nth(index)
        expect(current.locator("img.thumb")).to_have_attribute("src", cocktail["imageURL"])
        expect(current.locator(".row-name")).to_have_text(cocktail["name"])
        expect(current.locator(".row-ingredients")).not_to_be_empty()
    first_thumb = listed.first.locator("img.thumb")
    first_thumb.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=first_thumb.element_handle())
    # The ingredient line names the recipe's ingredients, in recipe order.
    third = expected["cocktails"][2]
    details = json.loads(http_get(f"{bundled.url}/api/v1/cocktails/{third['id']}")[1])
    expect(listed.nth(2).locator(".row-ingredients")).to_have_text(
        ", ".join(line["ingredient"] for line in details["ingredients"]))

    # A result opens its details; the back link returns to these results.
    listed.nth(2).click()
    expect(page.locator("h1")).to_have_text(third["name"])
    expect(page).to_have_url(re.compile(rf"/cocktails/{third['id']}\?back="))
    back = page.locator("a.back-link")
    expect(back).to_have_text(re.compile(r"^\s*‹\s*Results\s*$"))
    back.click()
    expect(page).to_have_url(results_url)
    assert row_names(page) == [c["name"] for c in expected["cocktails"]]

    # The results screen's own back link skips the filter screen.
    back = page.locator("a.back-link")
    expect(back).to_have_attribute("href", "/")
    back.click()
    expect(page).to_have_url(bundled.url + "/")
    expect(page.locator("h1")).to_have_text("All Cocktails")
    expect(rows(page)).to_have_count(50)


def check_gin_and_campari(page, expected_names: list[str], gin: re.Pattern) -> None:
    assert "Negroni" in expected_names
    assert row_names(page) == expected_names
    lines = ingredient_lines(page)
    assert len(lines) == len(expected_names)
    for name, line in zip(expected_names, lines):
        items = line.split(", ")
        assert any(gin.search(item) for item in items), f"{name}: {line}"
        assert "Campari" in items, f"{name}: {line}"


def test_ingredients_must_all_be_in_the_drink(bundled, page):
    # The picker lists canonical names: there is no plain `gin`, the Negroni's is London dry gin.
    page.goto(bundled.url + "/filters")
    open_ingredients(page)
    option(page, "ingredient", "London dry gin").click()
    option(page, "ingredient", "Campari").click()
    page.locator(f"{FORM} [data-submit]").click()
    expect(page).to_have_url(re.compile(r"/results\?ingredient="))
    assert sorted(parse_qsl(urlsplit(page.url).query)) == [("ingredient", "Campari"), ("ingredient", "London dry gin")]
    expected = api_list(bundled, [("ingredient", "London dry gin"), ("ingredient", "Campari")])
    expect(page.locator("p.result-count strong")).to_have_text(
        f"{expected['total']} result" + ("" if expected["total"] == 1 else "s"))
    check_gin_and_campari(page, [c["name"] for c in expected["cocktails"]], re.compile(r"^London dry gin$"))

    # `gin` by address matches every gin, whole words only (not ginger).
    page.goto(bundled.url + "/results?ingredient=gin&ingredient=Campari")
    expected = api_list(bundled, [("ingredient", "gin"), ("ingredient", "Campari")])
    check_gin_and_campari(page, [c["name"] for c in expected["cocktails"]], re.compile(r"\bgin\b"))
    expect(row(page, "Negroni")).to_have_count(1)


def submit_one(page, name: str, value: str) -> int:
    """Chooses one option on the open filter screen, submits, and returns the count its label showed."""
    label = option(page, name, value)
    if name == "ingredient":
        open_ingredients(page)
    shown = int(label.locator(".count").inner_text())
    label.click()
    page.locator(f"{FORM} [data-submit]").click()
    expect(page).to_have_url(re.compile(r"/results\?"))
    return shown


def test_a_category_with_spaces_finds_its_drinks(bundled, page):
    page.goto(bundled.url + "/filters")
    shown = submit_one(page, "category", "Tiki & Tropical")
    expected = api_list(bundled, [("category", "Tiki & Tropical")])
    assert expected["total"] == shown > 0
    count = page.locator("p.result-count")
    expect(count.locator("strong")).to_have_text(f"{expected['total']} results")
    expect(count).to_have_text(f"{expected['total']} results · Tiki & Tropical")
    assert row_names(page) == [c["name"] for c in expected["cocktails"]]


def test_chosen_options_show_the_counts_of_the_current_choice_whatever_the_order(bundled, page):
    """Each option's count is what choosing it would give with the rest of the choice; the
    chosen ones too, and the answer to an earlier click never overwrites a later one's."""
    for clicks in ([("filter", "alcoholic"), ("category", "Sour")], [("category", "Sour"), ("filter", "alcoholic")]):
        page.goto(bundled.url + "/filters")
        for name, value in clicks:
            option(page, name, value).click()
        status, html = http_get(bundled.url + "/filters?filter=alcoholic&category=Sour")
        assert status == 200
        for name, value in (("filter", "alcoholic"), ("filter", "non-alcoholic"), ("category", "Sour"), ("category", "Highball")):
            found = re.search(
                rf'<input[^>]*name="{name}" value="{re.escape(value)}"[^>]*>.*?<span class="count">([^<]*)</span>', html, re.S)
            assert found, (name, value)
            expect(option(page, name, value).locator(".count")).to_have_text(found.group(1))
        expect(page.locator(FORM)).not_to_have_attribute("aria-busy", "true")


def test_an_ingredient_count_is_the_number_of_results(bundled, page):
    page.goto(bundled.url + "/filters")
    shown = submit_one(page, "ingredient", "lemon")
    results = page.locator("p.result-count strong").inner_text()
    assert results == (f"{shown} result" + ("" if shown == 1 else "s"))


# --------------------------------------------------------------------------- without JavaScript


def test_without_javascript_an_empty_submission_is_refused(bundled, new_page):
    page = new_page(java_script_enabled=False)
    page.goto(bundled.url + "/filters")
    submit, reset = buttons(page)
    expect(submit).to_be_enabled()
    expect(reset).to_be_enabled()
    expect(page.locator(f"{FORM} .notice")).to_have_count(0)

    with page.expect_navigation() as navigation:
        submit.click()
    assert navigation.value.status == 400
    # Without script every group's "Any" is sent, empty.
    assert urlsplit(page.url).path == "/results"
    assert all(value == "" for _, value in parse_qsl(urlsplit(page.url).query, keep_blank_values=True))
    expect(page.locator("h1")).to_have_text("Filters")
    expect(page.locator('p.notice[role="alert"]')).to_have_text("Choose at least one filter to see results.")
    expect(page.locator(f"{FORM} input:checked:not([value=''])")).to_have_count(0)

    # The re-rendered form still works.
    option(page, "filter", "non-alcoholic").click()
    with page.expect_navigation() as navigation:
        page.locator(f"{FORM} [data-submit]").click()
    assert navigation.value.status == 200
    assert [(name, value) for name, value in parse_qsl(urlsplit(page.url).query) if value] == [("filter", "non-alcoholic")]
    expected = api_list(bundled, [("filter", "non-alcoholic")])
    expect(page.locator("p.result-count strong")).to_have_text(f"{expected['total']} results")
    assert row_names(page) == [c["name"] for c in expected["cocktails"]][:50]


# --------------------------------------------------------------------------- console


@pytest.mark.parametrize("path", ["/filters", "/results?glass=coupe", "/search?q=marg"])
def test_discover_screens_log_no_errors(bundled, page, path):
    errors = ConsoleErrors(page)
    response = page.goto(bundled.url + path)
    assert response.status == 200
    expect(page.locator("h1")).not_to_be_empty()
    # Bring every lazy thumbnail in, so each image request is made and checked.
    page.mouse.wheel(0, 20000)
    page.wait_for_load_state("networkidle")
    assert errors.messages == []
