"""Settings in a real browser: theme, units and servings apply at once with JavaScript, and
through the plain form without it."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import computed

LIGHT_BG = "rgb(242, 242, 247)"
DARK_BG = "rgb(0, 0, 0)"


def measure_of(page, name: str):
    return page.locator("section.ingredients li", has_text=name).locator(".measure")


def test_settings_apply_at_once_with_javascript(module_server, new_page):
    page = new_page(color_scheme="light")
    page.goto(module_server.url + "/")
    page.click("a[data-settings-link]")
    expect(page.locator("h1")).to_have_text("Settings")
    page.evaluate("window.__marker = 'no reload'")
    page.check("input[name=theme][value=dark]")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert computed(page, "body", "background-color") == DARK_BG
    page.check("input[name=units][value=ml]")
    page.select_option("#servings", "2")
    expect(page.locator("#servings")).to_have_value("2")
    expect(page.locator("html")).not_to_have_attribute("data-settings-saving", "true")  # every change saved
    assert page.evaluate("window.__marker") == "no reload"

    page.goto(module_server.url + "/cocktails/11")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(measure_of(page, "fresh lime juice")).to_have_text("60 ml")
    expect(page.locator(".servings output")).to_have_text("2 servings")
    page.evaluate("window.__marker = 'same page'")
    page.click("a[data-servings=fewer]")
    expect(measure_of(page, "fresh lime juice")).to_have_text("30 ml")
    expect(page.locator(".servings output")).to_have_text("1 serving")
    assert page.evaluate("window.__marker") == "same page"
    assert page.url.endswith("servings=1")

    # Back to automatic: the system's light scheme shows again.
    page.goto(module_server.url + "/settings")
    page.check("input[name=theme][value=auto]")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert computed(page, "body", "background-color") == LIGHT_BG


def test_settings_work_without_javascript(module_server, new_page):
    page = new_page(color_scheme="dark", java_script_enabled=False)
    page.goto(module_server.url + "/settings?return=%2Fcocktails%2F11")
    assert computed(page, "body", "background-color") == DARK_BG
    page.check("input[name=theme][value=light]")
    page.check("input[name=units][value=ml]")
    page.click("[data-settings-save]")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert computed(page, "body", "background-color") == LIGHT_BG  # light although the system is dark
    page.goto(module_server.url + "/cocktails/11")
    expect(measure_of(page, "fresh lime juice")).to_have_text("30 ml")
    page.click("a[data-servings=more]")
    expect(measure_of(page, "fresh lime juice")).to_have_text("60 ml")
    expect(page.locator(".total-volume")).to_have_text("Total ≈ 300 ml")
