"""An existing TheCocktailDB client library, pointed at our base URL, works unchanged.

`cocktaildbpy` (from PyPI) maps `strCategory` and `strGlass` onto its own enums of TheCocktailDB's
vocabularies and fails on anything else, so it is a strict test of our TheCocktailDB-compatible
API. The only change is its documented base URL.
"""


import pytest
from cocktaildbpy import Api

from conftest import BUNDLED, ServerFactory, api_all


@pytest.fixture(scope="module")
def api(bundled):
    client = Api("1")
    # The library's own setting: where TheCocktailDB lives.
    client.client.base_url = f"{bundled.url}/api/json/v1/1/"
    return client


def all_ids(server) -> list[str]:
    return [c["id"] for c in api_all(server)["cocktails"]]


def test_search_by_name_returns_the_drink(api):
    drink = api.get_cocktail_by_name("Negroni")
    assert drink.name == "Negroni"
    assert drink.alcoholic is True
    assert {"Gin", "Campari", "Sweet Vermouth"} <= set(drink.ingriedients)
    assert str(drink.glass) == "Old-Fashioned Glass"


def test_a_name_search_puts_the_closest_name_first(api):
    # The library takes the first drink of search.php?s= as "the" drink of that name.
    assert api.get_cocktail_by_name("Margarita").name == "Margarita"
    assert api.get_cocktail_by_name("old fashioned").name == "Old Fashioned"


def test_theCocktailDBs_ingredient_names_filter_through_the_library(api):
    rum = {drink.name for drink in api.search_by_ingredient("Light rum")}
    assert {"Daiquiri", "Mojito", "Cuba Libre"} <= rum
    # The IBA's Daiquiri takes superfine sugar, not syrup; the Gimlet and Whiskey Sour take syrup.
    assert {drink.name for drink in api.search_by_ingredient("Sugar syrup")} >= {"Whiskey Sour", "Gimlet"}


def test_every_drink_loads_through_the_library(api, bundled):
    failures = []
    for drink_id in all_ids(bundled):
        try:
            drink = api.lookup_cocktail_by_id(drink_id)
            assert drink.id == drink_id and drink.name and drink.ingriedients
        except Exception as error:  # noqa: BLE001 - collect every failure with its drink
            failures.append((drink_id, repr(error)))
    # Our Nick and Nora drinks are "Cocktail glass" here, as TheCocktailDB files them, so the
    # library (whose enum cannot read "Nick and Nora Glass") reads every drink.
    assert failures == []


def test_filter_by_ingredient_gives_short_drinks(api):
    drinks = api.search_by_ingredient("Campari")
    names = {drink.name for drink in drinks}
    assert "Negroni" in names
    assert all(drink.thumbnail.startswith("http://127.0.0.1:") for drink in drinks)


def test_an_unknown_drink_is_the_libraries_not_found(api):
    with pytest.raises(ValueError, match="Drink not found"):
        api.get_cocktail_by_name("no such drink anywhere")
