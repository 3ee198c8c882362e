#!/usr/bin/env python3
"""Makes a book with something of everything, with the `cocktailbook` binary of one commit, and
writes what the upgrade tests open with later code:

    scripts/make-upgrade-fixture.py BINARY OUTDIR [--postgres postgres://user@127.0.0.1:PORT/postgres]

OUTDIR gets `book.sql` (the SQLite book as `.dump` text), `pictures/` (its picture files),
`backup.json` (the book's backup, as `cocktailbook backup` writes it), `counts.json` (rows per
table) and, with --postgres, `book.pg.sql` (the same book made in a fresh PostgreSQL database, as
`pg_dump` text) with `counts.pg.json`. Only 127.0.0.1 is ever contacted.
"""
import argparse
import json
import mimetypes
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "Tests" / "Fixtures" / "seed-catalog.json"
PHOTO = ROOT / "Sources" / "CocktailBookWeb" / "Pictures" / "3-100.jpg"
PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Book:
    def __init__(self, binary: Path, database: str, workdir: Path):
        self.binary = binary
        self.database = database
        self.workdir = workdir
        self.process = None
        self.port = 0

    def cli(self, *args: str, stdin: str | None = None) -> str:
        result = subprocess.run(
            [str(self.binary), *args, "--database", self.database, "--bcrypt-cost", "4"],
            input=stdin, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            sys.exit(f"cocktailbook {' '.join(args)} failed: {result.stderr.strip()}")
        return result.stdout

    def start(self) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--port", str(self.port), "--database", self.database,
             "--source-latency", "0", "--catalog", str(SEED), "--bcrypt-cost", "4"],
            stdout=open(self.workdir / "server.log", "ab"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                status = json.loads(self.request("GET", "/api/v1/catalog")[1])
                if status.get("state") == "ready":
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit("the server never became ready")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> tuple[int, str, dict]:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=body, method=method,
                                         headers=headers or {})
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=60) as response:
                return response.status, response.read().decode(errors="replace"), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace"), dict(error.headers)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def api(book: Book, token: str, method: str, path: str, payload=None, expect=(200, 201, 204), extra=None) -> dict:
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", **(extra or {})}
    body = None if payload is None else json.dumps(payload).encode()
    status, text, _ = book.request(method, path, body, headers)
    if status not in expect:
        sys.exit(f"{method} {path}: {status} {text[:300]}")
    return json.loads(text) if text.strip().startswith("{") else {}


def sign_in(book: Book, name: str, password: str) -> str:
    csrf = "5e" * 32
    body = urllib.parse.urlencode({"csrf": csrf, "username": name, "password": password, "next": "/"}).encode()
    status, text, headers = book.request("POST", "/login", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"cocktailbook_csrf={csrf}"})
    if status != 303:
        sys.exit(f"sign-in of {name}: {status} {text[:200]}")
    session = headers["Set-Cookie"].split(";")[0]
    return f"cocktailbook_csrf={csrf}; {session}"


def upload_photo_recipe(book: Book, cookie: str) -> None:
    """A recipe of the book's own with a photo, through the editor as a browser sends it."""
    boundary = uuid.uuid4().hex
    fields = {"csrf": "5e" * 32, "name": "Photo Sour", "kind": "alcoholic", "glass": "coupe",
              "row.0.amount": "2", "row.0.unit": "oz", "row.0.ingredient": "bourbon",
              "row.1.amount": "1", "row.1.unit": "oz", "row.1.ingredient": "lemon juice",
              "step.0": "Shake hard with ice.", "step.1": "Strain into a chilled coupe.",
              "shortDescription": "A sour with its own picture.", "op": "save"}
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    photo = PHOTO.read_bytes()
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="picture"; filename="sour.jpg"\r\n'
        f'Content-Type: {mimetypes.guess_type("sour.jpg")[0]}\r\n\r\n'.encode() + photo + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    status, text, headers = book.request("POST", "/cocktails/new", b"".join(parts), {
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie})
    if status != 303:
        sys.exit(f"the photo recipe was not saved: {status} {text[:400]}")


def fill(book: Book) -> None:
    """Something of everything a book holds."""
    for name, flags in (("ada", ["--admin"]), ("bob", []), ("gus", ["--guest"])):
        book.cli("user", "add", name, *flags, "--password-stdin", stdin=f"{name} password here\n")
    ada = book.cli("user", "token", "ada", "--label", "fixture").strip()
    bob = book.cli("user", "token", "bob", "--label", "phone").strip()
    book.start()
    try:
        api(book, ada, "PUT", "/api/v1/favorites/3")
        api(book, bob, "PUT", "/api/v1/favorites/7")
        api(book, ada, "PUT", "/api/v1/settings/currency", {"currency": "EUR"})
        sour = api(book, ada, "POST", "/api/v1/cocktails", {
            "name": "House Sour", "kind": "alcoholic", "glass": "coupe", "category": "Sour",
            "shortDescription": "Bourbon, lemon and a little honey.",
            "ingredients": ["2 oz bourbon", "1 oz lemon juice", "0.5 oz honey syrup"],
            "instructions": ["Shake with ice and strain."]})
        api(book, ada, "PUT", f"/api/v1/cocktails/{sour['id']}", {
            "name": "House Whiskey Sour", "kind": "alcoholic", "glass": "coupe", "category": "Sour",
            "shortDescription": "Bourbon, lemon and a little honey, shaken.",
            "ingredients": ["2 oz bourbon", "1 oz lemon juice", "0.75 oz honey syrup"],
            "instructions": ["Shake with ice and strain into a chilled coupe."]}, extra={"If-Match": '"v1"'})
        binned = api(book, bob, "POST", "/api/v1/cocktails", {
            "name": "Yuzu Fizz", "kind": "alcoholic", "ingredients": ["2 oz gin", "1 oz yuzu juice", "soda water"]})
        api(book, bob, "DELETE", f"/api/v1/cocktails/{binned['id']}")
        api(book, ada, "POST", f"/api/v1/cocktails/3/adapt")
        api(book, ada, "PUT", "/api/v1/cocktails/3/note", {"text": "Two dashes of orange bitters too."})
        api(book, ada, "PUT", "/api/v1/cocktails/3/rating", {"stars": 5})
        api(book, bob, "PUT", f"/api/v1/cocktails/{sour['id']}/rating", {"stars": 4})
        api(book, ada, "PUT", "/api/v1/bar/ingredients/rye%20whiskey", {
            "ml": 600, "bottleMl": 700, "lowMl": 100, "price": {"minor": 3200, "currency": "EUR"}})
        api(book, ada, "PUT", "/api/v1/bar/ingredients/sweet%20vermouth", {"ml": 500, "bottleMl": 750})
        api(book, ada, "PUT", "/api/v1/bar/always/ice")
        api(book, ada, "POST", "/api/v1/bar/rules", {"use": "bourbon", "insteadOf": "rye whiskey", "bothWays": True})
        api(book, ada, "PUT", "/api/v1/house-recipes/honey%20syrup", {
            "names": {"en": "honey syrup", "it": "sciroppo di miele"}, "minutes": 5,
            "yield": {"amount": 300, "unit": "ml"}, "shelfLifeDays": 21, "storage": "fridge",
            "lines": [{"ingredient": "honey", "amount": 200, "unit": "g"},
                      {"ingredient": "water", "amount": 100, "unit": "ml"}],
            "steps": {"en": ["Stir the honey into warm water until it is smooth."]}})
        api(book, ada, "POST", "/api/v1/bar/batches", {"value": "honey syrup", "ml": 300})
        api(book, ada, "POST", "/api/v1/cocktails/3/made", {"servings": 2, "note": "for the neighbours"})
        api(book, ada, "POST", "/api/v1/shopping-list", {"value": "angostura bitters"},
            extra={"Idempotency-Key": "fixture-shopping-1"})
        saturday = api(book, ada, "POST", "/api/v1/lists", {"name": "Saturday"})
        for drink, note in (("3", "stirred, up"), ("10", None), (sour["id"], "the house one")):
            api(book, ada, "POST", f"/api/v1/lists/{saturday['id']}/entries", {"cocktail": drink, "note": note})
        api(book, ada, "PUT", f"/api/v1/lists/{saturday['id']}/cocktails/3/price", {"minor": 1100})
        api(book, ada, "PUT", f"/api/v1/lists/{saturday['id']}/menu-prices", {"display": "show", "pourCostPercent": 22})
        api(book, ada, "POST", f"/api/v1/lists/{saturday['id']}/share", {"expiresInDays": 30})
        api(book, bob, "POST", "/api/v1/lists", {"name": "Bob's shortlist"})
        cookie = sign_in(book, "ada", "ada password here")
        upload_photo_recipe(book, cookie)
        settings = urllib.parse.urlencode({"csrf": "5e" * 32, "theme": "dark", "units": "ml", "language": "it",
                                           "return": "/settings"}).encode()
        status, text, _ = book.request("POST", "/settings", settings, {
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        if status != 303:
            sys.exit(f"settings: {status} {text[:200]}")
    finally:
        book.stop()
    imported = book.workdir / "garden.json"
    drink = json.loads(SEED.read_text())[6]
    drink.update({"id": "house-1", "name": "Garden Tonic"})
    imported.write_text(json.dumps([drink]))
    book.cli("import", str(imported))


def counts(rows: dict[str, int], out: Path) -> None:
    out.write_text(json.dumps(dict(sorted(rows.items())), indent=1) + "\n")


def sqlite_fixture(binary: Path, outdir: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        database = work / "book.sqlite"
        book = Book(binary, str(database), work)
        fill(book)
        book.cli("backup", str(outdir / "backup.json"))
        with sqlite3.connect(database) as db:
            (outdir / "book.sql").write_text("\n".join(db.iterdump()) + "\n")
            tables = [r[0] for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
            counts({t: db.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}, outdir / "counts.json")
        shutil.rmtree(outdir / "pictures", ignore_errors=True)
        shutil.copytree(work / "images", outdir / "pictures")


def postgres_fixture(binary: Path, outdir: Path, server: str) -> None:
    name = "fixture_" + uuid.uuid4().hex[:8]
    subprocess.run([str(PG_BIN / "psql"), server, "-qc", f"CREATE DATABASE {name}"], check=True)
    url = server.rsplit("/", 1)[0] + "/" + name
    try:
        with tempfile.TemporaryDirectory() as tmp:
            fill(Book(binary, url, Path(tmp)))
        dump = subprocess.run([str(PG_BIN / "pg_dump"), "--no-owner", "--no-privileges", url],
                              check=True, capture_output=True, text=True).stdout
        (outdir / "book.pg.sql").write_text(dump)
        rows = subprocess.run(
            [str(PG_BIN / "psql"), url, "-Atc",
             "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"],
            check=True, capture_output=True, text=True).stdout.split()
        counts({t: int(subprocess.run([str(PG_BIN / "psql"), url, "-Atc", f"SELECT COUNT(*) FROM {t}"],
                                      check=True, capture_output=True, text=True).stdout) for t in rows},
               outdir / "counts.pg.json")
    finally:
        subprocess.run([str(PG_BIN / "psql"), server, "-qc", f"DROP DATABASE {name} WITH (FORCE)"], check=False)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", type=Path)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--postgres")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    sqlite_fixture(args.binary.resolve(), args.outdir)
    if args.postgres:
        postgres_fixture(args.binary.resolve(), args.outdir, args.postgres)


if __name__ == "__main__":
    main()
