"""Accounts in real browsers: an admin and a member created with the CLI sign in in two
browsers, keep separate favorites, and only the admin may import."""

from __future__ import annotations

import json
import subprocess

import requests
from playwright.sync_api import expect

from conftest import DEADLINE, SEED_CATALOG, _binary


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


def test_two_accounts_in_two_browsers_keep_their_own_favorites(server, new_page, tmp_path):
    database = tmp_path / "accounts.sqlite"
    assert cli(database, "user", "add", "ada", "--admin", "--password-stdin", password="ada's password").returncode == 0
    assert cli(database, "user", "add", "max", "--password-stdin", password="max's password").returncode == 0
    running = server(database=database)
    running.wait_ready()

    # Before signing in, the book is browsable but offers Sign in and no Import.
    visitor = new_page()
    visitor.goto(running.url + "/")
    expect(visitor.locator("[data-sign-in]")).to_be_visible()
    expect(visitor.locator("a[href='/import']")).to_have_count(0)

    ada = new_page()
    max_ = new_page(color_scheme="dark")
    sign_in(ada, running.url, "ada", "ada's password")
    sign_in(max_, running.url, "max", "max's password")
    expect(ada.locator("a[href='/import']")).to_be_visible()
    expect(max_.locator("a[href='/import']")).to_have_count(0)

    ada.goto(running.url + "/cocktails/1")
    ada.locator("button.heart-toggle").click()
    expect(ada.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")
    max_.goto(running.url + "/cocktails/5")
    max_.locator("button.heart-toggle").click()
    expect(max_.locator("button.heart-toggle")).to_have_attribute("aria-pressed", "true")

    ada.goto(running.url + "/")
    max_.goto(running.url + "/")
    expect(ada.locator("a.row.is-favorite")).to_have_count(1)
    expect(max_.locator("a.row.is-favorite")).to_have_count(1)
    ada_favorite = ada.locator("a.row.is-favorite").get_attribute("href")
    max_favorite = max_.locator("a.row.is-favorite").get_attribute("href")
    assert ada_favorite.split("?")[0] == "/cocktails/1" and max_favorite.split("?")[0] == "/cocktails/5"

    # The member is refused the import route outright.
    response = max_.request.post(running.url + "/import", form={"url": "https://example.com/"})
    assert response.status == 403

    # The CLI sees the same per-account favorites.
    ada_list = json.loads(cli(database, "favorite", "list", "--user", "ada", "--json").stdout)
    assert [c["id"] for c in ada_list["cocktails"]] == ["1"]

    # An API client with max's token lists and changes only max's favorites.
    token = cli(database, "user", "token", "max", "--label", "e2e").stdout.strip()
    headers = {"Authorization": f"Bearer {token}"}
    assert [c["id"] for c in requests.get(f"{running.url}/api/v1/favorites", headers=headers, timeout=DEADLINE).json()["cocktails"]] == ["5"]
    assert requests.put(f"{running.url}/api/v1/favorites/2", headers=headers, timeout=DEADLINE).status_code == 204
    ada_list = json.loads(cli(database, "favorite", "list", "--user", "ada", "--json").stdout)
    assert [c["id"] for c in ada_list["cocktails"]] == ["1"]

    # Signing out ends the session.
    ada.goto(running.url + "/account")
    ada.click("form[action='/logout'] button")
    expect(ada.locator("[data-sign-in]")).to_be_visible()
