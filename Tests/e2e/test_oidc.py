"""Signing in through an OpenID Connect provider: a provider built on authlib (oidc_provider.py)
runs on 127.0.0.1, and the book runs with --oidc-issuer pointing at it.

The happy path goes through a real browser (the button on the sign-in page, the provider's
redirects, signing out at the provider); the refusals go through plain HTTP, each checked for a
4xx page that says why and for no session afterwards.
"""

from __future__ import annotations

import html
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
import requests
from playwright.sync_api import expect

from conftest import DEADLINE
from oidc_provider import CLIENT_ID, CLIENT_SECRET, Provider
from test_accounts import cli


@pytest.fixture
def provider():
    # The redirect URI is set once the book's port is known.
    running = Provider(redirect_uri="")
    yield running
    running.stop()


def start_book(server, provider, database, *flags):
    book = server(database=database, extra_args=(
        "--public-url", "http://127.0.0.1:{port}", "--oidc-issuer", provider.issuer,
        "--oidc-client-id", CLIENT_ID, "--oidc-client-secret", CLIENT_SECRET, "--oidc-name", "Test IdP",
        "--bcrypt-cost", "4", *flags))
    provider.redirect_uri = book.url + "/auth/oidc/callback"
    return book


def begin(book, session, next_path="/") -> str:
    """The book's first step: a redirect to the provider; returns where to."""
    answer = session.get(book.url + "/auth/oidc/login", params={"next": next_path}, allow_redirects=False,
                         timeout=DEADLINE)
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"]


def at_provider(location: str) -> str:
    """The provider signs the person in and sends them back; returns the callback address."""
    answer = requests.get(location, allow_redirects=False, timeout=DEADLINE)
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"]


def sign_in(book, session, next_path="/"):
    return session.get(at_provider(begin(book, session, next_path)), allow_redirects=False, timeout=DEADLINE)


def me(book, session):
    answer = session.get(book.url + "/api/v1/me", timeout=DEADLINE)
    return answer.json() if answer.status_code == 200 else answer.status_code


def roles(database) -> dict[str, str]:
    return dict(line.split() for line in cli(database, "user", "list").stdout.splitlines()[1:])


def test_signing_in_and_out_through_the_provider_in_a_browser(server, provider, new_page, tmp_path):
    database = tmp_path / "book.sqlite"
    assert cli(database, "user", "add", "owner", "--admin", "--password-stdin", password="owner's password").returncode == 0
    book = start_book(server, provider, database, "--oidc-admin-group", "bar-admins", "--oidc-allow-sign-up")
    provider.user = {"sub": "u-ada", "preferred_username": "ada", "email": "ada@example.org",
                     "email_verified": True, "groups": ["bar-admins", "friends"]}

    page = new_page()
    page.goto(book.url + "/login?next=/favorites")
    # Both ways in: the provider's button and the book's own password form.
    button = page.locator("[data-sign-in-provider]")
    expect(button).to_have_text("Sign in with Test IdP")
    expect(page.locator("form[action='/login']")).to_be_visible()
    button.click()
    expect(page).to_have_url(book.url + "/favorites")
    expect(page.locator("[data-account-link]")).to_have_text("ada")
    assert page.request.get(book.url + "/api/v1/me").json() == {"name": "ada", "role": "admin"}

    # What the book asked the provider for.
    asked = provider.authorize_requests[-1]
    assert asked["response_type"] == "code" and asked["client_id"] == CLIENT_ID
    assert asked["scope"].split() == ["openid", "email", "profile", "groups"]
    assert asked["redirect_uri"] == book.url + "/auth/oidc/callback"
    assert asked["code_challenge_method"] == "S256" and len(asked["code_challenge"]) == 43
    assert len(asked["state"]) >= 32 and len(asked["nonce"]) >= 32 and asked["state"] != asked["nonce"]

    # Signing out ends the book's session and the provider's, which sends the person back.
    page.goto(book.url + "/account")
    # An account made at its first sign-in there has no password to change: the page says so.
    expect(page.locator("[data-no-password]")).to_contain_text("no password")
    expect(page.locator("form[action='/account/password']")).to_have_count(0)
    page.locator("form[data-sign-out] button").click()
    expect(page).to_have_url(book.url + "/")
    assert provider.logouts and provider.logouts[-1]["client_id"] == CLIENT_ID
    assert provider.logouts[-1]["post_logout_redirect_uri"] == book.url + "/"
    assert page.request.get(book.url + "/api/v1/me").status == 401

    # A second person of the household, in none of the book's groups: a member, in a new account.
    provider.user = {"sub": "u-max", "preferred_username": "max", "email": "max@example.org",
                     "email_verified": True, "groups": ["friends"]}
    session = requests.Session()
    answer = sign_in(book, session, "/bar")
    assert answer.status_code == 303 and answer.headers["Location"] == "/bar"
    assert me(book, session) == {"name": "max", "role": "member"}
    assert roles(database) == {"ada": "admin", "max": "member", "owner": "admin"}

    # The same person again (another browser): the same account, matched by the provider's subject
    # even after their user name there changed.
    provider.user = dict(provider.user, preferred_username="maximilian")
    again = requests.Session()
    assert sign_in(book, again).status_code == 303
    assert me(book, again) == {"name": "max", "role": "member"}


@pytest.mark.parametrize("tamper, said", [
    ("nonce", "nonce"),
    ("audience", "another application"),
    ("expired", "expired"),
    ("signature", "signature"),
    ("issuer", "another issuer"),
    ("state", "state"),
])
def test_a_tampered_answer_signs_nobody_in(server, provider, tmp_path, tamper, said):
    database = tmp_path / "book.sqlite"
    # A book with an account: without one, whoever reaches loopback is its owner.
    assert cli(database, "user", "add", "owner", "--admin", "--password-stdin", password="owner's password").returncode == 0
    book = start_book(server, provider, database, "--oidc-allow-sign-up")
    provider.user = {"sub": "u-eve", "preferred_username": "eve", "email_verified": False}
    provider.tamper = tamper
    session = requests.Session()
    answer = sign_in(book, session)
    assert answer.status_code == 400, answer.text
    assert "Signing in did not work" in html.unescape(answer.text) and said in html.unescape(answer.text)
    assert "cocktailbook_session" not in session.cookies
    assert me(book, session) == 401
    # Nothing was created either.
    assert set(roles(database)) == {"owner"}


def test_a_replayed_code_and_a_foreign_next_are_refused(server, provider, tmp_path):
    book = start_book(server, provider, tmp_path / "book.sqlite", "--oidc-allow-sign-up")
    provider.user = {"sub": "u-ada", "preferred_username": "ada"}
    first = requests.Session()
    callback = at_provider(begin(book, first, "//evil.example/steal"))
    answer = first.get(callback, allow_redirects=False, timeout=DEADLINE)
    # A `next` that leaves the site is ignored.
    assert answer.status_code == 303 and answer.headers["Location"] == "/"
    assert me(book, first) == {"name": "ada", "role": "admin"}  # the book's first account

    # The same callback again in the same browser: the flow's cookie is spent.
    again = first.get(callback, allow_redirects=False, timeout=DEADLINE)
    assert again.status_code == 400 and "already used" in html.unescape(again.text)

    # Someone who caught the code starts their own sign-in and hands the book the stolen code with
    # their own state: the provider refuses a code used once (and the PKCE verifier is not theirs).
    code = parse_qs(urlparse(callback).query)["code"][0]
    thief = requests.Session()
    their_state = parse_qs(urlparse(begin(book, thief)).query)["state"][0]
    stolen = thief.get(book.url + "/auth/oidc/callback?" + urlencode({"code": code, "state": their_state}),
                       allow_redirects=False, timeout=DEADLINE)
    assert stolen.status_code == 400 and "refused the sign-in code (invalid_grant)" in html.unescape(stolen.text)
    assert me(book, thief) == 401

    # A callback nobody started, and a provider that says no.
    stranger = requests.Session()
    assert stranger.get(book.url + "/auth/oidc/callback?code=x&state=y", timeout=DEADLINE).status_code == 400
    begin(book, stranger)
    denied = stranger.get(book.url + "/auth/oidc/callback?error=access_denied", timeout=DEADLINE)
    assert denied.status_code == 400 and "access_denied" in html.unescape(denied.text)
    assert me(book, stranger) == 401


def test_linking_by_verified_email_groups_and_no_password_login(server, provider, tmp_path):
    database = tmp_path / "book.sqlite"
    assert cli(database, "user", "add", "owner", "--admin", "--password-stdin", password="owner's password").returncode == 0
    added = cli(database, "user", "add", "ada", "--email", "Ada@Example.org", "--password-stdin",
                password="ada's password")
    assert added.returncode == 0, added.stderr
    book = start_book(server, provider, database, "--oidc-link-verified-email", "--oidc-member-group", "household",
                      "--oidc-admin-group", "bar-admins", "--no-password-login")

    # An address the provider has not verified links nothing: the book has no account for them.
    provider.user = {"sub": "u-1", "preferred_username": "ada", "email": "ada@example.org",
                     "email_verified": False, "groups": ["household"]}
    session = requests.Session()
    refused = sign_in(book, session)
    assert refused.status_code == 403 and "ask the book's admin" in html.unescape(refused.text)
    assert me(book, session) == 401

    # Verified, it links to the local account with that address (case aside), as a member.
    provider.user["email_verified"] = True
    assert sign_in(book, session).status_code == 303
    assert me(book, session) == {"name": "ada", "role": "member"}

    # The groups are read at every sign-in: into the admin group, out of every group.
    provider.user["groups"] = ["bar-admins"]
    assert sign_in(book, requests.Session()).status_code == 303
    assert roles(database)["ada"] == "admin"
    provider.user["groups"] = ["neighbours"]
    outside = requests.Session()
    refused = sign_in(book, outside)
    assert refused.status_code == 403 and "not in any of the groups" in html.unescape(refused.text)
    assert me(book, outside) == 401

    # Someone the book does not know, without sign-up: told to ask the admin.
    provider.user = {"sub": "u-2", "preferred_username": "zed", "email": "zed@example.org",
                     "email_verified": True, "groups": ["household"]}
    refused = sign_in(book, requests.Session())
    assert refused.status_code == 403 and "ask the book's admin" in html.unescape(refused.text)
    assert "zed" not in roles(database)

    # --no-password-login: no password form, and a posted password is refused whatever it is.
    page = requests.Session()
    login = page.get(book.url + "/login", timeout=DEADLINE)
    assert 'action="/login"' not in login.text and "Sign in with Test IdP" in login.text
    csrf = page.cookies["cocktailbook_csrf"]
    posted = page.post(book.url + "/login", data={"csrf": csrf, "username": "owner", "password": "owner's password"},
                       headers={"Origin": book.url}, allow_redirects=False, timeout=DEADLINE)
    assert posted.status_code == 403 and "turned off" in html.unescape(posted.text)
    assert me(book, page) == 401
