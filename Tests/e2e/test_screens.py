"""Issue 31, "Finish every screen": each rough edge a first-time user met, in a real browser on a
phone (390×844) unless a test says otherwise."""

from __future__ import annotations

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

