#!/usr/bin/env python3
"""Writes the import fixtures: other apps' exports as those apps lay them out, with recipes
written for these tests. Run with Pillow installed (only to draw the small photos); the files it
writes are committed, so the tests never run it.

    python3 make_fixtures.py   # in Tests/Fixtures/imports
"""
import base64, gzip, io, json, zipfile
from PIL import Image

def photo(colour, comment):
    """A 24x16 JPEG carrying an EXIF block (the import must strip it)."""
    image = Image.new("RGB", (24, 16), colour)
    exif = Image.Exif()
    exif[0x010E] = comment  # ImageDescription
    exif[0x0131] = "FixtureCam 1.0"  # Software
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80, exif=exif.tobytes())
    return out.getvalue()

PLANE = photo((214, 140, 60), "paper plane at home")
WORD = photo((170, 200, 90), "last word on the bar")

def write_zip(name, entries):
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            archive.writestr(path, data if isinstance(data, bytes) else data.encode())

def dump(value):
    return json.dumps(value, indent=2, ensure_ascii=False)

# Bar Assistant: one cocktail in its recipe schema, and a datapack.
plane_recipe = {
    "_id": "paper-plane", "name": "Paper Plane",
    "instructions": "1. Shake everything hard with ice.\n2. Strain into a chilled coupe.",
    "description": "Bourbon, two amari and lemon in equal measure: bittersweet and bright.",
    "source": "https://bar.example.org/paper-plane", "garnish": "", "abv": 17.5,
    "tags": ["Equal parts", "Modern classic"], "glass": "Coupe", "method": "Shake", "utensils": ["Shaker"],
    "images": [{"uri": "paper-plane.jpg", "sort": 1, "copyright": "Fixture photo"}],
    "ingredients": [
        {"_id": "bourbon-whiskey", "amount": 22.5, "units": "ml", "optional": False, "sort": 1},
        {"_id": "aperol", "amount": 22.5, "units": "ml", "optional": False, "sort": 2},
        {"_id": "amaro-nonino", "amount": 22.5, "units": "ml", "optional": False, "sort": 3},
        {"_id": "lemon-juice", "amount": 22.5, "units": "ml", "optional": False, "sort": 4},
    ],
}
names = {"bourbon-whiskey": ("Bourbon whiskey", 45), "aperol": ("Aperol", 11),
         "amaro-nonino": ("Amaro Nonino", 35), "lemon-juice": ("Lemon juice", 0),
         "gin": ("Gin", 40), "green-chartreuse": ("Green Chartreuse", 55),
         "maraschino-liqueur": ("Maraschino liqueur", 32), "lime-juice": ("Lime juice", 0)}
with open("bar-assistant-paper-plane.json", "w") as f:
    f.write(dump({"recipe": plane_recipe,
                  "ingredients": [{"_id": key, "name": names[key][0], "strength": names[key][1]}
                                  for key in ["bourbon-whiskey", "aperol", "amaro-nonino", "lemon-juice"]]}) + "\n")
word_recipe = {
    "_id": "last-word", "name": "Last Word",
    "instructions": "Shake with ice and strain into a cold coupe.",
    "description": "Four equal parts, herbal and sharp.", "garnish": "Brandied cherry",
    "tags": ["Equal parts"], "glass": "Coupe", "method": "Shake",
    "images": [{"uri": "last-word.jpg", "sort": 1}],
    "ingredients": [
        {"_id": "gin", "amount": 22.5, "units": "ml", "sort": 1},
        {"_id": "green-chartreuse", "amount": 22.5, "units": "ml", "sort": 2},
        {"_id": "maraschino-liqueur", "amount": 22.5, "units": "ml", "sort": 3},
        {"_id": "lime-juice", "amount": 22.5, "units": "ml", "sort": 4, "note": "freshly squeezed"},
    ],
}
entries = [("cocktails/paper-plane/data.json", dump(plane_recipe)), ("cocktails/paper-plane/paper-plane.jpg", PLANE),
           ("cocktails/last-word/data.json", dump(word_recipe)), ("cocktails/last-word/last-word.jpg", WORD)]
entries += [(f"ingredients/{key}/data.json", dump({"_id": key, "name": name, "strength": abv}))
            for key, (name, abv) in names.items()]
entries += [("glasses.json", dump([{"name": "Coupe"}])), ("methods.json", dump([{"name": "Shake", "dilution_percentage": 25}]))]
write_zip("bar-assistant-datapack.zip", entries)

# Mealie: its data export, a drink and a dinner.
def mealie(slug, name, lines, steps, tags, categories, url=""):
    return {"id": slug, "slug": slug, "name": name, "description": "", "recipe_yield": "1 serving",
            "org_url": url, "tags": [{"name": t, "slug": t.lower()} for t in tags],
            "recipe_category": [{"name": c, "slug": c.lower()} for c in categories],
            "recipe_ingredient": lines, "recipe_instructions": [{"title": "", "text": s} for s in steps]}
daiquiri = mealie("daiquiri", "Daiquiri", [
    {"quantity": 60.0, "unit": {"name": "milliliter", "abbreviation": "ml"}, "food": {"name": "white rum"}, "note": "", "original_text": "60 ml white rum"},
    {"quantity": 25.0, "unit": {"name": "milliliter", "abbreviation": "ml"}, "food": {"name": "lime juice"}, "note": ""},
    {"quantity": 15.0, "unit": {"name": "milliliter", "abbreviation": "ml"}, "food": {"name": "simple syrup"}, "note": ""},
    {"quantity": 0, "unit": None, "food": None, "note": "Ice, for shaking", "display": "Ice, for shaking"},
], ["Shake the rum, lime and syrup hard with ice.", "Double strain into a chilled coupe."], ["Rum"], ["Cocktails"],
   "https://drinks.example.net/daiquiri")
daiquiri["description"] = "Rum, lime and sugar, shaken cold: the sour at its simplest."
soup = mealie("lentil-soup", "Lentil soup", [
    {"quantity": 200, "unit": {"name": "gram", "abbreviation": "g"}, "food": {"name": "red lentils"}, "note": ""},
    {"quantity": 1, "unit": None, "food": {"name": "onion"}, "note": "chopped"},
], ["Soften the onion.", "Add lentils and water; simmer 20 minutes."], ["Vegetarian"], ["Dinner"])
write_zip("mealie-export.zip", [("recipes/daiquiri/daiquiri.json", dump(daiquiri)),
                                ("recipes/daiquiri/images/original.jpg", PLANE),
                                ("recipes/lentil-soup/lentil-soup.json", dump(soup))])
with open("mealie-recipe.json", "w") as f:
    f.write(dump({"name": "Gimlet", "description": "Gin and lime cordial, sharp and cold.",
                  "recipeIngredient": [{"quantity": 60, "unit": {"name": "ml"}, "food": {"name": "gin"}, "note": ""},
                                       {"quantity": 20, "unit": {"name": "ml"}, "food": {"name": "lime cordial"}, "note": ""}],
                  "recipeInstructions": [{"text": "Stir with ice and strain into a cold glass."}],
                  "tags": [{"name": "Gin"}], "recipeCategory": [{"name": "Cocktails"}],
                  "orgURL": "https://drinks.example.net/gimlet"}) + "\n")

# Tandoor: a zip of one zip per recipe.
def tandoor(name, ingredients, instruction, keywords, url=""):
    return dump({"name": name, "description": "", "keywords": [{"name": k, "description": ""} for k in keywords],
                 "working_time": 5, "waiting_time": 0, "internal": True, "servings": 1, "servings_text": "",
                 "source_url": url, "steps": [{"name": "", "instruction": instruction, "time": 0, "order": 0,
                 "show_as_header": False, "ingredients": ingredients}]})
def t_line(amount, unit, food, note="", header=False, no_amount=False):
    return {"food": {"name": food} if food else None, "unit": {"name": unit} if unit else None,
            "amount": f"{amount:.3f}", "note": note, "order": 0, "is_header": header, "no_amount": no_amount}
negroni = tandoor("Negroni", [t_line(0, None, "Spirits", header=True), t_line(30, "ml", "gin"),
                              t_line(30, "ml", "Campari"), t_line(30, "ml", "sweet vermouth"),
                              t_line(0, None, "orange peel", "to garnish", no_amount=True)],
                  "Stir everything with ice.\nStrain over a large cube in a rocks glass.", ["Aperitivo", "Stirred"])
bread = tandoor("Soda bread", [t_line(500, "g", "flour"), t_line(400, "ml", "buttermilk")],
                "Mix, shape and bake for 40 minutes.", ["Baking"])
def inner(recipe, image=None):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("recipe.json", recipe)
        if image:
            archive.writestr("image.jpg", image)
    return out.getvalue()
write_zip("tandoor-export.zip", [("1.zip", inner(negroni, WORD)), ("2.zip", inner(bread))])

# Paprika: a zip of gzip-compressed JSON recipes, photos in base64.
def paprika(name, ingredients, directions, categories, picture=None, url=""):
    recipe = {"uid": name.upper().replace(" ", "-"), "name": name, "ingredients": ingredients,
              "directions": directions, "description": "", "notes": "", "source": "", "source_url": url,
              "categories": categories, "servings": "1", "rating": 0, "difficulty": "", "prep_time": "",
              "cook_time": "", "total_time": "", "photo": "", "photo_data": None, "image_url": None}
    if picture:
        recipe["photo"] = "photo.jpg"
        recipe["photo_data"] = base64.b64encode(picture).decode()
    return gzip.compress(json.dumps(recipe).encode(), mtime=0)
write_zip("cocktails.paprikarecipes", [
    ("Whiskey Sour.paprikarecipe", paprika("Whiskey Sour", "50 ml bourbon\n25 ml lemon juice\n20 ml simple syrup\n1 egg white, optional",
                                           "Dry shake, then shake again with ice.\nStrain into a rocks glass over ice.", ["Cocktails"], PLANE,
                                           "https://drinks.example.net/whiskey-sour")),
    ("Porridge.paprikarecipe", paprika("Porridge", "80 g oats\n300 ml milk", "Simmer for five minutes, stirring.", ["Breakfast"])),
])
with open("truncated.paprikarecipes", "wb") as f:
    broken = io.BytesIO()
    with zipfile.ZipFile(broken, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("Broken.paprikarecipe", paprika("Broken", "50 ml gin", "Stir.", ["Cocktails"])[:-30])
    f.write(broken.getvalue())

# Nextcloud Cookbook: a folder per recipe, schema.org recipe.json and full.jpg.
def nextcloud(name, lines, steps, category, keywords, url=""):
    return dump({"@context": "http://schema.org", "@type": "Recipe", "id": "1", "name": name, "description": "",
                 "url": url, "image": "", "prepTime": "PT3M", "recipeYield": 1, "recipeCategory": category,
                 "keywords": keywords, "tool": [], "recipeIngredient": lines, "recipeInstructions": steps,
                 "author": {"@type": "Person", "name": "Ada Example"}, "dateCreated": "2026-05-01T18:00:00+0000"})
write_zip("nextcloud-cookbook.zip", [
    ("Recipes/Americano/recipe.json", nextcloud("Americano", ["30 ml Campari", "30 ml sweet vermouth", "Soda water, to top"],
                                                 ["Build the Campari and vermouth over ice in a highball glass.", "Top with soda and stir once."],
                                                 "Aperitivo", "bitter,low abv", "https://drinks.example.net/americano")),
    ("Recipes/Americano/full.jpg", WORD),
    ("Recipes/Americano/thumb.jpg", WORD),
    ("Recipes/Pancakes/recipe.json", nextcloud("Pancakes", ["200 g flour", "2 eggs", "300 ml milk"], ["Whisk and fry."], "Breakfast", "sweet")),
])

# A zip whose entry leaves its folder, and a file that only pretends to be a zip.
write_zip("zip-slip.zip", [("../../escaped/recipe.json", nextcloud("Escape", ["50 ml gin"], ["Stir."], "Cocktails", ""))])
with open("not-a-zip.zip", "w") as f:
    f.write("This is a text file with a .zip name, not an archive.\n")
