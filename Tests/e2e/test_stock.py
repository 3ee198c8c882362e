"""Stock and house-made ingredients in a real browser on a phone: a batch of honey syrup moves
the Gold Rush to Can make now; "I made this" on a Negroni runs the bottles down."""

from __future__ import annotations

from playwright.sync_api import expect

# The bar's own steps, as its browser tests take them.
from conftest import send_in_place
from test_bar import add_bottle, api


def test_a_syrup_batch_moves_the_gold_rush_to_can_make_now(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    for name in ["bourbon", "lemon"]:
        add_bottle(page, name)
    gold_rush = '#can-make li[data-drink="Gold Rush"]'
    expect(page.locator(gold_rush)).to_have_count(0)
    expect(page.locator('#one-away li[data-drink="Gold Rush"] .missing')).to_have_text("Missing: honey syrup")
    # Buy next names honey, through the syrup.
    expect(page.locator('#buy-next li[data-suggestion="raw honey"] strong')).to_contain_text("through honey syrup")

    # "I made 300 ml of honey syrup."
    page.select_option("#batch-value", "honey syrup")
    page.fill("#batch-ml", "300")
    with page.expect_navigation():
        page.click("form[data-batch-form] button[type=submit]")
    expect(page.locator(gold_rush)).to_be_visible()
    expect(page.locator('#house li[data-house="honey syrup"] .batch')).to_contain_text("honey syrup: 300 ml, good until")
    assert "Gold Rush" in [c["name"] for c in api(running, "/api/v1/cocktails?makeable=now")["cocktails"]]

    # The recipe is one tap away, and reads in Italian too.
    page.click('#house li[data-house="honey syrup"] a')
    expect(page.locator("h1")).to_have_text("honey syrup")
    expect(page.locator("ol.house-steps li").first).to_have_text(
        "Pour hot water from the kettle over the honey in a jar.")
    page.goto(running.url + "/bar/ingredients/honey%20syrup?lang=it")
    expect(page.locator("h1")).to_have_text("sciroppo di miele")
    expect(page.locator("ol.house-steps li").first).to_have_text(
        "Versa l'acqua calda del bollitore sul miele, in un barattolo.")


def test_marking_a_negroni_made_runs_the_bottles_down(server, new_page):
    running = server(catalog=None)
    running.wait_ready()
    page = new_page()
    page.goto(running.url + "/bar")
    for name in ["London dry gin", "Campari", "sweet vermouth"]:
        add_bottle(page, name)

    # Campari: a 700 ml bottle, half full, with a low mark.
    campari = page.locator('#stock li[data-stock-bottle="Campari"]')
    campari.locator("details.stock-edit summary").click()
    form = campari.locator("form.stock-form")
    form.locator("select[name=level]").select_option("0.5")
    form.locator("input[name=bottleMl]").fill("700")
    form.locator("input[name=lowMl]").fill("330")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    level = page.locator('ul.shelf li[data-bottle="Campari"] .stock-level')
    expect(level).to_have_text("about 350 of 700 ml left")

    page.goto(running.url + "/cocktails/30")
    expect(page.locator("h1")).to_have_text("Negroni")
    send_in_place(page, page.locator("[data-personal]").get_by_role("button", name="I made this"))
    # The page says which bottles went down and which it left low.
    expect(page.locator("[data-made-notice]")).to_have_text(
        "Noted. Taken from your bar: 30 ml Campari. Campari low: about 320 ml left: it is on your shopping list.")

    page.goto(running.url + "/bar")
    expect(level).to_have_text("about 320 of 700 ml left")
    expect(level).to_have_class("stock-level is-low")
    page.goto(running.url + "/bar/shopping")
    expect(page.locator('li[data-item="Campari"] .low-stock')).to_have_text("Campari low: about 320 ml left")
