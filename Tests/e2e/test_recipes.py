"""The book's own recipes in real browsers: writing a drink with and without JavaScript, nothing
typed is lost (problems shown next to the field, a local draft), adapting a catalog drink,
editing, history and restore, two editors at once, the trash, personal notes, stars and "I made
this" for two accounts, the editor in Italian, and axe on the new screens."""

from __future__ import annotations

import re
import struct
import subprocess
import zlib

import pytest
import requests
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import DEADLINE, SEED_CATALOG, _binary, api_all, api_json, send_in_place, wait_until
from helpers import ConsoleErrors, row, row_names, rows
from test_italian import english_left

SEARCH_FIELD = "form.search input[name=q]"
DRINK_URL = re.compile(r"/cocktails/(my-\d+)(\?.*)?$")


# --------------------------------------------------------------------------- helpers


def png_bytes(width: int = 48, height: int = 32, rgb: tuple[int, int, int] = (196, 48, 64)) -> bytes:
    """A small solid-colour PNG, made without any imaging library."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def api_create(server, name: str, ingredients: list, instructions: list[str], headers: dict | None = None,
               **fields) -> dict:
    """Writes a drink through `POST /api/v1/cocktails` (the quick way to a starting point)."""
    response = requests.post(f"{server.url}/api/v1/cocktails", timeout=DEADLINE, headers=headers or {},
                             json={"name": name, "ingredients": ingredients, "instructions": instructions, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def drink_id(page) -> str:
    """The id of the drink the page shows (`my-N`)."""
    match = DRINK_URL.search(page.url)
    assert match, page.url
    return match.group(1)


def save(page):
    """Presses the editor's visible Save button and waits for the answer."""
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="Save", exact=True).click()
    return navigation.value


def editor_rows(page):
    return page.locator("fieldset[data-rows] ol.editor-rows > li")


def field_values(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("fields => fields.map(field => field.value)")


def field_names(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("fields => fields.map(field => field.name)")


def ingredient_lines(page) -> list[str]:
    return [" ".join(t.split()) for t in page.locator("section.ingredients ul li").all_inner_texts()]


def steps(page) -> list[str]:
    return [t.strip() for t in page.locator("section.instructions ol li").all_inner_texts()]


def recipe_action(page, name: str):
    """A link or button among the drink page's own-recipe actions (Edit, Adapt, History, …)."""
    actions = page.locator("[data-recipe-actions]")
    return actions.get_by_role("link", name=name, exact=True).or_(actions.get_by_role("button", name=name, exact=True))


def versions(page) -> list[str]:
    return page.locator("ol.versions > li").evaluate_all("items => items.map(item => item.dataset.version)")


def version_summary(page, number: int) -> str:
    return page.locator(f"ol.versions > li[data-version='{number}'] > p.hint").first.inner_text().strip()


def cli(database, *arguments, password: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(_binary()), *arguments, "--database", str(database), "--bcrypt-cost", "4",
         "--source-latency", "0", "--catalog", str(SEED_CATALOG)],
        input=password, capture_output=True, text=True, timeout=60,
    )


def sign_in(page, url: str, name: str, password: str) -> None:
    page.goto(url + "/login")
    page.fill("#login-name", name)
    page.fill("#login-password", password)
    page.click("form[action='/login'] button[type=submit]")
    expect(page).to_have_url(url + "/")
    expect(page.locator("[data-account-link]")).to_have_text(name)


def violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(node["target"][0] if node["target"] else "?" for node in v["nodes"][:5])
        for v in results.response["violations"]
    ]


# --------------------------------------------------------------------------- 1. writing with JavaScript


def test_writing_a_drink_with_javascript(module_server, page):
    errors = ConsoleErrors(page)
    name = "Smoky Cherry Sour"
    page.goto(module_server.url + "/cocktails/new")
    expect(page.locator("h1")).to_have_text("New recipe")
    page.evaluate("window.__marker = 'same document'")

    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Style").select_option("Sour")
    page.get_by_label("Glass", exact=True).select_option("coupe")
    page.get_by_label("Method").select_option("shaken")

    # One row to start with; "Add ingredient" adds the others in place, without a round trip.
    ingredients = page.locator("fieldset[data-rows]")
    expect(editor_rows(page)).to_have_count(1)
    for _ in range(3):
        ingredients.get_by_role("button", name="Add ingredient").click()
    expect(editor_rows(page)).to_have_count(4)
    expect(page.locator("#row-3-amount")).to_be_focused()
    typed = [("1 1/2", "oz", "bourbon"), ("1", "oz", "orange juice"), ("0,75", "oz", "fresh lemon juice"),
             ("2", "dash", "smoked cherry bitters")]
    for index, (amount, unit, ingredient) in enumerate(typed):
        page.get_by_label(f"Amount {index + 1}", exact=True).fill(amount)
        page.get_by_label(f"Unit {index + 1}", exact=True).select_option(unit)
        page.get_by_label(f"Ingredient {index + 1}", exact=True).fill(ingredient)

    # The bitters move up one place, above the lemon juice.
    ingredients.get_by_role("button", name="Move up 4").click()
    assert field_values(page, "fieldset[data-rows] input[name$='.ingredient']") == [
        "bourbon", "orange juice", "smoked cherry bitters", "fresh lemon juice"]
    assert field_values(page, "fieldset[data-rows] input[name$='.amount']") == ["1 1/2", "1", "2", "0,75"]
    # The rows are renumbered: names, ids, labels and the buttons' state follow the new order.
    assert field_names(page, "fieldset[data-rows] input[name$='.ingredient']") == [
        f"row.{i}.ingredient" for i in range(4)]
    expect(page.get_by_label("Ingredient 3", exact=True)).to_have_value("smoked cherry bitters")
    expect(ingredients.get_by_role("button", name="Move up 1")).to_be_disabled()
    expect(ingredients.get_by_role("button", name="Move down 4")).to_be_disabled()
    expect(ingredients.get_by_role("button", name="Move down 3")).to_be_enabled()

    # The orange juice was a mistake.
    ingredients.get_by_role("button", name="Remove 2").click()
    expect(editor_rows(page)).to_have_count(3)
    assert field_values(page, "fieldset[data-rows] input[name$='.ingredient']") == [
        "bourbon", "smoked cherry bitters", "fresh lemon juice"]
    assert field_values(page, "fieldset[data-rows] input[name$='.amount']") == ["1 1/2", "2", "0,75"]
    expect(page.get_by_label("Ingredient 2", exact=True)).to_have_value("smoked cherry bitters")
    expect(page.get_by_label("Unit 2", exact=True)).to_have_value("dash")

    method = page.locator("fieldset[data-steps]")
    page.get_by_label("Step 1", exact=True).fill("Shake everything hard with ice.")
    method.get_by_role("button", name="Add step").click()
    expect(page.locator("fieldset[data-steps] ol.editor-steps > li")).to_have_count(2)
    page.get_by_label("Step 2", exact=True).fill("Double strain into a chilled coupe.")

    # A photo: scaled and re-encoded as JPEG in the browser, with a preview.
    page.get_by_label("Take or choose a photo").set_input_files(
        files=[{"name": "cherry-sour.png", "mimeType": "image/png", "buffer": png_bytes()}])
    expect(page.locator("#picture")).to_have_attribute("data-scaled", "cherry-sour.jpg")
    preview = page.locator("fieldset[data-picture] img.picture-preview")
    expect(preview).to_be_visible()
    page.wait_for_function("() => document.querySelector('fieldset[data-picture] img.picture-preview').complete")
    preview_width = preview.evaluate("img => img.naturalWidth")  # checked at the end
    # Everything so far happened in this document.
    assert page.evaluate("window.__marker") == "same document"

    save(page)
    # A new ingredient is confirmed first; what was typed is all still there.
    if page.locator("[data-new-ingredients]").count():
        confirm = page.locator("[data-new-ingredients]")
        expect(confirm.get_by_role("checkbox", name="smoked cherry bitters")).to_be_checked()
        # The question sits inside its box, not on the box's edge.
        box, question = confirm.bounding_box(), confirm.locator("legend").bounding_box()
        assert box["y"] < question["y"] and question["y"] + question["height"] < box["y"] + box["height"], (box, question)
        assert box["x"] < question["x"], "the box is padded"
        assert field_values(page, "fieldset[data-rows] input[name$='.ingredient']") == [
            "bourbon", "smoked cherry bitters", "fresh lemon juice"]
        expect(page.get_by_label("Name", exact=True)).to_have_value(name)
        save(page)

    expect(page).to_have_url(DRINK_URL)
    cocktail_id = drink_id(page)
    expect(page.locator("[data-saved-notice]")).to_be_visible()
    expect(page.locator("h1")).to_have_text(name)
    assert ingredient_lines(page) == ["1 ½ oz bourbon", "2 dashes smoked cherry bitters", "¾ oz fresh lemon juice"]
    assert steps(page) == ["Shake everything hard with ice.", "Double strain into a chilled coupe."]
    expect(page.locator("dl.facts")).to_contain_text("Coupe")
    expect(page.locator("dl.facts")).to_contain_text("Shaken")
    expect(recipe_action(page, "Edit")).to_be_visible()

    # The API has the drink, its picture among the book's own images.
    drink = api_json(module_server, f"/api/v1/cocktails/{cocktail_id}")
    assert drink["name"] == name and drink["version"] == 1 and drink["editable"] is True
    assert [(line["amount"], line["unit"], line["ingredient"]) for line in drink["ingredients"]] == [
        (1.5, "oz", "bourbon"), (2, "dash", "smoked cherry bitters"), (0.75, "oz", "fresh lemon juice")]
    assert drink["instructions"] == ["Shake everything hard with ice.", "Double strain into a chilled coupe."]
    assert drink["imageURL"].startswith("/images/"), drink["imageURL"]
    picture = requests.get(module_server.url + drink["imageURL"], timeout=DEADLINE)
    assert picture.status_code == 200
    assert picture.headers["Content-Type"].startswith("image/"), picture.headers["Content-Type"]
    hero = page.locator("figure.hero img")
    expect(hero).to_have_attribute("src", re.compile(re.escape(drink["imageURL"])))
    page.wait_for_function("() => { const img = document.querySelector('figure.hero img'); return img.complete && img.naturalWidth > 0; }")

    # The search box on the main screen finds it by its name.
    page.goto(module_server.url + "/")
    page.locator(SEARCH_FIELD).press_sequentially(name, delay=20)
    expect(row(page, name)).to_have_count(1)
    assert name in row_names(page)
    # Its row shows the photo's small copy, made on the server, not the photo itself.
    thumb = row(page, name).locator("img.row-thumb")
    expect(thumb).to_have_attribute("src", drink["imageURL"] + "/medium")
    thumb.scroll_into_view_if_needed()
    wait_until(lambda: thumb.evaluate("img => img.complete && img.naturalWidth"), message="the row's picture never loaded")
    assert thumb.evaluate("img => Math.max(img.naturalWidth, img.naturalHeight)") <= 350
    # (This photo is smaller than the copy would be, so it is served as it is: PictureThumbnailTests
    # checks a 1600 × 1200 photo's copy.)
    assert len(requests.get(module_server.url + drink["imageURL"] + "/medium", timeout=DEADLINE).content) <= len(
        picture.content)
    row(page, name).click()
    expect(page).to_have_url(re.compile(rf"/cocktails/{cocktail_id}(\?.*)?$"))
    expect(page.locator("h1")).to_have_text(name)
    # The preview of the chosen photo showed the photo, and nothing was refused on the way.
    assert preview_width > 0, "the chosen photo's preview did not load"
    assert errors.messages == []


# --------------------------------------------------------------------------- 2. without JavaScript


def test_writing_a_drink_without_javascript(module_server, new_page):
    page = new_page(java_script_enabled=False)
    name = "Plain Form Highball"
    page.goto(module_server.url + "/cocktails/new")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Glass", exact=True).select_option("highball")
    page.get_by_label("Method").select_option("built")
    page.get_by_label("Amount 1", exact=True).fill("2")
    page.get_by_label("Unit 1", exact=True).select_option("oz")
    page.get_by_label("Ingredient 1", exact=True).fill("gin")
    page.get_by_label("Note 1", exact=True).fill("London dry")
    page.get_by_label("Step 1", exact=True).fill("Build over ice.")

    # "Add ingredient" posts the form back; the answer has one more, empty, row.
    with page.expect_navigation() as navigation:
        page.locator("fieldset[data-rows]").get_by_role("button", name="Add ingredient").click()
    assert navigation.value.request.method == "POST"
    assert navigation.value.status == 200
    expect(editor_rows(page)).to_have_count(2)
    assert field_values(page, "fieldset[data-rows] input[name$='.ingredient']") == ["gin", ""]
    assert field_values(page, "fieldset[data-rows] input[name$='.amount']") == ["2", ""]
    expect(page.get_by_label("Unit 2", exact=True)).to_have_value("")
    # Everything typed is kept.
    expect(page.get_by_label("Name", exact=True)).to_have_value(name)
    expect(page.get_by_label("Glass", exact=True)).to_have_value("highball")
    expect(page.get_by_label("Method")).to_have_value("built")
    expect(page.get_by_label("Unit 1", exact=True)).to_have_value("oz")
    expect(page.get_by_label("Note 1", exact=True)).to_have_value("London dry")
    expect(page.get_by_label("Step 1", exact=True)).to_have_value("Build over ice.")

    page.get_by_label("Amount 2", exact=True).fill("4")
    page.get_by_label("Unit 2", exact=True).select_option("oz")
    page.get_by_label("Ingredient 2", exact=True).fill("soda water")
    response = save(page)
    assert response.request.redirected_from is not None
    assert response.request.redirected_from.method == "POST"
    expect(page).to_have_url(DRINK_URL)
    expect(page.locator("h1")).to_have_text(name)
    assert ingredient_lines(page) == ["2 oz gin, London dry", "4 oz soda water"]
    assert steps(page) == ["Build over ice."]
    drink = api_json(module_server, f"/api/v1/cocktails/{drink_id(page)}")
    assert [line["ingredient"] for line in drink["ingredients"]] == ["gin", "soda water"]
    assert drink["glass"] == "highball" and drink["method"] == "built"


# --------------------------------------------------------------------------- 3. nothing typed is lost


def test_a_refused_save_shows_the_problem_at_the_field_and_keeps_the_rest(module_server, page):
    page.goto(module_server.url + "/cocktails/new")
    page.get_by_label("Glass", exact=True).select_option("nick-and-nora")
    page.get_by_label("Method").select_option("stirred")
    page.locator("#shortDescription").fill("A dry, cold aperitif.")
    page.get_by_label("Amount 1", exact=True).fill("0,75")
    page.get_by_label("Unit 1", exact=True).select_option("oz")
    page.get_by_label("Ingredient 1", exact=True).fill("dry vermouth")
    page.get_by_label("Step 1", exact=True).fill("Stir with ice and strain.")

    # Enter in a one-line field sends nothing: only the buttons save.
    page.get_by_label("Ingredient 1", exact=True).press("Enter")
    expect(page.get_by_label("Ingredient 1", exact=True)).to_be_focused()
    expect(page.locator("[data-problems]")).to_have_count(0)
    expect(page.get_by_label("Minutes to make")).to_have_attribute("type", "number")

    response = save(page)
    assert response.status == 422
    expect(page).to_have_url(module_server.url + "/cocktails/new")
    name = page.get_by_label("Name", exact=True)
    expect(name).to_be_focused()  # the first (here the only) field with a problem
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_attribute("aria-describedby", "name-problem")
    problem = page.locator("#name-problem")
    expect(problem).to_be_visible()
    expect(problem).not_to_be_empty()
    # The problem is right after the field, and the summary at the top links to the field.
    assert name.evaluate("field => field.nextElementSibling && field.nextElementSibling.id") == "name-problem"
    expect(page.locator("[data-problems]")).to_be_visible()
    expect(page.locator("[data-problems] a[href='#name']")).to_have_text(problem.inner_text())
    # Only the name is marked.
    expect(page.locator("form[data-editor] [aria-invalid=true]")).to_have_count(1)
    # The rest is as typed.
    expect(name).to_have_value("")
    expect(page.get_by_label("Glass", exact=True)).to_have_value("nick-and-nora")
    expect(page.get_by_label("Method")).to_have_value("stirred")
    expect(page.locator("#shortDescription")).to_have_value("A dry, cold aperitif.")
    expect(page.get_by_label("Amount 1", exact=True)).to_have_value("0,75")
    expect(page.get_by_label("Unit 1", exact=True)).to_have_value("oz")
    expect(page.get_by_label("Ingredient 1", exact=True)).to_have_value("dry vermouth")
    expect(page.get_by_label("Step 1", exact=True)).to_have_value("Stir with ice and strain.")

    # Named, it saves; the draft the refused form left in the browser goes with it.
    name.fill("Vermouth Cobbler Lite")
    save(page)
    expect(page).to_have_url(DRINK_URL)
    expect(page.locator("h1")).to_have_text("Vermouth Cobbler Lite")
    assert ingredient_lines(page) == ["¾ oz dry vermouth"]
    assert page.evaluate("localStorage.getItem('draft:/cocktails/new')") is None


def test_the_editor_uses_a_wide_screen_one_line_per_ingredient(module_server, new_page):
    page = new_page(viewport={"width": 1440, "height": 900})
    page.goto(module_server.url + "/cocktails/new")
    boxes = {name: page.locator(f"#row-0-{name}").bounding_box() for name in ["amount", "unit", "ingredient", "note"]}
    assert len({round(box["y"]) for box in boxes.values()}) == 1, boxes
    assert boxes["unit"]["width"] < 250, boxes  # it was 945 px
    assert boxes["ingredient"]["width"] > boxes["note"]["width"] > boxes["amount"]["width"], boxes
    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(module_server.url + "/cocktails/new")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_leaving_the_editor_with_changes_asks_first(module_server, new_page):
    page = new_page()
    page.goto(module_server.url + "/cocktails/new")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    # Untouched, leaving asks nothing.
    page.goto(module_server.url + "/cocktails/new")
    assert asked == []
    page.get_by_label("Name", exact=True).fill("Half-typed")
    with page.expect_event("close"):
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"]


def test_a_reloaded_form_offers_the_draft_kept_in_this_browser(module_server, page):
    page.goto(module_server.url + "/cocktails/new")
    expect(page.locator("[data-draft-note]")).to_be_hidden()
    page.get_by_label("Name", exact=True).fill("Half-Typed Fizz")
    page.get_by_label("Glass", exact=True).select_option("collins")
    page.locator("fieldset[data-rows]").get_by_role("button", name="Add ingredient").click()
    page.get_by_label("Amount 2", exact=True).fill("1 1/2")
    page.get_by_label("Ingredient 2", exact=True).fill("gin")
    page.get_by_label("Step 1", exact=True).fill("Shake, then top with soda.")
    assert page.evaluate("localStorage.getItem('draft:/cocktails/new')") is not None

    page.reload()
    note = page.locator("[data-draft-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("unsaved changes")
    expect(page.get_by_label("Name", exact=True)).to_have_value("")
    note.get_by_role("button", name="Restore them").click()
    expect(note).to_be_hidden()
    expect(page.get_by_label("Name", exact=True)).to_have_value("Half-Typed Fizz")
    expect(page.get_by_label("Glass", exact=True)).to_have_value("collins")
    expect(editor_rows(page)).to_have_count(2)
    assert field_values(page, "fieldset[data-rows] input[name$='.ingredient']") == ["", "gin"]
    expect(page.get_by_label("Amount 2", exact=True)).to_have_value("1 1/2")
    expect(page.get_by_label("Step 1", exact=True)).to_have_value("Shake, then top with soda.")

    # Offered again after another reload; discarded, it is gone for good.
    page.reload()
    expect(note).to_be_visible()
    note.get_by_role("button", name="Discard").click()
    expect(note).to_be_hidden()
    expect(page.get_by_label("Name", exact=True)).to_have_value("")
    expect(page.get_by_label("Glass", exact=True)).to_have_value("")
    expect(editor_rows(page)).to_have_count(1)
    expect(page.get_by_label("Ingredient 1", exact=True)).to_have_value("")
    expect(page.get_by_label("Step 1", exact=True)).to_have_value("")
    assert page.evaluate("localStorage.getItem('draft:/cocktails/new')") is None
    page.reload()
    expect(page.locator("form[data-editor]")).to_be_visible()
    expect(note).to_be_hidden()
    expect(page.get_by_role("button", name="Restore them")).to_have_count(0)


# --------------------------------------------------------------------------- 4. adapting


def test_adapting_manhattan_links_both_ways(module_server, page):
    page.goto(module_server.url + "/cocktails/3")
    expect(page.locator("h1")).to_have_text("Manhattan")
    # A catalog drink can be adapted, not edited or deleted.
    expect(recipe_action(page, "Adapt")).to_be_visible()
    expect(recipe_action(page, "Edit")).to_have_count(0)
    expect(recipe_action(page, "Move to trash")).to_have_count(0)
    original = api_json(module_server, "/api/v1/cocktails/3")

    recipe_action(page, "Adapt").click()
    expect(page).to_have_url(module_server.url + "/cocktails/new?adapt=3")
    expect(page.locator("[data-based-on]")).to_have_text("Based on Manhattan")
    expect(page.get_by_label("Name", exact=True)).to_have_value(re.compile("Manhattan"))
    # The form starts from Manhattan's lines.
    assert field_values(page, "fieldset[data-rows] input[name$='.ingredient']") == [
        line["ingredient"] for line in original["ingredients"]]
    page.get_by_label("Name", exact=True).fill("Manhattan, Sixty")
    page.get_by_label("Amount 1", exact=True).fill("60")
    save(page)

    expect(page).to_have_url(DRINK_URL)
    adaptation_id = drink_id(page)
    expect(page.locator("h1")).to_have_text("Manhattan, Sixty")
    based_on = page.locator("p.based-on a")
    expect(based_on).to_have_text(re.compile(r"\bManhattan\b"))
    expect(based_on).to_have_attribute("href", "/cocktails/3")
    adaptation = api_json(module_server, f"/api/v1/cocktails/{adaptation_id}")
    assert adaptation["basedOn"] == "3"
    assert adaptation["ingredients"][0]["amount"] == 60
    assert adaptation["ingredients"][0]["ingredient"] == original["ingredients"][0]["ingredient"]
    assert [line["ingredient"] for line in adaptation["ingredients"]] == [
        line["ingredient"] for line in original["ingredients"]]

    based_on.click()
    expect(page).to_have_url(re.compile(r"/cocktails/3(\?.*)?$"))
    adaptations = page.locator("section.adaptations")
    expect(adaptations.get_by_role("link", name="Manhattan, Sixty")).to_have_attribute(
        "href", re.compile(rf"^/cocktails/{adaptation_id}\b"))
    expect(recipe_action(page, "Edit")).to_have_count(0)
    # Manhattan itself is unchanged.
    assert api_json(module_server, "/api/v1/cocktails/3")["ingredients"] == original["ingredients"]
    assert {"id": adaptation_id, "name": "Manhattan, Sixty"} in api_json(module_server, "/api/v1/cocktails/3")["adaptations"]


# --------------------------------------------------------------------------- 5. editing and history


def test_editing_twice_then_restoring_the_first_version(module_server, page):
    created = api_create(module_server, "Gin Rickey Test",
                         [{"amount": 2, "unit": "oz", "ingredient": "gin"},
                          {"amount": 0.5, "unit": "oz", "ingredient": "fresh lime juice"},
                          {"amount": 4, "unit": "oz", "ingredient": "soda water"}],
                         ["Build over ice in a highball."])
    cocktail_id = created["id"]
    page.goto(f"{module_server.url}/cocktails/{cocktail_id}")
    first_lines = ingredient_lines(page)
    assert first_lines == ["2 oz gin", "½ oz fresh lime juice", "4 oz soda water"]

    # First edit: an amount.
    recipe_action(page, "Edit").click()
    expect(page).to_have_url(f"{module_server.url}/cocktails/{cocktail_id}/edit")
    expect(page.get_by_label("Amount 2", exact=True)).to_have_value(re.compile(r"^(0?\.5|1/2|½)$"))
    page.get_by_label("Amount 2", exact=True).fill("3/4")
    save(page)
    expect(page.locator("[data-saved-notice]")).to_be_visible()
    assert ingredient_lines(page) == ["2 oz gin", "¾ oz fresh lime juice", "4 oz soda water"]

    # Second edit: the name.
    recipe_action(page, "Edit").click()
    page.get_by_label("Name", exact=True).fill("Gin Rickey Deluxe")
    save(page)
    expect(page.locator("h1")).to_have_text("Gin Rickey Deluxe")

    recipe_action(page, "History").click()
    expect(page).to_have_url(f"{module_server.url}/cocktails/{cocktail_id}/history")
    assert versions(page) == ["3", "2", "1"]
    expect(page.locator("ol.versions > li h2")).to_have_text([
        re.compile(r"^Version 3\b"), re.compile(r"^Version 2\b"), re.compile(r"^Version 1\b")])
    expect(page.locator("ol.versions > li.is-current")).to_have_attribute("data-version", "3")
    summaries = {number: version_summary(page, number) for number in (1, 2, 3)}
    assert all(0 < len(text) <= 60 for text in summaries.values()), summaries
    assert "created" in summaries[1], summaries
    assert "ingredient" in summaries[2], summaries
    assert "name" in summaries[3], summaries
    expect(page.locator("ol.versions > li[data-version='1'] strong")).to_have_text("Gin Rickey Test")
    expect(page.locator("ol.versions > li[data-version='1'] ul li")).to_have_text(first_lines)
    expect(page.locator("ol.versions > li[data-version='3']").get_by_role("button")).to_have_count(0)

    page.locator("ol.versions > li[data-version='1']").get_by_role(
        "button", name="Make this the current version").click()
    expect(page).to_have_url(re.compile(rf"/cocktails/{cocktail_id}(\?.*)?$"))
    expect(page.locator("h1")).to_have_text("Gin Rickey Test")
    assert ingredient_lines(page) == first_lines
    assert steps(page) == ["Build over ice in a highball."]

    recipe_action(page, "History").click()
    assert versions(page) == ["4", "3", "2", "1"]
    expect(page.locator("ol.versions > li.is-current")).to_have_attribute("data-version", "4")
    assert "1" in version_summary(page, 4)
    api_versions = api_json(module_server, f"/api/v1/cocktails/{cocktail_id}/versions")
    assert api_versions["current"] == 4 and len(api_versions["versions"]) == 4
    drink = api_json(module_server, f"/api/v1/cocktails/{cocktail_id}")
    assert drink["version"] == 4 and drink["name"] == "Gin Rickey Test"


# --------------------------------------------------------------------------- 6. two editors


def test_two_editors_the_second_sees_the_conflict_and_keeps_what_it_typed(module_server, new_page):
    created = api_create(module_server, "Conflict Collins",
                         [{"amount": 2, "unit": "oz", "ingredient": "gin"},
                          {"amount": 4, "unit": "oz", "ingredient": "soda water"}],
                         ["Build."])
    edit_url = f"{module_server.url}/cocktails/{created['id']}/edit"
    first, second = new_page(), new_page()
    first.goto(edit_url)
    second.goto(edit_url)

    first.get_by_label("Amount 2", exact=True).fill("5")
    save(first)
    expect(first.locator("[data-saved-notice]")).to_be_visible()
    assert ingredient_lines(first) == ["2 oz gin", "5 oz soda water"]

    second.get_by_label("Amount 1", exact=True).fill("3")
    second.get_by_label("Step 1", exact=True).fill("Build over ice and stir once.")
    response = save(second)
    assert response.status == 409
    stale = second.locator("[data-stale]")
    expect(stale).to_be_visible()
    # The other window's version, as saved, field by field: what it changed (the soda), not this
    # form's own changes (the steps)…
    expect(stale).to_contain_text("saved in another window")
    expect(stale.locator("[data-stale-field]")).to_have_count(1)
    expect(stale.locator("[data-stale-field=ingredients] li")).to_have_text(["2 oz gin", "5 oz soda water"])
    expect(stale.locator("[data-stale-field=steps]")).to_have_count(0)
    expect(stale).to_contain_text("v2")
    expect(stale.locator("[data-stale-replaces]")).to_have_text(
        "Saving again replaces what was saved meanwhile in: Ingredients. That version stays in the history.")
    # …and this page's own, still in the form.
    expect(second.get_by_label("Amount 1", exact=True)).to_have_value("3")
    expect(second.get_by_label("Amount 2", exact=True)).to_have_value("4")
    expect(second.get_by_label("Step 1", exact=True)).to_have_value("Build over ice and stir once.")
    expect(second.get_by_label("Name", exact=True)).to_have_value("Conflict Collins")
    expect(second.locator("form[data-editor] input[name=version]")).to_have_value("2")

    save(second)
    expect(second).to_have_url(DRINK_URL)
    expect(second.locator("[data-saved-notice]")).to_be_visible()
    assert ingredient_lines(second) == ["3 oz gin", "4 oz soda water"]
    assert steps(second) == ["Build over ice and stir once."]
    drink = api_json(module_server, f"/api/v1/cocktails/{created['id']}")
    assert drink["version"] == 3
    # Nothing is lost: the first editor's version stays in the history.
    second.goto(f"{module_server.url}/cocktails/{created['id']}/history")
    assert versions(second) == ["3", "2", "1"]
    expect(second.locator("ol.versions > li[data-version='2'] ul li")).to_have_text(["2 oz gin", "5 oz soda water"])


# --------------------------------------------------------------------------- 7. the trash


def test_deleting_moves_the_drink_to_the_trash_and_restoring_brings_it_back(module_server, page):
    name = "Trash Can Punch"
    created = api_create(module_server, name,
                         [{"amount": 1, "unit": "oz", "ingredient": "dark rum"},
                          {"amount": 3, "unit": "oz", "ingredient": "pineapple juice"}],
                         ["Shake.", "Pour over crushed ice."])
    cocktail_id = created["id"]
    drink_url = f"{module_server.url}/cocktails/{cocktail_id}"
    page.goto(module_server.url + "/")
    expect(row(page, name)).to_have_count(1)

    page.goto(drink_url)
    page.on("dialog", lambda dialog: dialog.accept())  # a confirmation, if the page asks for one
    with page.expect_navigation():
        recipe_action(page, "Move to trash").click()
    expect(page).to_have_url(re.compile(r"/trash(\?.*)?$"))
    expect(page.locator("[data-trash-notice]")).to_contain_text(name)
    listed = page.locator(f"ul.trash-list li[data-trashed='{cocktail_id}']")
    expect(listed.locator(".trash-name")).to_have_text(name)

    # Gone from the list, the search and its own address.
    page.goto(module_server.url + "/")
    expect(rows(page).first).to_be_visible()
    expect(row(page, name)).to_have_count(0)
    response = page.goto(drink_url)
    assert response.status == 404
    assert name not in [c["name"] for c in api_all(module_server)["cocktails"]]
    assert cocktail_id in [item["id"] for item in api_json(module_server, "/api/v1/trash")["cocktails"]]

    page.goto(module_server.url + "/trash")
    with page.expect_navigation():
        page.locator(f"ul.trash-list li[data-trashed='{cocktail_id}']").get_by_role("button", name="Put back").click()
    expect(page).to_have_url(re.compile(rf"/cocktails/{cocktail_id}(\?.*)?$"))
    expect(page.locator("h1")).to_have_text(name)
    assert ingredient_lines(page) == ["1 oz dark rum", "3 oz pineapple juice"]
    assert steps(page) == ["Shake.", "Pour over crushed ice."]

    page.goto(module_server.url + "/trash")
    expect(page.locator(f"ul.trash-list li[data-trashed='{cocktail_id}']")).to_have_count(0)
    page.goto(module_server.url + "/")
    expect(row(page, name)).to_have_count(1)


# --------------------------------------------------------------------------- 8. two accounts


def test_notes_stars_and_made_it_are_per_account_and_roles_limit_writing(server, new_page, tmp_path):
    database = tmp_path / "recipes-accounts.sqlite"
    for arguments, password in [(("alice", "--admin"), "alice's password"), (("bob",), "bob's password"),
                                (("carol", "--guest"), "carol's password")]:
        added = cli(database, "user", "add", *arguments, "--password-stdin", password=password)
        assert added.returncode == 0, added.stderr
    running = server(database=database)
    running.wait_ready()

    bob, alice, carol = new_page(), new_page(color_scheme="dark"), new_page()
    sign_in(bob, running.url, "bob", "bob's password")
    sign_in(alice, running.url, "alice", "alice's password")
    sign_in(carol, running.url, "carol", "carol's password")
    old_fashioned = running.url + "/cocktails/10"

    note = "Demerara syrup, and an orange twist instead of cherry."
    bob.goto(old_fashioned)
    expect(bob.locator("h1")).to_have_text("Old Fashioned")
    personal = bob.locator("[data-personal]")
    personal.get_by_label("Your private note").fill(note)
    send_in_place(bob, personal.get_by_role("button", name="Save note"))
    # One tap rates: no Save button, no second step, no page load.
    send_in_place(bob, personal.get_by_role("button", name="4 stars"))
    expect(personal.get_by_role("button", name="4 stars")).to_have_attribute("aria-pressed", "true")
    send_in_place(bob, personal.get_by_role("button", name="I made this"))
    expect(personal.locator("[data-made-notice]")).to_be_visible()

    alice.goto(old_fashioned)
    send_in_place(alice, alice.locator("[data-personal]").get_by_role("button", name="2 stars"))

    bob.goto(old_fashioned)
    expect(personal.get_by_label("Your private note")).to_have_value(note)
    expect(personal.get_by_role("button", name="4 stars")).to_have_attribute("aria-pressed", "true")
    expect(personal.locator("button[name=stars][aria-pressed=true]")).to_have_count(1)
    expect(personal.locator("button[name=stars].is-on")).to_have_count(4)
    expect(personal.locator("[data-rating-summary]")).to_have_text(re.compile(r"\b3(\.0)?\s*·\s*2 ratings\b"))
    expect(personal.locator("[data-made-summary]")).to_have_text(re.compile(r"^Made once\b"))
    expect(personal.locator("ul.made-list > li")).to_have_count(1)

    alice.goto(old_fashioned)
    alice_personal = alice.locator("[data-personal]")
    expect(alice_personal.get_by_label("Your private note")).to_have_value("")
    expect(alice_personal.get_by_role("button", name="2 stars")).to_have_attribute("aria-pressed", "true")
    expect(alice_personal.locator("button[name=stars][aria-pressed=true]")).to_have_count(1)
    expect(alice_personal.locator("[data-rating-summary]")).to_have_text(re.compile(r"\b3(\.0)?\s*·\s*2 ratings\b"))
    expect(alice_personal.locator("[data-made-summary]")).to_have_count(0)
    expect(alice_personal.locator("ul.made-list")).to_have_count(0)
    expect(alice_personal).not_to_contain_text(note)

    # The API says the same, per account.
    bob_token = cli(database, "user", "token", "bob", "--label", "e2e").stdout.strip()
    alice_token = cli(database, "user", "token", "alice", "--label", "e2e").stdout.strip()
    as_bob = requests.get(f"{running.url}/api/v1/cocktails/10", timeout=DEADLINE,
                          headers={"Authorization": f"Bearer {bob_token}"}).json()
    assert as_bob["note"] == note
    assert as_bob["rating"] == {"average": 3.0, "count": 2, "mine": 4}
    assert as_bob["made"]["count"] == 1
    as_alice = requests.get(f"{running.url}/api/v1/cocktails/10", timeout=DEADLINE,
                            headers={"Authorization": f"Bearer {alice_token}"}).json()
    assert as_alice["note"] in (None, "")
    assert as_alice["rating"] == {"average": 3.0, "count": 2, "mine": 2}
    assert as_alice["made"]["count"] == 0

    # A member sees no Edit on the admin's own recipe and may not open its editor.
    spritz = api_create(running, "Alice's Spritz", [{"amount": 3, "unit": "oz", "ingredient": "Aperol"}], ["Build."],
                        headers={"Authorization": f"Bearer {alice_token}"})
    alice.goto(f"{running.url}/cocktails/{spritz['id']}")
    expect(recipe_action(alice, "Edit")).to_be_visible()
    bob.goto(f"{running.url}/cocktails/{spritz['id']}")
    expect(bob.locator("h1")).to_have_text("Alice's Spritz")
    expect(recipe_action(bob, "Edit")).to_have_count(0)
    expect(recipe_action(bob, "Move to trash")).to_have_count(0)
    expect(recipe_action(bob, "Adapt")).to_be_visible()
    assert bob.request.get(f"{running.url}/cocktails/{spritz['id']}/edit", max_redirects=0).status == 403

    # A member may write ("New recipe"); a guest may not.
    bob.goto(running.url + "/")
    expect(bob.locator("[data-new-recipe]")).to_be_visible()
    carol.goto(running.url + "/")
    expect(rows(carol).first).to_be_visible()
    expect(carol.locator("[data-new-recipe]")).to_have_count(0)
    expect(carol.get_by_role("link", name="New recipe")).to_have_count(0)
    carol.goto(running.url + "/account")
    expect(carol.get_by_role("link", name="New recipe")).to_have_count(0)
    assert carol.request.get(running.url + "/cocktails/new", max_redirects=0).status == 403

    # Bob's "I made this" had no note of its own: his private note is not shown as the entry's.
    bob.goto(old_fashioned)
    made = bob.locator("[data-personal] ul.made-list > li")
    expect(made).to_have_count(1)
    expect(made).not_to_contain_text(note)


# --------------------------------------------------------------------------- 9. Italian


def test_the_editor_and_the_history_in_italian(module_server, new_page):
    page = new_page(locale="en-US")
    created = api_create(module_server, "Negroni Bianco di Prova",
                         [{"amount": 1, "unit": "oz", "ingredient": "gin"},
                          {"amount": 1, "unit": "oz", "ingredient": "dry vermouth"}],
                         ["Stir with ice."])
    english_ui = re.compile(r"\b(Ingredients|Instructions|Save|History|Name|Glass|Method|Add ingredient|"
                            r"Add step|Cancel|Photo|Amount|Version|created)\b")

    page.goto(module_server.url + "/cocktails/new?lang=it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("h1")).to_have_text("Nuova ricetta")
    expect(page.locator("fieldset[data-rows] legend")).to_have_text("Ingredienti")
    expect(page.locator("[data-save]")).not_to_have_text("Save")
    assert english_left(page) == []
    assert english_ui.findall(page.locator("main").inner_text()) == []

    page.goto(f"{module_server.url}/cocktails/{created['id']}/history")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("h1")).to_have_text("Cronologia")
    expect(page.locator("ol.versions > li")).to_have_count(1)
    assert english_left(page) == []
    assert english_ui.findall(page.locator("main").inner_text()) == []

    page.goto(f"{module_server.url}/cocktails/{created['id']}")
    expect(page.locator("[data-recipe-actions]")).to_be_visible()
    assert english_left(page) == []
    assert re.findall(r"\b(Edit|Adapt|History|Move to trash)\b", page.locator("[data-recipe-actions]").inner_text()) == []


# --------------------------------------------------------------------------- 10. accessibility


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_editor_history_and_trash_have_no_accessibility_violations(module_server, new_page, scheme):
    page = new_page(color_scheme=scheme)
    created = api_create(module_server, f"Axe Sour {scheme}",
                         [{"amount": 2, "unit": "oz", "ingredient": "bourbon"},
                          {"amount": 0.75, "unit": "oz", "ingredient": "fresh lemon juice"}],
                         ["Shake with ice.", "Strain."])
    changed = requests.put(f"{module_server.url}/api/v1/cocktails/{created['id']}", timeout=DEADLINE,
                           headers={"If-Match": '"v1"'},
                           json={"name": f"Axe Sour {scheme}", "ingredients": ["2 oz bourbon", "1 oz fresh lemon juice"],
                                 "instructions": ["Shake with ice.", "Strain."]})
    assert changed.status_code == 200, changed.text
    trashed = api_create(module_server, f"Axe Trash {scheme}", ["1 oz gin"], ["Stir."])
    assert requests.delete(f"{module_server.url}/api/v1/cocktails/{trashed['id']}", timeout=DEADLINE).status_code == 204

    page.goto(module_server.url + "/cocktails/new")
    expect(page.locator("form[data-editor]")).to_be_visible()
    assert violations(page) == []

    page.goto(f"{module_server.url}/cocktails/{created['id']}/edit")
    page.get_by_label("Name", exact=True).fill("")
    save(page)
    expect(page.locator("[data-problems]")).to_be_visible()
    assert violations(page) == []

    page.goto(f"{module_server.url}/cocktails/{created['id']}/history")
    expect(page.locator("ol.versions > li")).to_have_count(2)
    assert violations(page) == []

    page.goto(module_server.url + "/trash")
    expect(page.locator(f"ul.trash-list li[data-trashed='{trashed['id']}']")).to_be_visible()
    assert violations(page) == []
