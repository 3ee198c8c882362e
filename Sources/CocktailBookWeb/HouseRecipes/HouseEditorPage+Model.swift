import CocktailBook
import CocktailBookApp
import Foundation

/// The house recipe editor (`/bar/house/new`, `/bar/ingredients/{value}/edit`): every field as
/// typed, the problems of a refused save above the form, and each line's unit as a choice.
struct HouseEditorPage: PageModel {
    static let template = "house-editor"
    let catalogState = "ready"

    struct Row: Sendable {
        var index: Int
        /// The line's number as its labels say it (`Amount 2`), from 1.
        var number: Int
        var amount: String
        var ingredient: String
        var units: [Choice]

        init(index: Int, amount: String, ingredient: String, units: [Choice]) {
            self.index = index
            number = index + 1
            self.amount = amount
            self.ingredient = ingredient
            self.units = units
        }
    }

    var title: String
    var action: String
    /// Where this browser keeps what is typed until it is saved (`draft:` and the action).
    var draftKey: String
    /// The page shows a form the server got back (a line added, a problem, a newer version):
    /// what it holds is what was typed, so it is the draft.
    var isAnswer: Bool
    var backHref: String
    /// The ingredient, fixed when editing one the book has (shown, not typed).
    var ingredient: String
    var isNew: Bool
    var version: Int?
    var nameEn: String
    /// One section per language besides English: the name and steps in it.
    var translations: [Translation]
    var minutes: String
    var yieldAmount: String
    var yieldUnits: [Choice]
    var shelfLifeDays: String
    var storages: [Choice]
    var storageNote: String
    var rows: [Row]
    var stepsEn: String
    var problems: [FormProblem]
    var stale: StaleVersion?
    var suggestions: [String]

    init(
        draft: HouseRecipeDraft, title: String, action: String, backHref: String, isNew: Bool, version: Int?,
        problems: [RecipeDraft.Problem], stale: StaleVersion? = nil, isAnswer: Bool = false, suggestions: [String],
        strings: UIStrings
    ) {
        self.title = title
        self.action = action
        draftKey = "draft:" + action
        self.isAnswer = isAnswer
        self.backHref = backHref
        ingredient = draft.ingredient
        self.isNew = isNew
        self.version = version
        nameEn = draft.nameEn
        minutes = draft.minutes
        yieldAmount = draft.yieldAmount
        yieldUnits = ["ml", "pieces"].map {
            Choice(value: $0, label: strings["house_unit_" + $0], selected: draft.yieldUnit == $0)
        }
        shelfLifeDays = draft.shelfLifeDays
        storages = (HouseRecipe.Storage.allCases.map(\.rawValue) + ["other"]).map {
            Choice(value: $0, label: strings["house_storage_choice_" + $0], selected: draft.storage == $0)
        }
        storageNote = draft.storageNote
        rows = draft.rows.enumerated().map { index, row in
            Row(
                index: index, amount: row.amount, ingredient: row.ingredient,
                units: HouseRecipe.Unit.allCases.map {
                    Choice(
                        value: $0.rawValue, label: strings["house_unit_" + $0.rawValue],
                        selected: row.unit == $0.rawValue)
                })
        }
        stepsEn = draft.steps.joined(separator: "\n")
        let others = Language.allCases.map(\.rawValue).filter { $0 != Language.english.rawValue }
        let written = Set(draft.translatedNames.keys).union(draft.translatedSteps.keys)
        translations = (others + written.subtracting(others).sorted()).map { code in
            let name = draft.translatedNames[code] ?? ""
            let steps = draft.translatedSteps[code] ?? []
            let problem = problems.first { $0.field == "names.\(code)" || $0.field == "steps.\(code)" }
            return Translation(
                code: code, language: Language.name(of: code), name: name, steps: steps.joined(separator: "\n"),
                isOpen: !name.isEmpty || !steps.isEmpty || problem != nil)
        }
        self.problems = FormProblem.all(problems, fieldID: Self.fieldID, strings: strings)
        self.stale = stale
        self.suggestions = suggestions
    }

    /// One language's name and steps of the recipe.
    struct Translation: Sendable {
        /// The language code, which names its fields (`names.de`, `steps.de`) and sets `lang`.
        var code: String
        /// The language named in itself (`Deutsch`).
        var language: String
        var name: String
        var steps: String
        var isOpen: Bool
    }

    /// The form control a problem's field names (`rows.2.amount` → `row-2-amount`, `steps.de` →
    /// `steps-de`, `names.de` → `name-de`).
    static func fieldID(_ field: String) -> String {
        switch field {
        case "rows": "row-0-ingredient"
        case "steps": "steps-en"
        case "yield": "yield-amount"
        case "shelfLifeDays": "shelf-life"
        case "nameEn": "name-en"
        default:
            field.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "rows-", with: "row-")
                .replacingOccurrences(of: "names-", with: "name-")
        }
    }

    /// The draft a submitted editor describes: lines as three lists in the same order, steps one
    /// per line of their box.
    static func draft(_ form: HouseEditorForm, ingredient: String) -> HouseRecipeDraft {
        var draft = HouseRecipeDraft()
        draft.ingredient = ingredient
        draft.nameEn = form.nameEn ?? ""
        draft.translatedNames = form.names.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
        draft.minutes = form.minutes ?? ""
        draft.yieldAmount = form.yieldAmount ?? ""
        draft.yieldUnit = form.yieldUnit ?? "ml"
        draft.shelfLifeDays = form.shelfLifeDays ?? ""
        draft.storage = form.storage ?? "fridge"
        draft.storageNote = form.storageNote ?? ""
        let amounts = form.amount ?? []
        let units = form.unit ?? []
        let names = form.line ?? []
        draft.rows = names.indices.map { at in
            HouseRecipeDraft.Row(
                amount: at < amounts.count ? amounts[at] : "", unit: at < units.count ? units[at] : "ml",
                ingredient: names[at])
        }
        draft.steps = lines(form.stepsEn ?? "")
        draft.translatedSteps = form.steps.mapValues(lines).filter { !$0.value.isEmpty }
        return draft
    }

    private static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension HistoryPage {
    /// A house recipe written in the book: its lines in each version; deleted, it has no current
    /// version and the page says so.
    init(
        own: OwnHouseRecipe, versions: [HouseRecipeVersion], mayRestore: Bool, calendar: Calendar, strings: UIStrings
    ) {
        let name = own.recipe.names?.of(strings.language) ?? strings.ingredient(own.value)
        self.init(
            name: name, path: HouseItem.path(own.value), versions: versions,
            current: own.deletedAt == nil ? own.version : 0, mayRestore: mayRestore,
            deletedNotice: own.deletedAt.map { _ in strings("house_history_deleted", ["name": name]) },
            calendar: calendar, strings: strings
        ) { recipe in
            recipe.lines.map {
                HouseRecipePage.amount($0.amount, $0.unit, strings: strings) + " " + strings.ingredient($0.ingredient)
            }
        }
    }
}

/// What the house recipe editor sends: its lines as three lists in the same order, its steps
/// one per line of their box, the button pressed (`op`) and the version it was opened at.
struct HouseEditorForm: PageForm {
    static let repeated: Set<String> = ["amount", "unit", "line"]

    var ingredient, op, version: String?
    var nameEn, minutes, yieldAmount, yieldUnit, shelfLifeDays, storage, storageNote: String?
    var amount, unit, line: [String]?
    var stepsEn: String?
    /// The name and the steps in other languages, by code: `names.<code>`, `steps.<code>`
    /// (`nameIt` and `stepsIt`, the fields of before, are read as Italian's).
    var names: [String: String] = [:]
    var steps: [String: String] = [:]

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: LanguageMap<String>.Code.self)
        func text(_ name: String) throws -> String? {
            try form.decodeIfPresent(String.self, forKey: .init(stringValue: name))
        }
        func list(_ name: String) throws -> [String]? {
            try form.decodeIfPresent([String].self, forKey: .init(stringValue: name))
        }
        (ingredient, op, version) = (try text("ingredient"), try text("op"), try text("version"))
        (nameEn, minutes, yieldAmount) = (try text("nameEn"), try text("minutes"), try text("yieldAmount"))
        (yieldUnit, shelfLifeDays) = (try text("yieldUnit"), try text("shelfLifeDays"))
        (storage, storageNote, stepsEn) = (try text("storage"), try text("storageNote"), try text("stepsEn"))
        (amount, unit, line) = (try list("amount"), try list("unit"), try list("line"))
        for key in form.allKeys {
            let parts = key.stringValue.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, LanguageMap<String>.isCode(String(parts[1])) else { continue }
            let code = String(parts[1])
            if parts[0] == "names" { names[code] = try form.decode(String.self, forKey: key) }
            if parts[0] == "steps" { steps[code] = try form.decode(String.self, forKey: key) }
        }
        if names["it"] == nil, let italian = try text("nameIt") { names["it"] = italian }
        if steps["it"] == nil, let italian = try text("stepsIt") { steps["it"] = italian }
    }
}

extension StaleVersion {
    /// A house recipe's version against the form and the version it was opened on.
    init(
        saved: HouseRecipeDraft, base: HouseRecipeDraft?, version: Int, typed: HouseRecipeDraft, byName: String?,
        strings: UIStrings
    ) {
        func text(_ label: String, _ value: String, _ field: HouseRecipeDraft.Field) -> ChangedField {
            ChangedField(key: field.rawValue, label: strings[label], text: value, strings: strings)
        }
        func lines(_ label: String, _ values: [String], _ field: HouseRecipeDraft.Field) -> ChangedField {
            ChangedField(key: field.rawValue, label: strings[label], lines: values, strings: strings)
        }
        self.init(saved: saved, base: base, typed: typed, version: version, byName: byName, strings: strings) { field in
            switch field {
            case .names:
                text(
                    "house_name_en",
                    ([saved.nameEn] + saved.translatedNames.sorted { $0.key < $1.key }.map(\.value))
                        .filter { !$0.isEmpty }.joined(separator: " · "), field)
            case .minutes: text("house_minutes_label", saved.minutes, field)
            case .yield:
                text("house_yield_label", saved.yieldAmount + " " + strings["house_unit_" + saved.yieldUnit], field)
            case .keeping:
                text(
                    "house_shelf_life_label",
                    saved.shelfLifeDays + " · "
                        + (saved.storage == "other"
                            ? saved.storageNote : strings["house_storage_choice_" + saved.storage]),
                    field)
            case .lines:
                lines(
                    "house_ingredients",
                    saved.rows.filter { !$0.isBlank }.map {
                        [$0.amount, strings["house_unit_" + $0.unit], strings.ingredient($0.ingredient)]
                            .joined(separator: " ")
                    }, field)
            case .steps:
                lines(
                    "house_steps", saved.steps + saved.translatedSteps.sorted { $0.key < $1.key }.flatMap(\.value),
                    field)
            }
        }
    }
}
