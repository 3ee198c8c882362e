"""Issue 31, "Finish every screen": each rough edge a first-time user met, in a real browser on a
phone (390×844) unless a test says otherwise."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

FORM = "form[data-filters]"

# Is the centre of `el` on screen and not covered or clipped away (by its scrolling box)?
SHOWN = """el => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
}"""


def axe_violations(page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
            for v in results.response["violations"]]


def ingredient(page, value: str):
    return page.locator(f'{FORM} label.option:has(input[name="ingredient"][value="{value}"])')


# --------------------------------------------------------------------------- item 2: filters


def test_tapping_or_tabbing_to_an_ingredient_keeps_the_page_where_it_is(bundled, page):
    page.goto(bundled.url + "/filters")
    page.locator(f'{FORM} label.option:has(input[name="glass"][value="coupe"])').click()
    page.locator(f"{FORM} details.ingredient-picker > summary").click()
    gin = ingredient(page, "London dry gin")
    gin.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    height = page.evaluate("document.documentElement.scrollHeight")
    # The hidden inputs must not stretch the page beyond what it shows.
    assert height < 4 * 844, f"the page is {height} px tall"

    gin.click()
    expect(gin.locator("input")).to_be_checked()
    expect(page.locator(FORM)).not_to_have_attribute("aria-busy", "true")  # the counts followed
    after = page.evaluate("scrollY")
    assert abs(after - before) < 60, f"tapping moved the page from {before} to {after}"
    assert gin.evaluate(SHOWN)

    # The keyboard: each ingredient focused in turn stays in sight, with its focus ring.
    for _ in range(6):
        page.keyboard.press("Tab")
        focused = page.locator(f"{FORM} label.option:has(input:focus)")
        expect(focused).to_have_count(1)
        assert focused.evaluate(SHOWN), "the focused ingredient is out of sight"
        assert page.evaluate("scrollY") < height
    outline = page.locator(f"{FORM} label.option:has(input:focus)").evaluate(
        "el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"
    assert axe_violations(page) == []


# --------------------------------------------------------------------------- item 4: settings' back


def test_settings_back_returns_where_the_person_came_from(module_server, new_page):
    base = module_server.url
    page = new_page()
    # A drink whose servings were changed in place (the address changes without a reload).
    page.goto(base + "/cocktails/11")
    page.click("a[data-servings=more]")
    expect(page).to_have_url(re.compile(r"servings=2$"))
    page.click("a[data-settings-link]")
    expect(page.locator("h1")).to_have_text("Settings")
    page.check("input[name=units][value=ml]")
    expect(page.locator("html")).not_to_have_attribute("data-settings-saving", "true")
    page.click("a.back-link")
    expect(page).to_have_url(base + "/cocktails/11?servings=2")
    expect(page.locator("h1")).to_have_text("Margarita Mocktail")
    assert axe_violations(page) == []

    for start in ["/search?q=gin", "/bar", "/filters", "/results?filter=alcoholic"]:
        page.goto(base + start)
        page.click("a[data-settings-link]")
        expect(page.locator("h1")).to_have_text("Settings")
        page.click("a.back-link")
        expect(page).to_have_url(base + start)

    # Never off the site.
    page.goto(base + "/settings?back=%2F%2Fevil.example")
    expect(page.locator("a.back-link")).to_have_attribute("href", "/")
    assert axe_violations(page) == []

    # Without script, saving returns to the drink too.
    plain = new_page(java_script_enabled=False)
    plain.goto(base + "/cocktails/11?servings=3")
    plain.click("a[data-settings-link]")
    plain.check("input[name=units][value=oz]")
    plain.click("[data-settings-save]")
    expect(plain).to_have_url(base + "/cocktails/11?servings=3")


# --------------------------------------------------------------------------- item 3: the phone's navigation


def on_screen(page, selector: str) -> None:
    link = page.locator(selector).first
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{selector} at {box}"
    assert link.evaluate(SHOWN), f"{selector} is hidden behind something"


def test_settings_account_and_admin_tools_are_on_a_phone_screen(module_server, server, new_page, tmp_path):
    page = new_page()
    page.goto(module_server.url + "/")
    for selector in ("a[data-settings-link]", "a[data-maintenance-link]", "a.chip[href='/import']"):
        on_screen(page, selector)
    page.mouse.wheel(0, 3000)
    # wait_for_function would evaluate a string, which the page's CSP forbids: poll instead.
    for _ in range(100):
        if page.evaluate("window.scrollY") > 300:
            break
        page.wait_for_timeout(50)
    assert page.evaluate("window.scrollY") > 300, "the list scrolled"
    on_screen(page, "a[data-settings-link]")
    assert axe_violations(page) == []
    for path in ("/cocktails/1", "/bar", "/filters", "/lists"):
        page.goto(module_server.url + path)
        on_screen(page, "a[data-settings-link]")

    # A book with accounts: a visitor finds Sign in, a member their account, on every screen.
    from test_accounts import cli, sign_in
    database = tmp_path / "accounts.sqlite"
    assert cli(database, "user", "add", "ada", "--admin", "--password-stdin", password="ada's password").returncode == 0
    running = server(database=database)
    running.wait_ready()
    visitor = new_page()
    for path in ("/", "/cocktails/1", "/filters"):
        visitor.goto(running.url + path)
        on_screen(visitor, "a[data-sign-in]")
        on_screen(visitor, "a[data-settings-link]")
    ada = new_page()
    sign_in(ada, running.url, "ada", "ada's password")
    for path in ("/", "/cocktails/1", "/bar"):
        ada.goto(running.url + path)
        on_screen(ada, "a[data-account-link]")
        on_screen(ada, "a[data-settings-link]")
        if path == "/":
            on_screen(ada, "a[data-maintenance-link]")
    assert axe_violations(ada) == []
