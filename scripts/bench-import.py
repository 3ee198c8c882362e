#!/usr/bin/env python3
"""Importing another app's export as a user would: N recipes (default 1,000) with 1600 px JPEG
photos of about 300 KB each, in Nextcloud Cookbook's layout (a folder per recipe holding
recipe.json and full.jpg), read from an unzipped folder by the command line.

Usage: scripts/bench-import.py [--binary .build/release/cocktailbook] [--count 1000] [--runs 3]
                               [--cache /tmp/cocktailbook-bench-import]

The export is generated once (seeded, so every run makes the same recipes and photos) into the
cache folder and reused. Each run gets a fresh book in a new temporary folder (its catalog cached
by one untimed `list`, as any book that has started once has it), then is timed:
  review  import DIR --format nextcloud --dry-run   (prints the review table, writes nothing)
  apply   import DIR --format nextcloud             (stdin is not a terminal: imports at once)
The apply's summary line and the database are checked (N drinks, N photos stored). The target
(issue): review <= 5 s and apply <= 15 s for 1,000 recipes. Needs Pillow: pip install Pillow."""

from __future__ import annotations

import argparse, io, json, os, random, re, shutil, sqlite3, statistics, subprocess, sys, tempfile, time
from pathlib import Path

try:
    from PIL import Image, ImageDraw
except ImportError:
    sys.exit("bench-import.py draws the photos with Pillow, which is missing: pip install Pillow\n"
             "(or run it with the repo's venv: .venv/bin/python scripts/bench-import.py)")

WIDTH, HEIGHT, TARGET_BYTES, NOISE = 1600, 1067, 300_000, 0.16
ADJECTIVES = ["Velvet", "Smoky", "Harbour", "Golden", "Midnight", "Copper", "Silent", "Crimson", "Northern",
              "Salty", "Bitter", "Lazy", "Electric", "Garden", "Winter", "Paper", "Hidden", "Rusty", "Lucky",
              "Emerald", "Foggy", "Wild", "Royal", "Sunday", "Coastal"]
BASES = ["Sour", "Swizzle", "Highball", "Fizz", "Collins", "Daisy", "Smash", "Julep", "Cobbler", "Negroni",
         "Old Fashioned", "Spritz", "Flip", "Rickey", "Mule", "Martini", "Manhattan", "Punch", "Buck", "Sling"]
SPIRITS = [("gin", "gin"), ("London dry gin", "gin"), ("white rum", "rum"), ("dark rum", "rum"),
           ("bourbon", "whiskey"), ("rye whiskey", "whiskey"), ("scotch whisky", "whisky"),
           ("tequila", "tequila"), ("mezcal", "mezcal"), ("vodka", "vodka")]
MODIFIERS = ["Campari", "Aperol", "sweet vermouth", "dry vermouth", "Cointreau", "maraschino liqueur",
             "green Chartreuse", "falernum"]
SOURS = ["lime juice", "lemon juice", "grapefruit juice", "pineapple juice"]
SWEET = ["simple syrup", "sugar syrup", "honey syrup", "orgeat", "grenadine"]
TOPS = ["soda water", "tonic water", "ginger beer", "prosecco"]
OZ = {10: "1/3", 15: "1/2", 20: "2/3", 25: "3/4", 30: "1", 40: "1 1/3", 45: "1 1/2", 50: "1 2/3", 60: "2",
      90: "3", 120: "4"}
STEPS = {
    "shaken": ["Add everything to a shaker with plenty of ice.", "Shake hard for about 12 seconds.",
               "Double strain into a chilled coupe.", "Garnish with a citrus twist."],
    "stirred": ["Add everything to a mixing glass with ice.", "Stir until well chilled, about 30 seconds.",
                "Strain over a large cube in a rocks glass.", "Express an orange peel over the top."],
    "built": ["Fill a highball glass with ice.", "Pour in everything except the top and stir briefly.",
              "Top up and give it one gentle stir.", "Garnish with a lime wedge."],
}


def recipe(rng: random.Random, number: int, name: str) -> dict:
    """One schema.org recipe as Nextcloud Cookbook writes it, with 3-6 lines and 2-4 steps."""
    ounces = rng.random() < 0.3
    def line(ml, what):
        return f"{OZ[ml]} oz {what}" if ounces else f"{ml} ml {what}"
    spirit, family = rng.choice(SPIRITS)
    style = rng.choice(list(STEPS))
    lines = [line(rng.choice([40, 45, 50, 60]), spirit)]
    if style == "shaken":
        lines += [line(rng.choice([20, 25, 30]), rng.choice(SOURS)), line(rng.choice([10, 15, 20]), rng.choice(SWEET))]
        extras = [line(rng.choice([10, 15]), rng.choice(MODIFIERS)), "1 egg white", "2 dashes Angostura bitters"]
    elif style == "stirred":
        lines += [line(rng.choice([15, 20, 25, 30]), rng.choice(MODIFIERS)), "2 dashes Angostura bitters"]
        extras = [line(10, rng.choice(MODIFIERS[4:])), "1 dash orange bitters", line(10, "simple syrup")]
    else:
        lines += [line(rng.choice([15, 20, 25]), rng.choice(SOURS)), line(rng.choice([90, 120]), rng.choice(TOPS))]
        extras = ["6 mint leaves", line(rng.choice([10, 15]), rng.choice(SWEET)), "2 dashes Angostura bitters"]
    at = len(lines) - 1 if style == "built" else len(lines)  # the top stays last
    lines[at:at] = rng.sample(extras, rng.randint(0, 3))
    steps = STEPS[style][:rng.randint(2, 4)]
    return {"@context": "http://schema.org", "@type": "Recipe", "id": str(number), "name": name,
            "description": f"A {style} {family} drink, {rng.choice(['bright', 'dry', 'bittersweet', 'rich', 'fresh'])} "
                           f"and {rng.choice(['easy to batch', 'made for summer', 'good before dinner', 'strong'])}.",
            "url": f"https://example.com/recipes/{number}", "image": "full.jpg", "prepTime": "PT5M",
            "recipeYield": 1, "recipeCategory": "Cocktails", "keywords": f"cocktail, {family}", "tool": [],
            "recipeIngredient": lines, "recipeInstructions": steps,
            "author": {"@type": "Person", "name": "Ada Example"}, "dateCreated": "2026-05-01T18:00:00+0000"}


def photo(number: int) -> Image.Image:
    """A distinct 1600x1067 picture: a two-colour gradient, a few shapes, seeded noise."""
    rng = random.Random(42_000_000 + number)
    ends = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(2)]
    gradient = Image.linear_gradient("L").rotate(rng.choice([0, 90, 180, 270]))
    bands = [gradient.point(lambda v, a=ends[0][k], b=ends[1][k]: a + (b - a) * v // 255) for k in range(3)]
    image = Image.merge("RGB", bands).resize((WIDTH, HEIGHT), Image.BICUBIC)
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randint(3, 7)):
        x, y, w, h = rng.randrange(WIDTH), rng.randrange(HEIGHT), rng.randint(80, 500), rng.randint(80, 600)
        draw.ellipse((x, y, x + w, y + h), fill=tuple(rng.randrange(256) for _ in range(3)))
    size = (WIDTH // 2, HEIGHT // 2)
    noise = Image.frombytes("RGB", size, rng.randbytes(3 * size[0] * size[1])).resize((WIDTH, HEIGHT), Image.BILINEAR)
    return Image.blend(image, noise, NOISE * rng.uniform(0.8, 1.2))


def jpeg(image: Image.Image, quality: int, number: int) -> bytes:
    exif = Image.Exif()  # what a phone writes, and the import must strip
    exif.update({0x010F: "BenchPhone", 0x0110: "BenchPhone 12", 0x0131: "BenchCam 1.0",
                 0x0132: "2026:05:01 18:00:00", 0x010E: f"bench photo {number}"})
    exif.get_ifd(0x8825).update({1: "N", 2: (45.0, 27.0, 36.0), 3: "E", 4: (9.0, 11.0, 24.0)})
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, exif=exif.tobytes())
    return out.getvalue()


def calibrate() -> int:
    """The JPEG quality whose photos average closest to TARGET_BYTES, on 8 samples."""
    samples = [photo(n) for n in range(8)]
    def mean(q):
        return statistics.mean(len(jpeg(s, q, n)) for n, s in enumerate(samples))
    low, high = 30, 95
    while low < high:
        middle = (low + high) // 2
        low, high = (middle + 1, high) if mean(middle) < TARGET_BYTES else (low, middle)
    return min((low - 1, low), key=lambda q: abs(mean(q) - TARGET_BYTES))


def generate(cache: Path, count: int) -> Path:
    """The export folder for `count` recipes, written once (a manifest marks it complete)."""
    folder, manifest = cache / f"nextcloud-{count}", cache / f"nextcloud-{count}.json"
    if manifest.exists() and folder.is_dir():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    quality, started = calibrate(), time.monotonic()
    print(f"writing {count} recipes into {folder} (JPEG quality {quality}) ...", flush=True)
    rng, names = random.Random(42), {}  # a dict keeps the order names were drawn in
    while len(names) < count:
        names.setdefault(f"{rng.choice(ADJECTIVES)} {rng.choice(BASES)} No. {rng.randint(1, 99)}", None)
    for number, name in enumerate(names, start=1):
        (folder / name).mkdir(parents=True)
        (folder / name / "recipe.json").write_text(json.dumps(recipe(rng, number, name), indent=2))
        (folder / name / "full.jpg").write_bytes(jpeg(photo(number), quality, number))
    manifest.write_text(json.dumps({"count": count, "quality": quality}))
    print(f"  done in {time.monotonic() - started:.0f} s", flush=True)
    return folder


def run(command: list[str], work: Path) -> tuple[float, int, str, float]:
    """Runs `command` without a terminal: seconds, exit status, stdout, the child's peak RSS (MiB)."""
    with open(work / "stdout", "w+") as out, open(work / "stderr", "w+") as err:
        started = time.monotonic()
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read()
        if child.returncode != 0:
            sys.exit(f"FAILED ({child.returncode}): {' '.join(command)}\n{text[-2000:]}{err.read()[-2000:]}")
        return seconds, child.returncode, text, usage.ru_maxrss / 1024


def fresh_book(binary: str) -> tuple[Path, Path]:
    """A new temporary folder holding a book whose catalog is cached and that has imported nothing."""
    work = Path(tempfile.mkdtemp(prefix="cocktailbook-bench-import-"))
    database = work / "book.sqlite"
    run([binary, "list", "--database", str(database), "--source-latency", "0"], work)
    return work, database


def imported(database: Path) -> tuple[int, int, int]:
    """Imported drinks, image rows, and drinks whose picture is a stored file."""
    with sqlite3.connect(database) as db:
        drinks = db.execute("SELECT payload FROM imported_cocktail").fetchall()
        images = db.execute("SELECT COUNT(*) FROM imported_image").fetchone()[0]
    shown = sum("/images/imported/" in (json.loads(p).get("imageURL") or "") for (p,) in drinks)
    return len(drinks), images, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = ".build/release/cocktailbook" if Path(".build/release/cocktailbook").exists() else ".build/debug/cocktailbook"
    parser.add_argument("--binary", default=default)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/cocktailbook-bench-import"))
    args = parser.parse_args()
    binary = str(Path(args.binary).resolve())
    usage = subprocess.run([binary, "import", "--help"], capture_output=True, text=True).stdout
    if "--format" not in usage:
        sys.exit(f"{args.binary} reads no other app's export (no --format): build it again from this checkout")
    export = generate(args.cache, args.count)
    photos = [p.stat().st_size for p in export.glob("*/full.jpg")]
    average = statistics.mean(photos)
    total = sum(f.stat().st_size for f in export.rglob("*") if f.is_file())
    print(f"export: {len(photos)} recipes, photos {average / 1000:.0f} KB on average "
          f"({min(photos) / 1000:.0f}-{max(photos) / 1000:.0f} KB), {total / 1e6:.0f} MB in all")
    if len(photos) != args.count or not all(0.85 * TARGET_BYTES <= s <= 1.15 * TARGET_BYTES for s in photos):
        print(f"WARNING: {len(photos)} photos, not all within 300 KB +-15 %")
    base = [binary, "import", str(export), "--format", "nextcloud"]
    review, apply, rss, pictures = [], [], [], 0.0
    has_dry_run = "--dry-run" in usage
    if not has_dry_run:
        print("WARNING: this binary has no --dry-run; the review is not measured")
    for attempt in range(1, args.runs + 1):
        if has_dry_run:
            work, database = fresh_book(binary)
            seconds, _, out, peak = run(base + ["--database", str(database), "--dry-run"], work)
            said = re.search(r"Nothing was imported \(--dry-run\): (\d+) drinks would be", out)
            if not said or int(said[1]) != args.count or imported(database)[0] != 0:
                sys.exit(f"review {attempt}: expected {args.count} drinks and nothing imported:\n{out[-1500:]}")
            review.append(seconds)
            rss.append(peak)
            print(f"review {attempt}: {seconds:.2f} s, peak RSS {peak:.0f} MiB", flush=True)
            shutil.rmtree(work)
        work, database = fresh_book(binary)
        seconds, _, out, peak = run(base + ["--database", str(database)], work)
        line = out.strip().splitlines()[-1] if out.strip() else ""
        summary = re.fullmatch(r"Imported (\d+) cocktails \((\d+) new, 0 updated\), 0 skipped; (\d+) images stored", line)
        if not summary or {int(summary[1]), int(summary[2]), int(summary[3])} != {args.count}:
            sys.exit(f"apply {attempt}: expected {args.count} imported, 0 skipped, {args.count} images stored, "
                     f"got:\n{line}")
        drinks, rows, shown = imported(database)
        files = [f for f in (work / "images").iterdir() if f.is_file()]
        if {drinks, rows, shown, len(files)} != {args.count}:
            sys.exit(f"apply {attempt}: the book holds {drinks} imported drinks, {rows} image rows, "
                     f"{shown} drinks showing a stored photo, {len(files)} picture files")
        if any(b"BenchCam" in f.read_bytes() for f in files[:20]):
            sys.exit(f"apply {attempt}: a stored picture still carries its EXIF block")
        pictures = sum(f.stat().st_size for f in files) / 1e6
        apply.append(seconds)
        rss.append(peak)
        print(f"apply {attempt}: {seconds:.2f} s, peak RSS {peak:.0f} MiB, pictures {pictures:.0f} MB — {line}",
              flush=True)
        shutil.rmtree(work)

    def figures(times):
        return f"{min(times):.2f} / {statistics.median(times):.2f} s" if times else "n/a (no --dry-run)"
    print(f"\n| recipes | photo avg | review min / median | apply min / median | peak RSS | pictures folder |")
    print("|---:|---:|---:|---:|---:|---:|")
    print(f"| {args.count:,} | {average / 1000:.0f} KB | {figures(review)} | {figures(apply)} | "
          f"{max(rss):.0f} MiB | {pictures:.0f} MB |")


if __name__ == "__main__":
    main()
