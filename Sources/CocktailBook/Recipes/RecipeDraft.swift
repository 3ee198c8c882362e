import CocktailsAPI
import Foundation

/// A drink as the editor holds it: every field as a person typed it, ingredient lines as rows
/// of amount, unit, ingredient and note. It becomes a ``Cocktail`` only when it has no
/// ``problems(knownIngredients:)``; until then the form shows it back exactly as typed.
///
/// One shape for the web form, the JSON API (`POST`/`PUT /api/v1/cocktails`), an exported file
/// and a draft read from a recipe page.
public struct RecipeDraft: Sendable, Equatable, Codable {
    public var name: String
    public var kind: CocktailKind
    public var category: String
    public var glass: String
    public var method: String
    /// Minutes as typed; a whole number from 1 to 240 when saved.
    public var preparationMinutes: String
    public var shortDescription: String
    public var longDescription: String
    public var garnish: String
    /// Comma-separated keywords as typed.
    public var tags: String
    public var video: String
    public var rows: [Row]
    public var steps: [String]
    /// The words in other languages, by language code (`it`), each optional: one left empty
    /// falls back to the English.
    public var translations: [String: Translation]
    /// The drink this one adapts, by id.
    public var basedOn: String?
    /// The drink's picture: an `/images/…` file of the book, or `nil` for a drawing.
    public var imageURL: String?
    /// How the picture was credited, kept from a recipe page it was read from.
    public var imageSource: String?
    /// The address of the page or app the recipe was taken from.
    public var recipeSource: String?
    /// Who wrote the recipe there.
    public var recipeAuthor: String?

    /// One ingredient line.
    public struct Row: Sendable, Equatable, Codable {
        /// `1 1/2`, `1½`, `0.75`, `0,75`, `2-3`; empty for none.
        public var amount: String
        /// A ``MeasureUnit`` raw value (`oz`, `dash`, `top`…), or empty for none.
        public var unit: String
        public var ingredient: String
        public var note: String
        /// Leave it out and the drink still works (the bar does not ask for it).
        public var optional: Bool
        /// It goes on the glass, not in it.
        public var garnish: Bool
        /// That very ingredient: a bottle of its family (gin for London dry gin) only stands in.
        public var exactly: Bool

        public init(
            amount: String = "", unit: String = "", ingredient: String = "", note: String = "", optional: Bool = false,
            garnish: Bool = false, exactly: Bool = false
        ) {
            self.amount = amount
            self.unit = unit
            self.ingredient = ingredient
            self.note = note
            self.optional = optional
            self.garnish = garnish
            self.exactly = exactly
        }

        /// Whether nothing was typed in the row (an empty row is dropped, not refused).
        public var isBlank: Bool {
            [amount, unit, ingredient, note].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
    }

    /// One language's texts beside the English ones.
    public struct Translation: Sendable, Equatable, Codable {
        public var shortDescription: String
        public var longDescription: String
        public var garnish: String
        public var steps: [String]

        public init(
            shortDescription: String = "", longDescription: String = "", garnish: String = "", steps: [String] = []
        ) {
            self.shortDescription = shortDescription
            self.longDescription = longDescription
            self.garnish = garnish
            self.steps = steps
        }

        /// Whether any text was written in it.
        public var isEmpty: Bool {
            shortDescription.isBlank && longDescription.isBlank && garnish.isBlank && steps.allSatisfy(\.isBlank)
        }
    }

    /// An empty draft: one blank row and one blank step to start from.
    public init() {
        self.init(name: "", rows: [Row()], steps: [""])
    }

    public init(
        name: String, kind: CocktailKind = .alcoholic, category: String = "", glass: String = "", method: String = "",
        preparationMinutes: String = "", shortDescription: String = "", longDescription: String = "",
        garnish: String = "", tags: String = "", video: String = "", rows: [Row], steps: [String],
        translations: [String: Translation] = [:], basedOn: String? = nil, imageURL: String? = nil,
        imageSource: String? = nil,
        recipeSource: String? = nil, recipeAuthor: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.category = category
        self.glass = glass
        self.method = method
        self.preparationMinutes = preparationMinutes
        self.shortDescription = shortDescription
        self.longDescription = longDescription
        self.garnish = garnish
        self.tags = tags
        self.video = video
        self.rows = rows
        self.steps = steps
        self.translations = translations.filter { !$0.value.isEmpty }
        self.basedOn = basedOn
        self.imageURL = imageURL
        self.imageSource = imageSource
        self.recipeSource = recipeSource
        self.recipeAuthor = recipeAuthor
    }
}

// MARK: - Limits and problems

extension RecipeDraft {
    /// The most ingredient lines and steps a drink may have.
    public static let maximumRows = 40
    public static let maximumSteps = 30
    /// Characters: a name, a one-line summary, a note or a garnish; a description; a step.
    public static let maximumNameLength = 100
    public static let maximumShortLength = 200
    public static let maximumLongLength = 4_000
    public static let maximumLineLength = 500
    public static let maximumTags = 12

    /// One thing to fix before the draft can be saved: the field it is about (`name`,
    /// `rows.2.amount`, `steps.0`…) and a key of the strings catalog saying what is wrong,
    /// with the values the sentence needs.
    public struct Problem: Sendable, Equatable, Codable {
        public var field: String
        public var message: String
        public var values: [String: String]

        public init(field: String, message: String, values: [String: String] = [:]) {
            self.field = field
            self.message = message
            self.values = values
        }
    }

    /// What stops the draft from being saved, field by field; empty when it can be saved.
    /// `knownIngredients` says whether a name is the table's or the book's own; names it does
    /// not know are listed by ``newIngredients(knownIngredients:)`` for a confirmation instead.
    public func problems() -> [Problem] {
        var problems: [Problem] = []
        func check(_ field: String, _ text: String, limit: Int, required: Bool = false) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if required, trimmed.isEmpty {
                problems.append(Problem(field: field, message: "editor_problem_required"))
            } else if trimmed.count > limit {
                problems.append(
                    Problem(field: field, message: "editor_problem_too_long", values: ["limit": String(limit)]))
            }
        }
        check("name", name, limit: Self.maximumNameLength, required: true)
        check("shortDescription", shortDescription, limit: Self.maximumShortLength)
        check("longDescription", longDescription, limit: Self.maximumLongLength)
        check("garnish", garnish, limit: Self.maximumShortLength)
        for (code, words) in translations.sorted(by: { $0.key < $1.key }) {
            guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
                problems.append(Problem(field: "translations", message: "editor_problem_language_code"))
                continue
            }
            let field = "translations.\(code)."
            check(field + "shortDescription", words.shortDescription, limit: Self.maximumShortLength)
            check(field + "longDescription", words.longDescription, limit: Self.maximumLongLength)
            check(field + "garnish", words.garnish, limit: Self.maximumShortLength)
            if words.steps.contains(where: { !$0.isBlank && $0.count > Self.maximumLineLength }) {
                problems.append(
                    Problem(
                        field: field + "steps", message: "editor_problem_too_long",
                        values: ["limit": String(Self.maximumLineLength)]))
            }
        }
        if !category.isBlank, DrinkCategory(named: category) == nil {
            problems.append(Problem(field: "category", message: "editor_problem_unknown_category"))
        }
        if !glass.isBlank, Glass(named: glass) == nil {
            problems.append(Problem(field: "glass", message: "editor_problem_unknown_glass"))
        }
        if !method.isBlank, MixingMethod(named: method) == nil {
            problems.append(Problem(field: "method", message: "editor_problem_unknown_method"))
        }
        if !preparationMinutes.isBlank, minutes == nil {
            problems.append(Problem(field: "preparationMinutes", message: "editor_problem_minutes"))
        }
        if !video.isBlank, SafeLink.web(video.trimmingCharacters(in: .whitespaces)) == nil {
            problems.append(Problem(field: "video", message: "editor_problem_link"))
        }
        if let source = recipeSource, !source.isBlank, SafeLink.web(source.trimmed) == nil {
            problems.append(Problem(field: "recipeSource", message: "editor_problem_link"))
        }
        check("recipeAuthor", recipeAuthor ?? "", limit: Self.maximumNameLength)
        if tagList.count > Self.maximumTags || tagList.contains(where: { $0.count > 40 }) {
            problems.append(
                Problem(field: "tags", message: "editor_problem_tags", values: ["limit": String(Self.maximumTags)]))
        }
        let filled = rows.enumerated().filter { !$0.element.isBlank }
        if filled.isEmpty {
            problems.append(Problem(field: "rows", message: "editor_problem_no_ingredients"))
        } else if filled.count > Self.maximumRows {
            problems.append(
                Problem(field: "rows", message: "editor_problem_too_many", values: ["limit": String(Self.maximumRows)]))
        }
        for (index, row) in filled {
            let field = "rows.\(index)"
            let ingredient = row.ingredient.trimmingCharacters(in: .whitespaces)
            if ingredient.isEmpty {
                problems.append(Problem(field: field + ".ingredient", message: "editor_problem_ingredient"))
            } else if ingredient.count > Self.maximumNameLength || ingredient.contains(",") {
                problems.append(Problem(field: field + ".ingredient", message: "editor_problem_ingredient_name"))
            } else if Self.row(Self.line(row)).ingredient.isBlank {
                // A name that reads as a measure (`8`, `dash`) would be lost once written as a
                // line: the saved drink could not be opened in the editor again.
                problems.append(Problem(field: field + ".ingredient", message: "editor_problem_ingredient_measure"))
            }
            if row.note.count > Self.maximumShortLength {
                problems.append(
                    Problem(
                        field: field + ".note", message: "editor_problem_too_long",
                        values: ["limit": String(Self.maximumShortLength)]))
            }
            if !row.unit.isBlank, MeasureUnit(rawValue: row.unit) == nil {
                problems.append(Problem(field: field + ".unit", message: "editor_problem_unit"))
            }
            if !row.amount.isBlank, Self.amount(row.amount) == nil {
                problems.append(Problem(field: field + ".amount", message: "editor_problem_amount"))
            }
        }
        let writtenSteps = steps.enumerated().filter { !$0.element.isBlank }
        if writtenSteps.count > Self.maximumSteps {
            problems.append(
                Problem(
                    field: "steps", message: "editor_problem_too_many", values: ["limit": String(Self.maximumSteps)]))
        }
        for (index, step) in writtenSteps where step.count > Self.maximumLineLength {
            problems.append(
                Problem(
                    field: "steps.\(index)", message: "editor_problem_too_long",
                    values: ["limit": String(Self.maximumLineLength)]))
        }
        return problems
    }

    /// The ingredients of the rows that neither `isKnown` nor an earlier row knows, in order:
    /// the names the book would take as its own after a confirmation.
    public func newIngredients(isKnown: (String) -> Bool) -> [String] {
        var seen = Set<String>()
        return rows.compactMap { row in
            let name = row.ingredient.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !isKnown(name), seen.insert(name.lowercased()).inserted else { return nil }
            return name
        }
    }

    /// The whole minutes typed, when they are a number from 1 to 240.
    var minutes: Int? {
        guard let value = Int(preparationMinutes.trimmingCharacters(in: .whitespaces)), (1...240).contains(value)
        else { return nil }
        return value
    }

    /// The tags typed, lower-cased, without repeats.
    var tagList: [String] {
        var seen = Set<String>()
        return tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// An amount as a person may type it (`1 1/2`, `1½`, `0,75`, `2-3`), read whole.
    static func amount(_ text: String) -> RecipeLine.Amount? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
        guard let amount = IngredientParser.readAmount(&rest), rest.allSatisfy(\.isWhitespace), amount.value > 0,
            amount.value < 10_000
        else { return nil }
        return amount
    }
}

// MARK: - To and from a drink

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
    var isBlank: Bool { trimmed.isEmpty }
}
