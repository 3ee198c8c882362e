import CocktailBook
import CocktailBookApp
import Foundation

/// The My bar screen.
struct BarPage: PageModel {
    static let template = "bar"
    let catalogState = "ready"

    struct Option {
        var value: String
        var label: String
    }
    struct Bottle {
        var value: String
        var name: String
        var enables: String
        /// For a bottle named by its family, what else it counts for: "Also counts as London dry
        /// gin or Old Tom gin".
        var covers: String? = nil
        var removeLabel: String
        /// "about 450 of 700 ml left", when known.
        var stock: String? = nil
        var isLow: Bool = false
        var form: StockForm? = nil
    }
    /// The fields of a bottle's level-and-price form, as stored.
    struct StockForm {
        var ml: String
        var bottleMl: String
        var lowMl: String
        var price: String
        var currency: String
        /// A price kept in another currency than the book's shows its own field; otherwise the
        /// book's currency is named in the price's label and sent along unseen.
        var showsCurrency: Bool
        /// The labels, in the unit the item is stocked in (ml, g, pieces).
        var leftLabel: String
        var sizeLabel: String
        var lowLabel: String
        var priceLabel: String
    }
    struct Drink {
        var id: String
        var name: String
        var href: String
        var reasons: [String]
        var missing: String?
        var niceToHave: String?
        /// The value of the one ingredient a one-away drink lacks.
        var missingValue: String? = nil
        /// Its missing ingredient is on the shopping list already.
        var isOnList = false
        /// Said right after the person put it there.
        var addedNotice: String? = nil
        var cost: String? = nil
    }
    struct Suggestion {
        var value: String
        var title: String
        var drinks: String
    }
    struct Rule {
        var id: Int64?
        var text: String
        var isBuiltIn: Bool
        var bothWays: Bool
    }

    var canKeepBar: Bool
    /// Whether the viewer may write house recipes ("New house-made ingredient").
    var mayWriteHouse = false
    /// A guest's bar: nothing to keep, and a word on why (the sign-in link is for visitors).
    var isGuest = false
    var bottles: [Bottle]
    var shelfTitle: String
    var options: [Option]
    var canMake: [Drink]
    var canMakeTitle: String
    var withStandIn: [Drink]
    var withStandInTitle: String
    var oneAway: [Drink]
    var oneAwayTitle: String
    /// What a section leaves to the list when it has more drinks than a page shows ("and 1,617
    /// more in the list"), or nil.
    var canMakeMore: String?
    var withStandInMore: String?
    var oneAwayMore: String?
    var suggestions: [Suggestion]
    var rules: [Rule]
    /// The table's forms and stand-ins that apply to the shelf, one line each.
    var substitutions: [String]
    var always: [Bottle]
    var shoppingTitle: String
    /// A field the person got wrong, shown next to it (``FieldProblem``).
    var bottleProblem: FieldProblem.Model?
    var alwaysProblem: FieldProblem.Model?
    var ruleProblem: FieldProblem.Model?
    var house: [HouseItem]
    var houseValues: [Option]
    var levels: [Option]

    /// How many drinks a section lists; the rest are in the catalog's list (`/?makeable=now`),
    /// which pages them. A home shelf rarely reaches it; 100 bottles over 10,000 drinks make
    /// 1,667 rows, each costed.
    static let drinksPerSection = 60

    init(
        report: BarReport, shelf: Shelf, canKeepBar: Bool, shoppingCount: Int, strings: UIStrings,
        stock: [String: BottleStock] = [:], batches: [HouseBatch] = [], now: Date = Date(), added: String? = nil,
        currency: String = BookCurrency.defaultCode
    ) {
        self.canKeepBar = canKeepBar
        let sorted = { (values: Set<String>) in
            values.sorted {
                strings.ingredient($0).localizedCaseInsensitiveCompare(strings.ingredient($1)) == .orderedAscending
            }
        }
        let enabled = report.evaluation.drinksEnabled()
        bottles = sorted(shelf.bottles).map { value in
            Bottle(
                value: value, name: strings.ingredient(value),
                enables: (enabled[value] ?? 0) == 0
                    ? strings["bar_enables_none"] : strings.count("bar_enables", enabled[value] ?? 0),
                covers: Self.covers(report.index.members(of: value), strings: strings),
                removeLabel: strings("bar_remove_named", ["name": strings.ingredient(value)]),
                stock: stock[value].flatMap {
                    Self.level($0, unit: report.index.stockUnit(of: value), strings: strings)
                },
                isLow: stock[value]?.isLow ?? false,
                form: Self.form(
                    stock[value], unit: report.index.stockUnit(of: value), currency: currency, strings: strings))
        }
        shelfTitle = strings["bar_shelf"] + " (\(bottles.count))"
        // A family's suggestion says what else it counts for: "gin (also London dry gin, Old Tom gin)".
        let families = report.index.families
        options = report.index.allValues.map { value in
            let members = (families[value] ?? []).map(strings.ingredient)
            guard !members.isEmpty else { return Option(value: value, label: strings.ingredient(value)) }
            let named = members.prefix(3).joined(separator: ", ") + (members.count > 3 ? "…" : "")
            return Option(
                value: value, label: strings("bar_option_family", ["name": strings.ingredient(value), "names": named]))
        }
        let priced = stock.values.contains { $0.price != nil }
        let limit = Self.drinksPerSection
        // The drink just put on the shopping list stays in view, wherever it is in its section.
        let addedPosition = added.flatMap { id in report.cocktails.firstIndex { $0.id == id } }
        let shown = { (positions: [Int]) -> [Int] in
            var head = Array(positions.prefix(limit))
            if let addedPosition, !head.contains(addedPosition), positions.contains(addedPosition) {
                head.append(addedPosition)
            }
            return head
        }
        let canMakeShown = shown(report.evaluation.canMakePositions)
        let standInShown = shown(report.evaluation.standInPositions)
        let oneAwayShown = shown(report.evaluation.oneAwayPositions)
        // The shelf is read once for every row's cost, not once a row.
        var costs: [Int: String] = [:]
        if priced {
            let positions = canMakeShown + standInShown
            let drinks = positions.map { report.cocktails[$0] }
            for (position, cost) in zip(positions, report.index.costs(of: drinks, on: shelf, stock: stock)) {
                costs[position] = Self.cost(cost, strings: strings)
            }
        }
        let drink = { (entry: BarEvaluation.Entry) -> Drink in
            let cocktail = report.cocktails[entry.position]
            let cost = entry.missing.isEmpty ? costs[entry.position] : nil
            return Drink(
                id: cocktail.id, name: cocktail.name, href: "/cocktails/\(cocktail.id)",
                reasons: entry.matchedBy.map { Self.reason($0, strings: strings) },
                missing: entry.missing.first.map { strings("bar_missing", ["name": strings.ingredient($0)]) },
                niceToHave: entry.niceToHave.isEmpty
                    ? nil
                    : strings(
                        "bar_nice_to_have", ["names": entry.niceToHave.map(strings.ingredient).joined(separator: ", ")]),
                missingValue: entry.missing.first,
                cost: cost
            )
        }
        let evaluation = report.evaluation
        let more = { (all: [Int], shown: [Int]) -> String? in
            all.count > shown.count ? strings.count("bar_more_in_list", all.count - shown.count) : nil
        }
        canMake = canMakeShown.compactMap(evaluation.entry(at:)).map(drink)
        canMakeTitle = strings("bar_can_make_count", ["n": strings.number(evaluation.canMakePositions.count)])
        canMakeMore = more(evaluation.canMakePositions, canMakeShown)
        withStandIn = standInShown.compactMap(evaluation.entry(at:)).map(drink)
        withStandInTitle = strings("bar_stand_in_count", ["n": strings.number(evaluation.standInPositions.count)])
        withStandInMore = more(evaluation.standInPositions, standInShown)
        oneAway = oneAwayShown.compactMap(evaluation.entry(at:)).map(drink)
        oneAwayTitle = strings("bar_one_away_count", ["n": strings.number(evaluation.oneAwayPositions.count)])
        oneAwayMore = more(evaluation.oneAwayPositions, oneAwayShown)
        suggestions = report.evaluation.suggestions().prefix(12).map { suggestion in
            Suggestion(
                value: suggestion.value,
                title: strings.count(
                    suggestion.through.isEmpty ? "bar_unlocks" : "bar_unlocks_through", suggestion.unlocks,
                    [
                        "name": strings.toBuy(
                            suggestion.value, byThePiece: report.index.isBoughtByThePiece(suggestion.value),
                            byTheBottle: report.index.isBoughtByTheBottle(suggestion.value)),
                        "through": suggestion.through.map(strings.ingredient).joined(separator: ", "),
                    ]),
                drinks: suggestion.positions.map { report.cocktails[$0].name }.joined(separator: ", ")
            )
        }
        rules = (BuiltInBar.rules + shelf.rules).map { rule in
            Rule(
                id: rule.id,
                text: strings(
                    "bar_rule_text",
                    ["use": strings.ingredient(rule.use), "insteadOf": strings.ingredient(rule.insteadOf)]),
                isBuiltIn: rule.isBuiltIn, bothWays: rule.bothWays
            )
        }
        substitutions = report.index.substitutions(on: shelf).map { match in
            match.how == .standIn
                ? strings(
                    "bar_substitution_stand_in",
                    ["needed": strings.ingredient(match.needed), "have": strings.ingredient(match.have)])
                : match.text(strings)
        }
        always = sorted(shelf.alwaysAvailable).map { value in
            Bottle(
                value: value, name: strings.ingredient(value), enables: "",
                removeLabel: strings("bar_remove_named", ["name": strings.ingredient(value)]))
        }
        shoppingTitle = strings("shopping_count", ["n": strings.number(shoppingCount)])
        var latest: [String: HouseBatch] = [:]
        for batch in batches where latest[batch.value] == nil { latest[batch.value] = batch }
        house = report.index.houseMadeValues.sorted {
            strings.ingredient($0).localizedCaseInsensitiveCompare(strings.ingredient($1)) == .orderedAscending
        }.map { value in
            HouseItem(
                value: value, status: report.index.houseStatus(of: value, on: shelf), latest: latest[value], now: now,
                strings: strings, recipes: report.index.houseRecipes)
        }
        houseValues = house.map { Option(value: $0.value, label: $0.name) }
        levels = [
            ("", "stock_level_typed"), ("1", "stock_level_full"), ("0.75", "stock_level_three_quarters"),
            ("0.5", "stock_level_half"), ("0.25", "stock_level_quarter"), ("0", "stock_level_empty"),
        ].map { Option(value: $0.0, label: strings[$0.1]) }
    }

    /// What a bottle named by its family also counts for (its `members`), or nil for a bottle
    /// with none.
    static func covers(_ members: [String], strings: UIStrings) -> String? {
        let members = members.map(strings.ingredient)
        guard !members.isEmpty else { return nil }
        let shown = members.prefix(6).formatted(.list(type: .or).locale(strings.locale))
        return members.count > 6
            ? strings.count("bar_covers_more", members.count - 6, ["names": members.prefix(6).joined(separator: ", ")])
            : strings("bar_covers", ["names": shown])
    }

    /// "about 450 of 700 ml left", or nil when the level is not known.
    static func level(_ stock: BottleStock, unit: StockUnit = .ml, strings: UIStrings) -> String? {
        guard let ml = stock.ml else { return nil }
        guard let bottle = stock.bottleMl else {
            return strings("stock_left", ["ml": strings.stockAmount(ml, unit: unit)])
        }
        return strings(
            "stock_left_of",
            ["ml": strings.decimal(ml, fractionDigits: 0), "bottle": strings.stockAmount(bottle, unit: unit)])
    }

    static func form(
        _ stock: BottleStock?, unit: StockUnit = .ml, currency book: String = BookCurrency.defaultCode,
        strings: UIStrings
    ) -> StockForm {
        let number = { (value: Double?) in value.map { String(Int($0.rounded())) } ?? "" }
        let unitName = ["unit": strings["stock_unit_" + unit.rawValue]]
        let currency = stock?.price?.currency ?? book
        let own = currency != book
        return StockForm(
            ml: number(stock?.ml), bottleMl: number(stock?.bottleMl), lowMl: number(stock?.lowMl),
            price: stock?.price.map { Money.major($0.minor, currency: $0.currency) } ?? "",
            currency: currency, showsCurrency: own, leftLabel: strings("stock_ml", unitName),
            sizeLabel: strings["stock_bottle_" + unit.rawValue], lowLabel: strings("stock_low_ml", unitName),
            priceLabel: own
                ? strings["stock_price_" + unit.rawValue]
                : strings("stock_price_in", ["price": strings["stock_price_" + unit.rawValue], "currency": currency]))
    }

    /// "Cost per serving: €2.10", or which bottles lack a price.
    static func cost(_ cost: DrinkCost, strings: UIStrings) -> String {
        if let minor = cost.minor, let currency = cost.currency {
            return strings("cost_per_serving", ["cost": Money.text(minor, currency: currency, locale: strings.locale)])
        }
        return strings("cost_lacking", ["names": cost.lackingPrices.map(strings.ingredient).joined(separator: ", ")])
    }

    /// How one line is covered, in one line.
    static func reason(_ match: BarEvaluation.Match, strings: UIStrings) -> String { match.text(strings) }
}

/// The shopping list screen.
struct ShoppingPage: PageModel {
    static let template = "shopping"
    let catalogState = "ready"

    struct Item {
        var id: Int64
        var name: String
        var forDrinks: String?
        var reason: String?
        var isBought: Bool
        var nextBought: Bool
        /// "Campari low: about 80 ml left", for a bottle that ran low.
        var low: String? = nil
        /// The value, when a new bottle can put its level back to full.
        var refill: String? = nil
    }

    var items: [Item]
    var hasBought: Bool
    var options: [BarPage.Option]
    var canKeepBar: Bool
    var shareText: String
    /// What the person typed and why it was not added (an empty line).
    var problem: FieldProblem.Model?

    init(
        items: [ShoppingItem], cocktailNames: [String: String], values: [String], canKeepBar: Bool, strings: UIStrings,
        stock: [String: BottleStock] = [:], index: BarIndex? = nil
    ) {
        self.items = items.map { item in
            let names = item.cocktailIds.compactMap { cocktailNames[$0] }
            return Item(
                id: item.id,
                name: strings.toBuy(item.value, byThePiece: index?.isBoughtByThePiece(item.value) ?? false),
                forDrinks: item.reason == nil && !names.isEmpty
                    ? strings("shopping_for", ["names": names.joined(separator: ", ")]) : nil, reason: item.reason,
                isBought: item.isBought, nextBought: !item.isBought,
                low: stock[item.value].flatMap {
                    StockText.low(item.value, $0, unit: index?.stockUnit(of: item.value) ?? .ml, strings: strings)
                },
                refill: stock[item.value].flatMap { $0.isLow && $0.bottleMl != nil ? item.value : nil })
        }
        hasBought = items.contains(where: \.isBought)
        options = values.map { BarPage.Option(value: $0, label: strings.ingredient($0)) }
        self.canKeepBar = canKeepBar
        shareText = ShoppingListPayload.text(
            StockText.sayingLow(items, stock: stock, index: index, strings: strings), strings: strings)
    }
}
