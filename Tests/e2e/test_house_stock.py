"""Batches drawn down and made from the shelf, on a phone: a syrup batch moves a drink to Can make
now and runs the honey down; "I made this" runs the batch down; the shelf's stand-ins are listed
and a Manhattan is makeable with bourbon for rye."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import send_in_place
from test_bar import add_bottle, api


def make_batch(page, value: str, ml: str) -> None:
    page.select_option("#batch-value", value)
    page.fill("#batch-ml", ml)
    with page.expect_navigation():
        page.click("form[data-batch-form] button[type=submit]")


def test_a_syrup_batch_moves_a_drink_in_and_runs_the_honey_down(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    assert page.viewport_size == {"width": 390, "height": 844}
    page.goto(running.url + "/bar")
    for name in ["bourbon", "lemon"]:
        add_bottle(page, name)
    gold_rush = '#can-make li[data-drink="Gold Rush"]'
    expect(page.locator(gold_rush)).to_have_count(0)

    make_batch(page, "honey syrup", "300")
    expect(page.locator(gold_rush)).to_be_visible()
    batch = page.locator('#house li[data-house="honey syrup"] .batch')
    expect(batch).to_contain_text("honey syrup: 300 ml, good until")

    # A 500 g jar of honey, full: the next batch's honey comes off it by the recipe
    # (250 g make 280 ml).
    add_bottle(page, "raw honey")
    honey = page.locator('#stock li[data-stock-bottle="raw honey"]')
    honey.locator("details.stock-edit summary").click()
    form = honey.locator("form.stock-form")
    form.locator("select[name=level]").select_option("1")
    form.locator("input[name=bottleMl]").fill("500")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    level = page.locator('ul.shelf li[data-bottle="raw honey"] .stock-level')
    expect(level).to_have_text("about 500 of 500 g left")

    make_batch(page, "honey syrup", "280")
    expect(level).to_have_text("about 250 of 500 g left")
    # Undoing the batch puts the honey back.
    with page.expect_navigation():
        page.locator('#house li[data-house="honey syrup"] form button').click()
    expect(level).to_have_text("about 500 of 500 g left")
    expect(batch).to_contain_text("honey syrup: 300 ml, good until")


def test_marking_a_drink_made_runs_the_batch_down(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    for name in ["bourbon", "lemon"]:
        add_bottle(page, name)
    make_batch(page, "honey syrup", "300")
    batch = page.locator('#house li[data-house="honey syrup"] .batch')
    expect(batch).to_contain_text("honey syrup: 300 ml, good until")

    rows = api(running, "/api/v1/cocktails?makeable=now")["cocktails"]
    gold_rush = next(row["id"] for row in rows if row["name"] == "Gold Rush")
    page.goto(running.url + f"/cocktails/{gold_rush}")
    expect(page.locator("h1")).to_have_text("Gold Rush")
    send_in_place(page, page.locator("[data-personal]").get_by_role("button", name="I made this"))

    # ¾ oz of honey syrup came out of the batch.
    page.goto(running.url + "/bar")
    expect(batch).to_contain_text("honey syrup: 277.5 ml, good until")
    assert [b["ml"] for b in api(running, "/api/v1/bar")["batches"]] == [277.5]


def test_the_shelf_lists_its_stand_ins_and_a_manhattan_is_makeable_with_bourbon(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    for name in ["bourbon", "sweet vermouth", "Angostura bitters", "sugar"]:
        add_bottle(page, name)
    substitutions = page.locator("#rules ul.substitutions li")
    expect(substitutions.filter(has_text="rye whiskey ← your bourbon (changes the drink)")).to_have_count(1)
    expect(substitutions.filter(has_text="sugar cube ← your sugar")).to_have_count(1)
    manhattan = page.locator('#stand-in li[data-drink="Manhattan"]')
    expect(manhattan).to_be_visible()
    expect(manhattan).to_contain_text("with bourbon for rye whiskey")
    expect(page.locator('#can-make li[data-drink="Manhattan"]')).to_have_count(0)

    page.goto(running.url + "/bar?lang=it")
    expect(
        page.locator("#rules ul.substitutions li").filter(
            has_text="rye ← bourbon, dal tuo bar (cambia il drink)")
    ).to_have_count(1)
    expect(page.locator('#stand-in li[data-drink="Manhattan"]')).to_contain_text("con bourbon invece di rye")
