"""The details screen: back link, time, hero image, description and ingredients."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import http_get, wait_until
from helpers import ALCOHOLIC_ALPHABETICAL, row, rows


@pytest.fixture(autouse=True)
def no_favorites(module_server):
    module_server.clear_favorites()


def api_cocktail(server, cocktail_id: str) -> dict:
    status, body = http_get(f"{server.url}/api/v1/cocktails/{cocktail_id}")
    assert status == 200, body
    return json.loads(body)


def test_opening_a_cocktail_from_the_alcoholic_list_and_going_back(module_server, page):
    page.goto(module_server.url + "/?filter=alcoholic")
    expect(rows(page)).to_have_count(len(ALCOHOLIC_ALPHABETICAL))

    row(page, "Manhattan").click()

    expect(page).to_have_url(re.compile(r"/cocktails/3\?from=alcoholic$"))
    expect(page.locator("h1")).to_have_text("Manhattan")
    expect(page).to_have_title(re.compile("Manhattan"))
    back = page.locator("a.back-link")
    expect(back).to_have_text(re.compile(r"^\s*‹\s*Alcoholic Cocktails\s*$"))
    expect(page.locator(".meta .meta-item").first).to_have_text(re.compile(r"^\s*5 minutes\s*$"))

    back.click()

    expect(page).to_have_url(module_server.url + "/?filter=alcoholic")
    expect(page.locator("h1")).to_have_text("Alcoholic Cocktails")
    expect(page).to_have_title(re.compile("Alcoholic Cocktails"))
    expect(rows(page)).to_have_count(len(ALCOHOLIC_ALPHABETICAL))


def test_one_minute_is_singular(module_server, page):
    page.goto(module_server.url + "/?filter=alcoholic")
    row(page, "Screwdriver").click()
    expect(page.locator("h1")).to_have_text("Screwdriver")
    expect(page.locator(".meta .meta-item").first).to_have_text(re.compile(r"^\s*1 minute\s*$"))


def test_description_and_ingredients(module_server, page):
    cocktail = api_cocktail(module_server, "3")
    page.goto(module_server.url + "/cocktails/3")

    description = page.locator("p.description")
    expect(description).to_have_text(cocktail["longDescription"])
    assert len(cocktail["longDescription"]) > 100  # the long one, not the row's short text

    expect(page.get_by_role("heading", name="Ingredients", level=2)).to_be_visible()
    items = page.locator("section.ingredients li")
    expect(items).to_have_count(len(cocktail["ingredients"]))
    assert len(cocktail["ingredients"]) >= 2
    for index, line in enumerate(cocktail["ingredients"]):
        # A measured row shows the measure in print form (2 oz, ½ oz, 2 dashes) and the
        # ingredient; a line without one ("Ice") shows as written.
        measured = line["amount"] is not None
        expect(items.nth(index)).to_contain_text(line["ingredient"] if measured else line["text"])
        expect(items.nth(index).locator(".measure")).to_have_count(1 if measured else 0)
        expect(items.nth(index).locator("svg")).to_have_count(1)


def test_direct_visit_returns_to_all_cocktails(module_server, page):
    page.goto(module_server.url + "/cocktails/3")
    back = page.locator("a.back-link")
    expect(back).to_have_text(re.compile(r"^\s*‹\s*All Cocktails\s*$"))
    back.click()
    expect(page).to_have_url(module_server.url + "/")
    expect(page.locator("h1")).to_have_text("All Cocktails")
    expect(rows(page)).to_have_count(13)


def hero_metrics(page) -> dict:
    image = page.locator("figure.hero img")
    expect(image).to_be_visible()
    # Wait for the load to settle, successful or not, then measure.
    page.wait_for_function(
        "() => { const i = document.querySelector('figure.hero img'); return i && i.complete; }")
    return image.evaluate("""img => {
        const box = img.getBoundingClientRect();
        return { alt: img.getAttribute('alt'), naturalWidth: img.naturalWidth,
                 naturalHeight: img.naturalHeight, width: box.width, height: box.height,
                 objectFit: getComputedStyle(img).objectFit, src: img.currentSrc };
    }""")


def test_hero_images_share_one_frame_whatever_their_intrinsic_size(module_server, page):
    page.goto(module_server.url + "/cocktails/0")  # Piña Colada, hurricane glass
    tall = hero_metrics(page)
    page.goto(module_server.url + "/cocktails/2")  # Daiquiri, coupe
    wide = hero_metrics(page)

    for hero in (tall, wide):
        assert hero["alt"] and hero["alt"].strip(), hero
        assert hero["naturalWidth"] > 0 and hero["naturalHeight"] > 0, f"image did not load: {hero}"
        assert hero["objectFit"] == "cover", hero
        assert hero["width"] > 300, hero  # full width of a 390 px phone, minus margins

    assert "Piña Colada" in tall["alt"]
    assert "Daiquiri" in wide["alt"]
    # Same rendered box...
    assert abs(tall["width"] - wide["width"]) <= 1, (tall, wide)
    assert abs(tall["height"] - wide["height"]) <= 1, (tall, wide)
    assert abs(tall["width"] / tall["height"] - wide["width"] / wide["height"]) < 0.01, (tall, wide)
    # ...although the pictures themselves differ in size.
    assert (tall["naturalWidth"], tall["naturalHeight"]) != (wide["naturalWidth"], wide["naturalHeight"])


def test_an_iba_drink_shows_the_house_variant_beside_its_spec_and_both_scale(module_server, page):
    cocktail = api_cocktail(module_server, "7")
    variant = cocktail["variants"][0]
    page.goto(module_server.url + "/cocktails/7")

    expect(page.locator("section.ingredients .spec-note")).to_have_text("As the IBA specifies it")
    expect(page.locator("section.ingredients li")).to_have_count(len(cocktail["ingredients"]))
    section = page.locator("section.variants")
    expect(section.get_by_role("heading", name="Variations", level=2)).to_be_visible()
    expect(section.get_by_role("heading", name=variant["name"], level=3)).to_be_visible()
    expect(section.locator("li")).to_have_count(len(variant["ingredients"]))
    expect(section.locator("li").first).to_have_text(re.compile(r"^\s*2 oz\s+blanco tequila\s*$"))
    expect(page.locator("section.ingredients li").first).to_have_text(re.compile(r"^\s*1 ¾ oz\s+blanco tequila\s*$"))

    # The stepper scales the recipe and its variant in place.
    page.locator('a[data-servings="more"]').click()
    expect(page.locator(".servings output")).to_have_text("2 servings")
    expect(section.locator("li").first).to_have_text(re.compile(r"^\s*4 oz\s+blanco tequila\s*$"))
    expect(page.locator("section.ingredients li").first).to_have_text(re.compile(r"^\s*3 ¼ oz\s+blanco tequila\s*$"))


def test_fast_taps_on_the_servings_stepper_end_where_the_address_says(server, new_page):
    """Three taps on + before any answer came, the answers then arriving last first: the stepper,
    the recipe and the address all say 4 servings (each tap counts from the last one asked)."""
    running = server()
    running.wait_ready()
    # Without the service worker, whose own requests the page's routes do not see.
    page = new_page(viewport={"width": 390, "height": 844}, service_workers="block")
    page.goto(running.url + "/cocktails/3")
    expect(page.locator("h1")).to_have_text("Manhattan")
    held = []
    page.route(re.compile(r".*/cocktails/3\?servings=\d+$"), lambda route: held.append(route))
    more = page.locator('a[data-servings="more"]')
    for _ in range(3):
        more.click()
    # page.evaluate lets the browser's events reach the route handler while we wait.
    wait_until(lambda: page.evaluate("true") and len(held) == 3, message="three stepper requests were not made")
    assert [route.request.url.rsplit("=", 1)[1] for route in held] == ["2", "3", "4"]
    for route in reversed(held):
        route.continue_()
    expect(page.locator(".servings output")).to_have_text("4 servings")
    expect(page).to_have_url(re.compile(r"/cocktails/3\?servings=4$"))
    page.unroute(re.compile(r".*/cocktails/3\?servings=\d+$"))
    page.reload()
    expect(page.locator(".servings output")).to_have_text("4 servings")
