"""Recipes in and out of the book, in a real browser: the schema.org Recipe each drink page
carries, read back by the parsers other apps use (recipe-scrapers, extruct) and compared with
the page; and a recipe page read into the editor for review, then saved. The recipe page is a
fixture of ours served on 127.0.0.1 (the server runs with private imports allowed for that)."""

from __future__ import annotations

import http.server
import json
import re
import threading
from pathlib import Path

import extruct
import pytest
from playwright.sync_api import expect
from recipe_scrapers import scrape_html

from conftest import api_json

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures" / "recipe-pages"


def recipe_data(html: str, url: str) -> dict:
    found = extruct.extract(html, base_url=url, syntaxes=["json-ld"], uniform=True)["json-ld"]
    recipes = [item for item in found if item.get("@type") == "Recipe"]
    assert len(recipes) == 1, found
    return recipes[0]


@pytest.mark.parametrize("cocktail_id", ["3", "7"])
def test_every_drink_page_carries_a_recipe_the_parsers_read(module_server, page, cocktail_id):
    url = f"{module_server.url}/cocktails/{cocktail_id}"
    page.goto(url)
    html = page.content()
    drink = api_json(module_server, f"/api/v1/cocktails/{cocktail_id}")

    data = recipe_data(html, url)
    assert data["name"] == drink["name"]
    # The lines as the page shows them (in the viewer's units), the drink's ingredients in order.
    shown = [" ".join(text.split()) for text in page.locator("span.ingredient-text").all_inner_texts()]
    lines = data["recipeIngredient"]
    assert lines == shown[:len(drink["ingredients"])]
    for line, ingredient in zip(lines, drink["ingredients"]):
        assert ingredient["ingredient"] is None or ingredient["ingredient"].lower() in line.lower()
    assert [step["text"] for step in data["recipeInstructions"]] == drink["instructions"]
    assert all(step["@type"] == "HowToStep" for step in data["recipeInstructions"])
    assert re.fullmatch(r"PT\d+M", data["totalTime"])

    scraped = scrape_html(html, org_url=url, supported_only=False)
    assert scraped.title() == drink["name"]
    assert scraped.ingredients() == lines
    assert scraped.instructions_list() == drink["instructions"]
    assert scraped.total_time() == drink["preparationMinutes"]
    assert scraped.category() == drink["category"]
    expect(page.locator("h1")).to_have_text(data["name"])


def test_a_drink_downloads_as_markdown_and_as_import_json(module_server, page):
    drink = api_json(module_server, "/api/v1/cocktails/3")
    page.goto(f"{module_server.url}/cocktails/3")
    with page.expect_download() as download:
        page.get_by_role("link", name="Markdown").click()
    markdown = Path(download.value.path()).read_text()
    assert download.value.suggested_filename == "manhattan.md"
    assert markdown.startswith(f"# {drink['name']}\n")
    positions = [markdown.index(line["text"]) for line in drink["ingredients"]]
    assert positions == sorted(positions), "the lines in the drink's order"
    with page.expect_download() as download:
        page.get_by_role("link", name="JSON").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert [item["name"] for item in exported] == [drink["name"]]
    assert exported[0]["ingredients"] == [line["text"] for line in drink["ingredients"]]


class _Pages(http.server.SimpleHTTPRequestHandler):
    """Serves the fixture page with its own host rewritten to this server, and a picture."""

    def do_GET(self):  # noqa: N802 (the standard library's name)
        root = f"http://{self.headers['Host']}"
        if self.path == "/paper-plane":
            html = (FIXTURES / "wprm-yoast-graph.html").read_text().replace("https://homebar.example.com", root)
            body, kind = html.encode(), "text/html; charset=utf-8"
        elif self.path.startswith("/wp-content/"):
            # A 1×1 PNG.
            body = bytes.fromhex(
                "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                "1f15c4890000000d49444154789c63606060f80f0001040100a95d3a4a0000000049454e44ae426082")
            kind = "image/png"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def recipe_site():
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{site.server_address[1]}"
    site.shutdown()


def test_a_recipe_page_becomes_a_draft_reviewed_then_saved(server, page, recipe_site):
    book = server(extra_args=("--allow-private-imports",))
    book.wait_ready()
    page.goto(book.url + "/cocktails/new")
    page.get_by_label("Start from a recipe page").fill(recipe_site + "/paper-plane")
    page.get_by_role("button", name="Read the page").click()
    expect(page.locator("[data-from-page-notice]")).to_contain_text("127.0.0.1")
    expect(page.get_by_label("Name", exact=True)).to_have_value("Paper Plane")
    ingredient_names = page.locator("fieldset[data-rows] input[name$='.ingredient']")
    expect(ingredient_names).to_have_count(4)
    assert api_json(book, "/api/v1/cocktails", {"q": "paper plane"})["cocktails"] == [], "nothing saved yet"

    # The person reviews: a name of their own, then saves.
    page.get_by_label("Name", exact=True).fill("Paper Plane (from the web)")
    page.get_by_role("button", name="Save").first.click()
    confirm = page.locator("[data-new-ingredients]")
    if confirm.count():
        page.get_by_role("button", name="Save").first.click()
    expect(page.locator("h1")).to_have_text("Paper Plane (from the web)")
    saved = api_json(book, "/api/v1/cocktails", {"q": "paper plane"})["cocktails"]
    assert [item["name"] for item in saved] == ["Paper Plane (from the web)"]
    drink = api_json(book, f"/api/v1/cocktails/{saved[0]['id']}")
    assert len(drink["ingredients"]) == 4
    assert drink["imageURL"].startswith("/images/imported/")


def test_a_page_without_a_recipe_says_so_beside_the_address(server, page, recipe_site):
    book = server(extra_args=("--allow-private-imports",))
    book.wait_ready()
    page.goto(book.url + "/cocktails/new")
    field = page.get_by_label("Start from a recipe page")
    field.fill(recipe_site + "/nowhere")
    page.get_by_role("button", name="Read the page").click()
    expect(page.locator("#from-page-problem")).to_contain_text("status 404")
    expect(page.get_by_label("Start from a recipe page")).to_have_value(recipe_site + "/nowhere")
    expect(page.get_by_label("Start from a recipe page")).to_have_attribute("aria-invalid", "true")


def test_a_failed_read_keeps_what_was_typed_and_enter_reads_the_page(server, page, recipe_site):
    book = server(extra_args=("--allow-private-imports",))
    book.wait_ready()
    page.goto(book.url + "/cocktails/new")
    page.get_by_label("Name", exact=True).fill("My own sour")
    page.locator("input[name='row.0.ingredient']").fill("bourbon")
    field = page.get_by_label("Start from a recipe page")
    field.fill(recipe_site + "/nowhere")
    field.press("Enter")
    expect(page.locator("#from-page-problem")).to_contain_text("status 404")
    expect(page.get_by_label("Name", exact=True)).to_have_value("My own sour")
    expect(page.locator("input[name='row.0.ingredient']")).to_have_value("bourbon")
    # The page read at last, the book's own drink of that name is offered.
    api_post = page.request.post(
        book.url + "/api/v1/cocktails",
        data={"name": "Paper Plane", "ingredients": [{"text": "1 oz bourbon"}]},
    )
    assert api_post.status == 201, api_post.text()
    field = page.get_by_label("Start from a recipe page")
    field.fill(recipe_site + "/paper-plane")
    field.press("Enter")
    expect(page.get_by_label("Name", exact=True)).to_have_value("Paper Plane")
    expect(page.locator("[data-namesakes] a")).to_have_text(["Open Paper Plane"])
    expect(page.locator("[data-save-as-version]")).to_have_text("Save as a new version of your Paper Plane")
