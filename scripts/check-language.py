#!/usr/bin/env python3
"""Checks one language's files against English: the same keys and placeholders, the same
structure for every drink, no fixed article before a {placeholder}, no English word outside the
language's glossary, and no word the glossary says to avoid.

    scripts/check-language.py de [--allow WORDS.json] [--catalog FILE ...]

With --catalog, the drinks' texts are read from those files (parts of catalog-<code>.json);
otherwise from Sources/CocktailBook/Strings/catalog-<code>.json when it exists.
Exit status 1 and one line per problem when something is wrong."""
import json, re, sys, pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
STRINGS = ROOT / "Sources/CocktailBook/Strings"
CATALOG = ROOT / "Packages/CocktailsAPI/Sources/CocktailsAPI/Resources/cocktails.json"
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
# Articles and possessives a template must not put right before a {placeholder}: the name that
# fills it decides them (gender, number, elision). A date or time may follow a German or Spanish
# article ("am {date}", "desde el {date}"); French and Italian elide before a date that starts
# with a vowel ("l'8", "dall'11"), so their rules have no such exception.
FIXED = {
    "de": r"\b(der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|dein|deine|deinen|deinem|deiner|Ihr|Ihre|Ihren|Ihrem|Ihrer|sein|seine)\s+\{(?!date\}|time\}|when\}|until\}|last\})",
    "fr": r"(\b(le|la|les|un|une|du|des|au|aux|ton|ta|tes|votre|vos|son|sa|ses|ce|cet|cette|de)\s+|\b[ldLD]['’])\{",
    "es": r"\b(el|la|los|las|un|una|unos|unas|del|al|tu|tus|su|sus|este|esta)\s+\{(?!date\}|time\}|when\}|until\}|last\})",
    "it": r"\b(il|lo|la|i|gli|le|un|uno|una|del|della|dello|dei|degli|delle|al|alla|dal|dalla|nel|nella|sul|sulla|tuo|tua|tuoi|tue)\s+\{",
}


def words(text):
    return [w.lower().replace("’", "'") for w in WORD.findall(text)]


def texts_of(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from texts_of(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("gender", "number", "elides"):
                yield from texts_of(v)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    code = args[0]
    allow_files = [args[i + 1] for i, a in enumerate(args) if a == "--allow"]
    args = [a for i, a in enumerate(args) if a != "--allow" and (i == 0 or args[i - 1] != "--allow")]
    catalog_files = args[args.index("--catalog") + 1:] if "--catalog" in args else []
    problems = []
    english = json.loads((STRINGS / "en.json").read_text())
    strings = json.loads((STRINGS / f"{code}.json").read_text()) if (STRINGS / f"{code}.json").exists() else {}
    names_path = STRINGS / f"names-{code}.json"
    names = json.loads(names_path.read_text()) if names_path.exists() else {}
    italian_names = json.loads((STRINGS / "names-it.json").read_text())
    glossary_path = ROOT / "docs/glossary" / f"{code}.json"
    glossary = json.loads(glossary_path.read_text()) if glossary_path.exists() else {}
    drinks = json.loads(CATALOG.read_text())
    by_id = {d["id"]: d for d in drinks}

    if strings:
        for key in sorted(set(english) - set(strings)):
            problems.append(f"strings: missing key {key}")
        for key in sorted(set(strings) - set(english)):
            problems.append(f"strings: unknown key {key}")
        for key, text in strings.items():
            if key in english and set(re.findall(r"\{\w+\}", text)) != set(re.findall(r"\{\w+\}", english[key])):
                problems.append(f"strings: {key}: placeholders differ from English")
            if code in FIXED and re.search(FIXED[code], text):
                problems.append(f"strings: {key}: a fixed article or preposition before a placeholder: {text!r}")
    if names:
        for section, table in italian_names.items():
            if section == "grammar":
                continue
            missing = set(table) - set(names.get(section, {}))
            for key in sorted(missing):
                problems.append(f"names: {section}: missing {key!r}")
        if "grammar" not in names:
            problems.append("names: no grammar section")

    catalog = {}
    for path in catalog_files or ([STRINGS / f"catalog-{code}.json"] if (STRINGS / f"catalog-{code}.json").exists() else []):
        catalog.update(json.loads(pathlib.Path(path).read_text()))
    for drink_id, texts in catalog.items():
        drink = by_id.get(drink_id)
        if drink is None:
            problems.append(f"catalog: no drink {drink_id}")
            continue
        where = f"catalog: {drink_id} {drink['name']}"
        if texts.get("name") != drink["name"]:
            problems.append(f"{where}: the entry names {texts.get('name')!r}")
        for field in ("shortDescription", "longDescription"):
            if not texts.get(field, "").strip():
                problems.append(f"{where}: no {field}")
        if len(texts.get("instructions") or []) != len(drink.get("instructions") or []):
            problems.append(f"{where}: {len(texts.get('instructions') or [])} steps, English has {len(drink.get('instructions') or [])}")
        if bool(texts.get("garnish")) != bool(drink.get("garnish")):
            problems.append(f"{where}: garnish present in one language only")
        if len(texts.get("variants") or []) != len(drink.get("variants") or []):
            problems.append(f"{where}: variants differ in number from English")

    # English words outside the glossary.
    vocabulary = set()
    for text in english.values():
        vocabulary.update(words(text))
    for drink in drinks:
        for field in ("shortDescription", "longDescription", "instructions", "garnish"):
            for text in texts_of(drink.get(field)):
                vocabulary.update(words(text))
        for variant in drink.get("variants") or []:
            vocabulary.update(words(variant.get("description", "")))
    for section in ("ingredients", "notes", "tags", "categories", "glasses", "methods", "units"):
        for key in italian_names.get(section, {}):
            vocabulary.update(words(key))
    allowed = set()
    for drink in drinks:
        allowed.update(words(drink["name"]))
        for variant in drink.get("variants") or []:
            allowed.update(words(variant["name"]))
    for entry in glossary.get("loanwords", []) + glossary.get("sameWord", []):
        allowed.update(words(entry))
    for path in allow_files:
        extra = json.loads(pathlib.Path(path).read_text())
        for entry in extra.get("loanwords", []) + extra.get("sameWord", []):
            allowed.update(words(entry))
    avoid = {}
    for term in glossary.get("terms", []):
        for word in term.get("avoid", []):
            avoid[word.lower()] = term
    sources = [("strings", k, v) for k, v in strings.items() if not k.startswith("language_")]
    for section, table in names.items():
        if section == "grammar":
            continue
        for key, value in table.items():
            # Aliases are what readers may type (a region's word the glossary avoids in the
            # book's own text), never what the book writes.
            if isinstance(value, dict):
                value = {k: v for k, v in value.items() if k != "aliases"}
            for text in texts_of(value):
                sources.append(("names", f"{section}.{key}", text))
    for drink_id, texts in catalog.items():
        for text in texts_of({k: v for k, v in texts.items() if k != "name"}):
            sources.append(("catalog", drink_id, text))
    for kind, key, text in sources:
        plain = re.sub(r"\{\w+\}", " ", text)
        found = [w for w in words(plain) if w in vocabulary and w not in allowed]
        if found:
            problems.append(f"{kind}: {key}: English words {sorted(set(found))}: {text!r}")
        lowered = " " + " ".join(words(plain)) + " "
        for word, term in avoid.items():
            if f" {word} " in lowered:
                problems.append(f"{kind}: {key}: {word!r} where the glossary uses {term['term']!r}: {text!r}")
    for line in problems:
        print(line)
    print(f"{len(problems)} problems", file=sys.stderr)
    sys.exit(1 if problems else 0)


main()
