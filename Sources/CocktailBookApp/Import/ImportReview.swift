import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation

/// What an import of a file would do, recipe by recipe, before anything is written: the CLI
/// prints it as a table and asks on a terminal.
public struct ImportReview: Sendable, Equatable {
    /// The format the file was read as.
    public var format: BookFormat
    /// One line per recipe in the file, in its order.
    public var lines: [Line]

    /// One recipe and what applying the import does with it.
    public struct Line: Sendable, Equatable {
        /// The recipe's name.
        public var name: String
        /// What happens to it.
        public var action: Action
        /// The id the drink gets (empty for a recipe passed over).
        public var key = ""
        /// Its ingredient lines.
        public var lines: [String] = []
        /// The id of the book's drink of the same name, when there is one.
        public var existingID: String?
        /// The drink as it would be imported.
        public var drink: Cocktail?

        /// A line of the review.
        public init(name: String, action: Action) {
            self.name = name
            self.action = action
        }

        /// Whether applying the review with its defaults stores it.
        public var isImported: Bool {
            switch action {
            case .new, .update, .keepBoth: true
            case .same, .passedOver: false
            }
        }

        public static func == (left: Line, right: Line) -> Bool {
            left.name == right.name && left.action == right.action
        }
    }

    /// What happens to one recipe.
    public enum Action: Sendable, Equatable {
        /// It becomes a new drink.
        case new
        /// It replaces the drink an earlier import of the same file made.
        case update
        /// It becomes a new drink beside the book's drink of the same name.
        case keepBoth(existing: String)
        /// The book has the same recipe under the same name: it is left out unless asked for.
        case same(existing: String)
        /// It is not imported, for this reason.
        case passedOver(String)

        /// `new`, `update`, `new, beside the book's Negroni`, `passed over: …`.
        public var text: String {
            switch self {
            case .new: "new"
            case .update: "update (imported from this file before)"
            case .keepBoth(let existing): "new, kept beside the book's \(existing)"
            case .same(let existing): "skipped: the book's \(existing) is the same recipe"
            case .passedOver(let reason): "passed over: \(reason)"
            }
        }
    }

    /// How many drinks applying it stores.
    public var drinkCount: Int {
        lines.count { $0.isImported }
    }

    /// The keys of the drinks left out unless the person asks for them: the book's same recipes,
    /// and the recipes of a general recipe app that do not read as drinks.
    public var leftOutByDefault: Set<String> {
        Set(lines.filter { !$0.key.isEmpty && !$0.isImported }.map(\.key))
    }

    /// The keys of the recipes passed over as not drinks, which the person may take all the same.
    public var takeableDinners: Set<String> {
        Set(lines.filter { if case .passedOver = $0.action { !$0.key.isEmpty } else { false } }.map(\.key))
    }

    /// The review as a table: the recipe, then what happens, one line each.
    public var table: String {
        let width = min(40, max(6, lines.map(\.name.count).max() ?? 0))
        func row(_ name: String, _ action: String) -> String {
            let shown = name.count > width ? String(name.prefix(width - 1)) + "…" : name
            return shown.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + action
        }
        return ([row("Recipe", "What happens")] + lines.map { row($0.name, $0.action.text) }).joined(separator: "\n")
    }
}

extension CatalogImporter {
    /// What importing the file or folder at `source` would do; nothing is written.
    ///
    /// - Parameter drinksNamed: the book's drinks of a name (case and accents aside): the
    ///   bundled one, the book's own, other imports'.
    public func review(
        source: String, origin named: String? = nil, drinksNamed: (String) async -> [Cocktail] = { _ in [] }
    ) async throws -> ImportReview {
        let location = URL(fileURLWithPath: (source as NSString).expandingTildeInPath).standardizedFileURL.path
        let origin = named ?? location
        let format: BookFormat
        var drinks: [Cocktail]
        var passedOver: [String]
        // Recipes of a general recipe app that do not read as drinks, by name: passed over, but
        // the person may take them all the same.
        var dinners: [String: Cocktail] = [:]
        switch try readExport(location) {
        case .catalog(let data):
            let parsed = try CatalogImport.parse(data, origin: origin)
            let object = try? JSONSerialization.jsonObject(with: data)
            format = object.map(TheCocktailDBDump.isDump) == true ? .thecocktaildb : .cocktailbook
            drinks = parsed.cocktails
            passedOver = parsed.skipped
        case .other(let book):
            let read = book.drinks(origin: origin, at: now(), everyRecipe: everyRecipe)
            format = book.format
            drinks = read.drinks.map(\.cocktail)
            passedOver = read.passedOver
            if book.format.holdsDinnersToo, !everyRecipe {
                let kept = Set(drinks.map(\.id))
                for dinner in book.drinks(origin: origin, at: now(), everyRecipe: true).drinks.map(\.cocktail)
                where !kept.contains(dinner.id) {
                    dinners[dinner.name] = dinner
                }
            }
        }
        let imported = Set(try await database.importedCocktails().map(\.id))
        var lines: [ImportReview.Line] = []
        for drink in drinks {
            var line = ImportReview.Line(name: drink.name, action: .new)
            line.key = drink.id
            line.lines = drink.ingredients
            line.drink = drink
            let namesakes = await drinksNamed(drink.name).filter { $0.id != drink.id }
            if imported.contains(drink.id) {
                line.action = .update
            } else if let same = namesakes.first(where: { Self.sameRecipe(drink, $0) }) {
                line.action = .same(existing: same.name)
                line.existingID = same.id
            } else if let existing = namesakes.first(where: { $0.id.hasPrefix("imp-") }) ?? namesakes.first {
                // Another import's drink first: that is the one "replace" can take the place of.
                line.action = .keepBoth(existing: existing.name)
                line.existingID = existing.id
            }
            lines.append(line)
        }
        for reason in passedOver {
            let parts = reason.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            var line = ImportReview.Line(
                name: parts.count == 2 ? parts[0] : "", action: .passedOver(parts.last ?? reason))
            if let dinner = dinners[line.name] {
                line.key = dinner.id
                line.lines = dinner.ingredients
            }
            lines.append(line)
        }
        return ImportReview(format: format, lines: lines)
    }

    /// Whether `drink` and `existing` are the same recipe: line by line, the same ingredient
    /// (case and accents aside) in the same amount (measures compared in millilitres, within
    /// 2.5 ml, so `1 1/2 oz` is `45 ml`).
    static func sameRecipe(_ drink: Cocktail, _ existing: Cocktail) -> Bool {
        let mine = drink.recipe
        let theirs = existing.recipe
        guard mine.count == theirs.count else { return false }
        return zip(mine, theirs).allSatisfy { left, right in
            guard SearchText.fold(left.ingredient ?? left.text) == SearchText.fold(right.ingredient ?? right.text)
            else {
                return false
            }
            switch (left.amount, right.amount) {
            case (nil, nil): return left.unit == right.unit
            case (let a?, let b?):
                if let l = left.unit?.millilitres, let r = right.unit?.millilitres {
                    return abs(a.value * l - b.value * r) <= 2.5
                }
                return left.unit == right.unit && a == b
            default: return false
            }
        }
    }
}
