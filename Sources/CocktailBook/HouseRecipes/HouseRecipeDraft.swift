import Foundation

/// A house recipe as a person types it in the editor (or sends it to the API): every field as
/// text, so that a refused save shows the form again exactly as typed. ``problems(table:)``
/// says what stops it from being saved; ``recipe(table:)`` is the recipe once nothing does.
public struct HouseRecipeDraft: Sendable, Equatable {
    /// The ingredient it makes (`honey syrup`, or a new one: `rosemary syrup`).
    public var ingredient = ""
    public var nameEn = ""
    /// The name in the book's other languages, by code (`de` → `Rosmarinsirup`).
    public var translatedNames: [String: String] = [:]
    public var minutes = "5"
    public var yieldAmount = ""
    /// `ml` or `pieces`.
    public var yieldUnit = "ml"
    public var shelfLifeDays = ""
    /// `fridge`, `pantry` (room temperature), `freezer`, or `other` with ``storageNote``.
    public var storage = "fridge"
    public var storageNote = ""
    public var rows: [Row] = [Row(), Row()]
    public var steps: [String] = [""]
    /// The steps in the book's other languages, by code.
    public var translatedSteps: [String: [String]] = [:]

    /// One ingredient line: amount, unit (`ml`, `g`, `pieces`) and ingredient.
    public struct Row: Sendable, Equatable {
        public var amount: String
        public var unit: String
        public var ingredient: String

        public init(amount: String = "", unit: String = "ml", ingredient: String = "") {
            self.amount = amount
            self.unit = unit
            self.ingredient = ingredient
        }

        public var isBlank: Bool { amount.isBlank && ingredient.isBlank }
    }

    /// The most lines a house recipe may have.
    public static let maximumRows = 20
    /// The most steps.
    public static let maximumSteps = 20
    /// The longest free text for where a batch is kept.
    public static let maximumStorageNote = 80

    public init() {}

    /// The draft of an existing recipe, to edit.
    public init(_ recipe: HouseRecipe, table: IngredientTable) {
        ingredient = recipe.ingredient
        nameEn = recipe.names?.en ?? recipe.ingredient
        translatedNames = recipe.names?.translated ?? [:]
        minutes = String(recipe.minutes)
        yieldAmount = RecipeDraft.fraction(recipe.yield.amount)
        yieldUnit = recipe.yield.unit.rawValue
        shelfLifeDays = String(recipe.shelfLifeDays)
        storage = recipe.storageNote == nil ? recipe.storage.rawValue : "other"
        storageNote = recipe.storageNote ?? ""
        rows = recipe.lines.map {
            Row(amount: RecipeDraft.fraction($0.amount), unit: $0.unit.rawValue, ingredient: $0.ingredient)
        }
        steps = recipe.steps.en
        translatedSteps = recipe.steps.translated
    }

    /// What stops the draft from being saved, field by field (messages are keys of the strings
    /// catalog); empty when it can be saved. A circle with other recipes is found by
    /// ``HouseRecipes/replacing(_:)`` on the book's recipes, not here.
    /// Whether `name` can be what a house recipe makes: it is its page's and the API's address,
    /// so it has at most ``RecipeDraft/maximumNameLength`` characters and no comma, slash,
    /// percent sign or line break.
    public static func isAddressable(_ name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed.count <= RecipeDraft.maximumNameLength
            && !trimmed.contains(where: { ",/%".contains($0) || $0.isNewline })
    }

    public func problems() -> [RecipeDraft.Problem] {
        var problems: [RecipeDraft.Problem] = []
        func add(_ field: String, _ message: String, _ values: [String: String] = [:]) {
            problems.append(RecipeDraft.Problem(field: field, message: message, values: values))
        }
        func name(_ field: String, _ text: String, required: Bool) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if required, trimmed.isEmpty { return add(field, "editor_problem_required") }
            if trimmed.count > RecipeDraft.maximumNameLength || trimmed.contains(",") {
                add(field, "editor_problem_ingredient_name")
            }
        }
        name("ingredient", ingredient, required: true)
        if !ingredient.trimmingCharacters(in: .whitespaces).isEmpty, !Self.isAddressable(ingredient) {
            add("ingredient", "editor_problem_house_name")
        }
        name("nameEn", nameEn, required: false)
        for (code, text) in translatedNames.sorted(by: { $0.key < $1.key }) {
            guard LanguageMap<String>.isCode(code) else {
                add("names.\(code)", "editor_problem_language_code")
                continue
            }
            name("names.\(code)", text, required: false)
        }
        if Self.whole(minutes, in: 1...1440) == nil { add("minutes", "house_problem_minutes") }
        if RecipeDraft.amount(yieldAmount) == nil || HouseRecipe.Unit(rawValue: yieldUnit).map({ $0 == .g }) != false {
            add("yield", "house_problem_yield")
        }
        if Self.whole(shelfLifeDays, in: 1...HouseRecipe.maxShelfLifeDays) == nil {
            add("shelfLifeDays", "house_problem_shelf_life", ["limit": String(HouseRecipe.maxShelfLifeDays)])
        }
        if storage == "other" {
            let note = storageNote.trimmingCharacters(in: .whitespaces)
            if note.isEmpty || note.count > Self.maximumStorageNote {
                add("storage", "house_problem_storage", ["limit": String(Self.maximumStorageNote)])
            }
        } else if HouseRecipe.Storage(rawValue: storage) == nil {
            add("storage", "house_problem_storage", ["limit": String(Self.maximumStorageNote)])
        }
        let filled = rows.enumerated().filter { !$0.element.isBlank }
        if filled.isEmpty {
            add("rows", "editor_problem_no_ingredients")
        } else if filled.count > Self.maximumRows {
            add("rows", "editor_problem_too_many", ["limit": String(Self.maximumRows)])
        }
        for (index, row) in filled.prefix(Self.maximumRows) {
            let field = "rows.\(index)"
            let ingredient = row.ingredient.trimmingCharacters(in: .whitespaces)
            if ingredient.isEmpty {
                add(field + ".ingredient", "editor_problem_ingredient")
            } else if ingredient.count > RecipeDraft.maximumNameLength || ingredient.contains(",") {
                add(field + ".ingredient", "editor_problem_ingredient_name")
            }
            if HouseRecipe.Unit(rawValue: row.unit) == nil { add(field + ".unit", "editor_problem_unit") }
            if RecipeDraft.amount(row.amount) == nil { add(field + ".amount", "editor_problem_amount") }
        }
        let written = steps.filter { !$0.isBlank }
        let translated = translatedSteps.mapValues { $0.filter { !$0.isBlank } }
        if written.isEmpty { add("steps", "house_problem_steps") }
        if written.count > Self.maximumSteps || translated.values.contains(where: { $0.count > Self.maximumSteps }) {
            add("steps", "editor_problem_too_many", ["limit": String(Self.maximumSteps)])
        }
        if (written + translated.values.joined()).contains(where: { $0.count > RecipeDraft.maximumLineLength }) {
            add("steps", "editor_problem_too_long", ["limit": String(RecipeDraft.maximumLineLength)])
        }
        for (code, steps) in translated.sorted(by: { $0.key < $1.key }) where !steps.isEmpty {
            if !LanguageMap<String>.isCode(code) {
                add("steps.\(code)", "editor_problem_language_code")
            } else if steps.count != written.count {
                add("steps.\(code)", "house_problem_steps_translated", ["language": Language.name(of: code)])
            }
        }
        return problems
    }

    /// The recipe the draft describes, its names read through `table` (`Honey Syrup` is the
    /// table's `honey syrup`); nil while it has problems.
    public func recipe(table: IngredientTable) -> HouseRecipe? {
        guard problems().isEmpty, let minutes = Self.whole(minutes, in: 1...1440),
            let shelfLife = Self.whole(shelfLifeDays, in: 1...HouseRecipe.maxShelfLifeDays),
            let yield = RecipeDraft.amount(yieldAmount), let yieldUnit = HouseRecipe.Unit(rawValue: yieldUnit)
        else { return nil }
        let value = Self.canonical(ingredient, table: table)
        let lines = rows.filter { !$0.isBlank }.compactMap { row -> HouseRecipe.Line? in
            guard let amount = RecipeDraft.amount(row.amount), let unit = HouseRecipe.Unit(rawValue: row.unit) else {
                return nil
            }
            return HouseRecipe.Line(
                ingredient: Self.canonical(row.ingredient, table: table), amount: amount.typical, unit: unit)
        }
        let english = nameEn.trimmingCharacters(in: .whitespaces)
        let names = translatedNames.mapValues { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.value.isEmpty }
        let note = storageNote.trimmingCharacters(in: .whitespaces)
        return HouseRecipe(
            ingredient: value, minutes: minutes, yield: .init(amount: yield.typical, unit: yieldUnit),
            shelfLifeDays: shelfLife, storage: HouseRecipe.Storage(rawValue: storage) ?? .fridge, lines: lines,
            steps: .init(
                en: steps.filter { !$0.isBlank }.map(Self.trimmed),
                translated: translatedSteps.mapValues { $0.filter { !$0.isBlank }.map(Self.trimmed) }),
            names: .init(en: english.isEmpty ? value : english, translated: names),
            storageNote: storage == "other" ? note : nil)
    }

    /// A name as the table writes it, or as typed (trimmed) when the table does not know it.
    public static func canonical(_ name: String, table: IngredientTable) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return table.ingredient(named: trimmed)?.name ?? trimmed
    }

    private static func whole(_ text: String, in range: ClosedRange<Int>) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces)).flatMap { range.contains($0) ? $0 : nil }
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The draft with a row or step added or removed, as the editor's buttons ask (`add-row`,
    /// `remove-row-2`, `add-step`, `remove-step-0`); nil for an unknown operation.
    public func applying(_ operation: String) -> HouseRecipeDraft? {
        var draft = self
        if operation == "add-row" {
            guard rows.count < Self.maximumRows else { return self }
            draft.rows.append(Row())
        } else if operation == "add-step" {
            guard steps.count < Self.maximumSteps else { return self }
            draft.steps.append("")
        } else if operation.hasPrefix("remove-row-"), let at = Int(operation.dropFirst(11)), rows.indices.contains(at) {
            draft.rows.remove(at: at)
        } else if operation.hasPrefix("remove-step-"), let at = Int(operation.dropFirst(12)),
            steps.indices.contains(at)
        {
            draft.steps.remove(at: at)
        } else {
            return nil
        }
        return draft
    }
}
