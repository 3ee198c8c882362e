import CocktailBook
import CocktailBookApp
import Foundation

/// `/lists/{id}/plan`: the party planner over a list, as a plain GET form (guests, drinks per
/// guest or a count per drink, the shelf counted or not) and, once asked, the plan the API
/// answers with: what to pour and buy, the ice, the prep sheet, the syrups and the rules.
struct PartyPage: PageModel {
    static let template = "party"
    let catalogState = "ready"

    struct Field: Sendable {
        var name: String
        var value: String
    }

    struct DrinkInput: Sendable {
        var id: String
        var name: String
        var label: String
        var field: String
        var value: String
        var servings: String?
    }

    struct BatchRow: Sendable {
        var name: String
        var servings: String
        var how: String
        var lines: [String]
        var mix: String
        var bottles: String
        var addPerServe: String?
    }

    var title: String
    var backHref: String
    var backTitle: String
    var action: String
    var guests: String
    var perGuest: String
    var shelf: Bool
    var drinks: [DrinkInput]
    var isEmpty: Bool
    var error: String?
    var notice: String?
    var hasPlan: Bool
    var rows: [PartyPlan.BuyRow]
    var ice: String
    var batches: [BatchRow]
    var madeToOrder: String?
    var syrups: [String]
    var rules: [String]
    var shoppingAction: String
    var planFields: [Field]
    var canAdd: Bool

    /// The typed form: what the query says (kept as typed when it was refused).
    init(
        list: DrinkList, rows listRows: [ListDesk.Row], query: FormQuery, plan: PartyPlan?, error: String?,
        added: Int?, units: Settings.Units, strings: UIStrings
    ) {
        title = strings("party_title", ["name": list.name])
        backHref = "/lists/\(list.id)"
        backTitle = list.name
        action = "/lists/\(list.id)/plan"
        shoppingAction = "/lists/\(list.id)/plan/shopping"
        guests = query["guests"] ?? ""
        perGuest = query["perGuest"] ?? String(ListDesk.PartyRequest.defaultPerGuest)
        shelf = ["true", "1", "on"].contains(query["shelf"]?.lowercased() ?? "")
        drinks = listRows.compactMap { row in
            guard let cocktail = row.details?.cocktail else { return nil }
            let servings = plan?.drinks.first { $0.cocktail.id == cocktail.id }?.servings
            return DrinkInput(
                id: cocktail.id, name: cocktail.name, label: strings("party_count_for", ["name": cocktail.name]),
                field: "count." + cocktail.id, value: query["count." + cocktail.id] ?? "",
                servings: servings.map { strings("party_servings", ["count": String($0), "name": cocktail.name]) })
        }
        isEmpty = drinks.isEmpty
        self.error = error.map { strings("party_error", ["message": $0]) }
        notice = added.map { $0 == 0 ? strings["party_nothing_to_buy"] : strings.count("party_added", $0) }
        hasPlan = plan != nil && !(plan?.drinks.isEmpty ?? true)
        let shown = plan ?? PartyPlan(guests: 0, drinks: [], totals: [], iceGrams: 0, batches: [])
        rows = shown.buyRows(strings: strings) { Self.amount($0, units: units, strings: strings) }
        ice = strings("party_ice", ["kg": strings.decimal(shown.iceKg)])
        batches = shown.batches.map { batch in
            BatchRow(
                name: batch.name,
                servings: strings("party_servings", ["count": String(batch.servings), "name": batch.name]),
                how: strings[batch.howKey],
                lines: batch.lines.map {
                    let amount =
                        $0.grams.map { PartyPlan.gramsText($0, strings: strings) }
                        ?? Self.amount($0.ml, units: units, strings: strings)
                    return "\(amount) \(strings.ingredient($0.ingredient))"
                },
                mix: batch.kind == .stirred
                    ? strings(
                        "party_batch_mix",
                        [
                            "mix": Self.amount(batch.mixMl, units: units, strings: strings),
                            "water": Self.amount(batch.waterMl, units: units, strings: strings),
                        ])
                    : strings(
                        "party_batch_mix_only", ["mix": Self.amount(batch.mixMl, units: units, strings: strings)]),
                bottles: strings.count(
                    "party_batch_bottles", batch.bottles,
                    ["pour": Self.amount(batch.pourMl, units: units, strings: strings)]),
                addPerServe: batch.perServe.isEmpty
                    ? nil
                    : strings(
                        batch.kind == .built ? "party_batch_top" : "party_batch_add",
                        ["lines": batch.addPerServe(in: units, strings: strings).joined(separator: ", ")]))
        }
        let batched = Set(shown.batches.map(\.cocktailId))
        let toOrder = shown.drinks.filter { $0.servings > 0 && !batched.contains($0.cocktail.id) }.map(\.cocktail.name)
        madeToOrder = toOrder.isEmpty ? nil : strings["party_made_to_order"] + ": " + toOrder.joined(separator: ", ")
        syrups = shown.syrups.map { strings.partySyrup($0, ml: Self.amount($0.ml, units: units, strings: strings)) }
        rules = shown.ruleKeys.map { strings[$0] }
        planFields = ListDesk.PartyRequest(query: query)?.pairs.map { Field(name: $0.name, value: $0.value) } ?? []
        canAdd = hasPlan && shown.totals.contains(where: \.isToBuy)
    }

    /// `ml` millilitres in the viewer's units: whole millilitres, centilitres to a tenth, ounces
    /// to a quarter (1 oz = 30 ml), written with the language's decimal separator.
    static func amount(_ ml: Double, units: Settings.Units, strings: UIStrings) -> String {
        switch units {
        case .ml: "\(Int(ml.rounded())) ml"
        case .cl: strings.decimal(ml / 10) + " cl"
        case .oz: strings.decimal((ml / 30 * 4).rounded() / 4, fractionDigits: 2) + " oz"
        }
    }
}

extension ListDesk.PartyRequest {
    /// The request a query makes, or `nil` when it makes none.
    init?(query: FormQuery) {
        guard let request = try? Self(query) else { return nil }
        self = request
    }
}
