"""Shared fixtures for the real-browser tests: the real `cocktailbook` binary on a free port,
a Debian Chromium driven by Playwright, and phone-sized pages.

Run with:
    COCKTAILBOOK_BINARY=$(swift build --show-bin-path)/cocktailbook .venv/bin/pytest Tests/e2e -q
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import quote, urlencode
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

CHROMIUM = os.environ.get("COCKTAILBOOK_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
# How long a test waits for a condition (a server up, a catalog ready, an element shown) before it
# gives up. Generous on purpose: a condition returns as soon as it holds, and a machine busy with
# other builds can be many times slower than a quiet one; only a condition that never holds pays it.
DEADLINE = 60.0
STARTUP_TIMEOUT = DEADLINE
# Exact lists and orders are checked against the 13-cocktail seed catalog; the bundled catalog
# (150+ cocktails) is served where a test passes catalog=BUNDLED.
SEED_CATALOG = Path(__file__).resolve().parents[1] / "Fixtures" / "seed-catalog.json"
BUNDLED = None

expect.set_options(timeout=DEADLINE * 1000)


# --------------------------------------------------------------------------- the server


def _binary() -> Path:
    explicit = os.environ.get("COCKTAILBOOK_BINARY")
    if explicit:
        path = Path(explicit)
    else:
        root = Path(__file__).resolve().parents[2]
        out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, capture_output=True,
                             text=True, check=True).stdout.strip()
        path = Path(out) / "cocktailbook"
    if not path.is_file():
        pytest.exit(f"cocktailbook binary not found at {path}; build it or set COCKTAILBOOK_BINARY", 2)
    return path


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def http_get(url: str, timeout: float = DEADLINE) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def http_send(method: str, url: str) -> int:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=DEADLINE) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


class Server:
    """One running `cocktailbook serve` process."""

    def __init__(self, binary: Path, database: Path, log: Path, latency: float, failures: int,
                 catalog: Path | None = SEED_CATALOG, extra_args: tuple[str, ...] = ()):
        self.database = database
        self.extra_args = extra_args
        self.catalog_file = catalog
        self.latency = latency
        self.failures = failures
        self._binary = binary
        self._log_path = log
        self.process: subprocess.Popen | None = None
        self.port = 0
        self._start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def binary(self) -> Path:
        """The program this server runs."""
        return self._binary

    def _start(self) -> None:
        for _attempt in range(3):  # another process may grab the port between probe and bind
            self.port = _free_port()
            log = open(self._log_path, "ab")
            self.process = subprocess.Popen(
                [str(self._binary), "serve", "--port", str(self.port), "--database", str(self.database),
                 "--source-latency", str(self.latency), "--source-failures", str(self.failures),
                 *(["--catalog", str(self.catalog_file)] if self.catalog_file else []),
                 # "{port}" in an argument is the port chosen here (a --public-url of this very server).
                 *(argument.replace("{port}", str(self.port)) for argument in self.extra_args)],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            )
            log.close()
            if self._wait_healthy():
                return
            self.stop()
        raise RuntimeError(f"cocktailbook did not start; log:\n{self.log()}")

    def _wait_healthy(self) -> bool:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                status, body = http_get(f"{self.url}/healthz", timeout=5)
                if status == 200 and body.strip() == "ok":
                    return True
            except OSError:
                pass
            time.sleep(0.05)
        return False

    def log(self) -> str:
        try:
            return self._log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def catalog(self) -> dict:
        return json.loads(http_get(f"{self.url}/api/v1/catalog")[1])

    def wait_ready(self, timeout: float = DEADLINE) -> dict:
        """Waits until `/api/v1/catalog` says `ready`."""
        return wait_until(lambda: (lambda status: status if status.get("state") == "ready" else None)(self.catalog()),
                          timeout, "the catalog never became ready")

    def clear_favorites(self) -> None:
        body = json.loads(http_get(f"{self.url}/api/v1/favorites")[1])
        for cocktail in body["cocktails"]:
            assert http_send("DELETE", f"{self.url}/api/v1/favorites/{cocktail['id']}") == 204

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


class ServerFactory:
    """Starts servers, each on a fresh database unless given one, and stops them all at the end."""

    def __init__(self, directory: Path):
        self._directory = directory
        self._servers: list[Server] = []

    def __call__(self, latency: float = 0, failures: int = 0, database: Path | None = None,
                 catalog: Path | None = SEED_CATALOG, extra_args: tuple[str, ...] = ()) -> Server:
        index = len(self._servers)
        if database is None:
            database = self._directory / f"cocktailbook-{index}.sqlite"
        server = Server(_binary(), database, self._directory / f"server-{index}.log", latency, failures, catalog, extra_args)
        self._servers.append(server)
        return server

    def restart(self, server: Server) -> Server:
        """Stops `server` and starts a new one on the same database."""
        server.stop()
        return self(latency=server.latency, failures=0, database=server.database, catalog=server.catalog_file)

    def stop_all(self) -> None:
        for server in self._servers:
            server.stop()


@pytest.fixture
def server(tmp_path):
    """A factory: `server(latency=0, failures=0, database=None)` → a running `Server`."""
    factory = ServerFactory(tmp_path)
    yield factory
    factory.stop_all()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """One ready server (latency 0) shared by a test module; tests reset favorites themselves."""
    factory = ServerFactory(tmp_path_factory.mktemp("server"))
    running = factory()
    running.wait_ready()
    yield running
    factory.stop_all()


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    """One ready server with the bundled catalog, shared by a test module."""
    factory = ServerFactory(tmp_path_factory.mktemp("bundled"))
    running = factory(catalog=BUNDLED)
    running.wait_ready()
    yield running
    factory.stop_all()


def api_json(server, path: str, query: dict | list | None = None) -> dict:
    """`GET path?query` on `server`'s JSON API, which must answer 200."""
    url = server.url + path + ("?" + urlencode(query, doseq=True, quote_via=quote) if query else "")
    status, body = http_get(url)
    assert status == 200, body
    return json.loads(body)


def api_all(server, query: dict | list | None = None) -> dict:
    """`GET /api/v1/cocktails?query` with every match: the API answers 50 a page, so the pages
    are followed by their `nextPage` and their drinks put together, in order."""
    params = list(query.items()) if isinstance(query, dict) else list(query or [])
    first = api_json(server, "/api/v1/cocktails", params or None)
    cocktails, following = list(first["cocktails"]), first["nextPage"]
    while following:
        more = api_json(server, "/api/v1/cocktails", params + [("page", following)])
        cocktails += more["cocktails"]
        following = more["nextPage"]
    return {**first, "cocktails": cocktails}


def api_names(server, **params) -> list[str]:
    """The names `GET /api/v1/cocktails?params` lists, every page of them, in its order."""
    return [c["name"] for c in api_all(server, params)["cocktails"]]


def wait_until(condition, timeout: float = DEADLINE, message: str = "the condition never held"):
    """Calls `condition` until it returns something true, for at most `timeout` seconds: a
    deadline for a condition, never a fixed wait. Returns what it returned."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{message} (within {timeout} s)")
        time.sleep(0.05)


def send_in_place(page: Page, button) -> None:
    """Clicks `button` of a form the script sends without leaving the page (`data-queue`) and
    waits until the book's answer is on screen: the form is busy from the click until then."""
    button.click()
    expect(page.locator("form[aria-busy=true]")).to_have_count(0)


# --------------------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()


class PageFactory:
    def __init__(self, browser: Browser):
        self._browser = browser
        self._contexts = []

    def __call__(self, **context_options) -> Page:
        options = {"viewport": PHONE, **context_options}
        context = self._browser.new_context(**options)
        self._contexts.append(context)
        return context.new_page()

    def close(self) -> None:
        for context in self._contexts:
            context.close()


@pytest.fixture
def new_page(browser):
    """A factory for phone-sized pages: `new_page(color_scheme="dark", java_script_enabled=False)`."""
    factory = PageFactory(browser)
    yield factory
    factory.close()


@pytest.fixture
def page(new_page) -> Page:
    return new_page()
