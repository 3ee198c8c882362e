import CocktailBook
import CocktailBookApp
import Foundation

/// `/bar/ingredients/{value}`: a house-made ingredient's recipe in the viewer's language, with
/// where it stands on their shelf.
struct HouseRecipePage: PageModel {
    static let template = "house-recipe"
    let catalogState = "ready"

    struct Line {
        var name: String
        var amount: String
        /// What links the amount to the name in the language: Italian's `di `, `d'`, or nothing.
        var link: String
    }

    var value: String
    var title: String
    var name: String
    var minutes: String
    var yield: String
    var keeps: String
    var lines: [Line]
    var steps: [String]
    var status: String
    var batch: String?
    var canKeepBar: Bool
    /// The book's own recipe: its notice, the editor, its history and deleting it.
    var isOwn = false
    var ownNotice: String?
    var editHref: String
    var historyHref: String
    var deleteAction: String
    var mayWrite = false
    var hasHistory = false
    var deleteLabel: String = ""
    var saved: String?

    init(
        recipe: HouseRecipe, status: HouseStatus?, batch: HouseBatch?, now: Date, canKeepBar: Bool,
        strings: UIStrings, recipes: HouseRecipes = .bundled
    ) {
        value = recipe.ingredient
        // A name the recipe gives in the page's language, else the table's name in it (an own
        // version with only an English name keeps the Italian table name on Italian pages).
        let ownName = recipe.names?.given(in: strings.language)
        name = ownName.flatMap { $0.isEmpty ? nil : $0 } ?? strings.ingredient(recipe.ingredient)
        let path = HouseItem.path(recipe.ingredient)
        editHref = path + "/edit"
        historyHref = path + "/history"
        deleteAction = path + "/delete"
        title = strings("house_title", ["name": name])
        minutes = strings.count("house_minutes", recipe.minutes)
        yield = strings(
            "house_yield", ["amount": Self.amount(recipe.yield.amount, recipe.yield.unit, strings: strings)])
        keeps = strings.count(
            "house_keeps", recipe.shelfLifeDays,
            ["storage": recipe.storageNote ?? strings["house_storage_" + recipe.storage.rawValue]])
        lines = recipe.lines.map { line in
            let amount = Self.amount(line.amount, line.unit, strings: strings)
            // Grams and millilitres link to what they measure as a unit does (`200 g di zucchero`,
            // `200 ml d'acqua`); a count does not.
            let reading = RecipeLine(
                text: line.ingredient, amount: .init(line.amount), unit: line.unit == .pieces ? nil : .ml,
                ingredient: line.ingredient)
            let words = strings.words(for: reading, measure: amount, canonical: line.ingredient)
            return Line(
                name: words.name, amount: amount, link: line.unit == .pieces ? "" : words.link)
        }
        steps = recipe.steps.of(strings.language)
        self.status = Self.statusText(status, strings: strings)
        self.batch = batch.map { HouseItem.batchText($0, recipes: recipes, now: now, strings: strings) }
        self.canKeepBar = canKeepBar
    }

    /// `250 g`, `200 ml`, `3 pieces`, with the language's decimal separator.
    static func amount(_ amount: Double, _ unit: HouseRecipe.Unit, strings: UIStrings) -> String {
        switch unit {
        case .pieces: strings.count("house_pieces", Int(amount.rounded()))
        case .g, .ml: strings.decimal(amount) + " " + unit.rawValue
        }
    }

    static func statusText(_ status: HouseStatus?, strings: UIStrings) -> String {
        switch status {
        case .onShelf: strings["house_status_batch"]
        case .makeable(let from): strings("house_status_makeable", ["have": strings.ingredient(from)])
        case .lacking(let names):
            strings("house_status_missing", ["names": names.map(strings.ingredient).joined(separator: ", ")])
        case nil: ""
        }
    }
}

/// A house-made ingredient in the bar page's list: where it stands, its latest batch, and a
/// link to its recipe.
struct HouseItem {
    var value: String
    var name: String
    var href: String
    var status: String
    var batch: String?
    var isExpired: Bool
    /// The latest batch's id, for undoing it.
    var batchId: Int64?
    var removeLabel: String

    init(
        value: String, status: HouseStatus?, latest: HouseBatch?, now: Date, strings: UIStrings,
        recipes: HouseRecipes = .bundled
    ) {
        self.value = value
        name = recipes.recipe(for: value)?.names?.of(strings.language) ?? strings.ingredient(value)
        href = Self.path(value)
        self.status = HouseRecipePage.statusText(status, strings: strings)
        batch = latest.map { Self.batchText($0, recipes: recipes, now: now, strings: strings) }
        isExpired = latest.map { !$0.isFresh(at: now, recipes: recipes, calendar: Self.calendar) } ?? false
        batchId = latest?.id
        removeLabel = strings("batch_remove_named", ["name": name])
    }

    /// `/bar/ingredients/rosemary%20syrup`: a house-made ingredient's page.
    static func path(_ value: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%")
        return "/bar/ingredients/" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
    }

    static let calendar = HouseBatch.calendar

    /// "honey syrup: 300 ml, good until 28 Nov 2026" or "honey syrup expired 2 days ago".
    static func batchText(_ batch: HouseBatch, recipes: HouseRecipes, now: Date, strings: UIStrings) -> String {
        let name = strings.ingredient(batch.value)
        guard let expiry = batch.expiry(recipes: recipes, calendar: calendar) else { return name }
        if batch.ml <= 0 { return strings("batch_used_up", ["name": name]) }
        if now >= expiry {
            // Whole days by the calendar: "2 days ago", not "2 days, 3 hours ago".
            let days = max(calendar.dateComponents([.day], from: expiry, to: now).day ?? 0, 0)
            return days == 0
                ? strings("batch_expired_today", ["name": name])
                : strings.count("batch_expired", days, ["name": name])
        }
        return strings(
            "batch_fresh",
            [
                "name": name, "ml": strings.decimal(batch.ml),
                "until": DateText.day(expiry, calendar: calendar, strings: strings),
            ])
    }
}
