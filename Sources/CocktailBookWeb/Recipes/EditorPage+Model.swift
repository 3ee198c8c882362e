import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailsAPI
import Foundation

/// The recipe editor: a new drink, an adaptation or a change to one of the book's own, as one
/// plain form that works without script (rows are added, moved and removed by its buttons, the
/// server answering the form back), with every field as typed and each problem beside its field.
struct EditorPage: PageModel {
    static let template = "editor"
    let catalogState = "ready"

    struct RowModel: Sendable {
        var index: Int
        var number: Int
        var amount: String
        var units: [Choice]
        var ingredient: String
        var note: String
        var optional: Bool
        var garnish: Bool
        var exactly: Bool
        var amountProblem: String?
        var unitProblem: String?
        var ingredientProblem: String?
        var noteProblem: String?
        var hasProblem: Bool
        var isFirst: Bool
        var isLast: Bool
    }

    struct StepModel: Sendable {
        var index: Int
        var number: Int
        var text: String
        var problem: String?
        var isFirst: Bool
        var isLast: Bool
    }

    /// The version saved meanwhile by someone else, shown beside what was typed.
    var title: String
    var action: String
    var backHref: String
    var backTitle: String
    var version: Int?
    var basedOn: String?
    var basedOnText: String?
    var name: String
    var alcoholic: Bool
    var categories: [Choice]
    var glasses: [Choice]
    var methods: [Choice]
    var preparationMinutes: String
    var shortDescription: String
    var longDescription: String
    var garnish: String
    var tags: String
    var video: String
    /// Where the recipe was taken from, and who wrote it there.
    var recipeSource: String
    var recipeAuthor: String
    var rows: [RowModel]
    var steps: [StepModel]
    /// One section for each language the book speaks besides English (and any other the drink
    /// has words in), in the order the book lists them.
    var translations: [TranslationModel]
    var imageURL: String?
    var imageSource: String?
    var problems: [FormProblem]
    /// Each refused field's message by the draft's name for the field (`name`, `preparationMinutes`,
    /// `rows`, `picture`…), shown next to it as `{{fieldProblems.name}}`.
    var fieldProblems: [String: String]
    var newIngredients: [String]
    var stale: StaleVersion?
    var suggestions: [String]
    /// Where the browser keeps the unsaved draft (`draft:/cocktails/new`).
    var draftKey: String
    var isEditing: Bool
    /// A new recipe may start from a recipe page's address: the form for it, what was typed in
    /// it, and what came of it (read, or why not).
    var fromPage: FromPage?
    struct FromPage: Sendable {
        var url: String
        var notice: String?
        var problem: String?
        /// `The book already has Paper Plane.`, with a link to open each drink it may be.
        var namesakes: [Namesake] = []
        /// Saving the page's recipe as a new version of the person's own drink of that name.
        var versionOf: VersionOf?
    }

    struct Namesake: Sendable {
        var href: String
        var text: String
    }

    struct VersionOf: Sendable {
        /// The own drink's edit address, which the button posts the form to.
        var action: String
        var version: Int
        var label: String
    }

    init(
        draft: RecipeDraft, title: String, action: String, backHref: String, backTitle: String, version: Int?,
        problems: [RecipeDraft.Problem] = [], newIngredients: [String] = [], stale: StaleVersion? = nil,
        suggestions: [String], basedOnName: String? = nil, pictureProblem: String? = nil, strings: UIStrings
    ) {
        self.title = title
        self.action = action
        self.backHref = backHref
        self.backTitle = backTitle
        self.version = version
        isEditing = version != nil
        basedOn = draft.basedOn
        basedOnText = basedOnName.map { strings("editor_based_on", ["name": $0]) }
        name = draft.name
        alcoholic = draft.kind == .alcoholic
        let blank = Choice(value: "", label: strings["editor_choose"], selected: false)
        categories =
            [blank]
            + DrinkCategory.allCases.map {
                Choice(
                    value: $0.rawValue, label: strings.category($0),
                    selected: DrinkCategory(named: draft.category) == $0)
            }
        glasses =
            [blank]
            + Glass.allCases.map {
                Choice(value: $0.rawValue, label: strings.glass($0), selected: Glass(named: draft.glass) == $0)
            }
        methods =
            [blank]
            + MixingMethod.allCases.map {
                Choice(value: $0.rawValue, label: strings.method($0), selected: MixingMethod(named: draft.method) == $0)
            }
        preparationMinutes = draft.preparationMinutes
        shortDescription = draft.shortDescription
        longDescription = draft.longDescription
        garnish = draft.garnish
        tags = draft.tags
        video = draft.video
        recipeSource = draft.recipeSource ?? ""
        recipeAuthor = draft.recipeAuthor ?? ""
        let words = Dictionary(
            problems.map { ($0.field, strings($0.message, $0.values)) }, uniquingKeysWith: { a, _ in a })
        self.problems = FormProblem.all(problems, fieldID: Self.fieldID, strings: strings)
        fieldProblems = words
        fieldProblems["picture"] = pictureProblem
        let rowCount = draft.rows.count
        rows = draft.rows.enumerated().map { index, row in
            let unitOptions =
                [Choice(value: "", label: strings["editor_unit_none"], selected: row.unit.isEmpty)]
                + MeasureUnit.allCases.map { unit in
                    Choice(
                        value: unit.rawValue, label: unit.name(in: strings.language, count: 2),
                        selected: row.unit == unit.rawValue)
                }
            let prefix = "rows.\(index)"
            let rowProblems = [
                words[prefix + ".amount"], words[prefix + ".unit"], words[prefix + ".ingredient"],
                words[prefix + ".note"],
            ]
            return RowModel(
                index: index, number: index + 1, amount: row.amount, units: unitOptions, ingredient: row.ingredient,
                note: row.note, optional: row.optional, garnish: row.garnish, exactly: row.exactly,
                amountProblem: rowProblems[0],
                unitProblem: rowProblems[1], ingredientProblem: rowProblems[2], noteProblem: rowProblems[3],
                hasProblem: rowProblems.contains { $0 != nil }, isFirst: index == 0, isLast: index == rowCount - 1)
        }
        let stepCount = draft.steps.count
        steps = draft.steps.enumerated().map { index, text in
            StepModel(
                index: index, number: index + 1, text: text, problem: words["steps.\(index)"], isFirst: index == 0,
                isLast: index == stepCount - 1)
        }
        let others = Language.allCases.map(\.rawValue).filter { $0 != Language.english.rawValue }
        translations = (others + draft.translations.keys.filter { !others.contains($0) }.sorted()).map { code in
            let written = draft.translations[code] ?? RecipeDraft.Translation()
            let problem = ["shortDescription", "longDescription", "garnish", "steps"].lazy.compactMap {
                words["translations.\(code).\($0)"]
            }.first
            return TranslationModel(
                code: code, name: Language.name(of: code),
                short: written.shortDescription, long: written.longDescription, garnish: written.garnish,
                steps: written.steps.joined(separator: "\n"), problem: problem,
                isOpen: !written.isEmpty || problem != nil)
        }
        imageURL = draft.imageURL
        imageSource = draft.imageSource
        self.newIngredients = newIngredients
        self.stale = stale
        self.suggestions = suggestions
        draftKey = "draft:" + action
    }

    /// The id of the input a problem's field is shown at.
    static func fieldID(_ field: String) -> String {
        switch field {
        case "rows": "row-0-ingredient"
        case "steps": "step-0"
        default: field.replacingOccurrences(of: ".", with: "-")
        }
    }
}

extension EditorPage {
    /// One language's words of the recipe, in its own section of the form.
    struct TranslationModel: Sendable {
        /// The language code, which names its fields (`translations.it.steps`) and sets `lang`.
        var code: String
        /// The language named in itself (`Italiano`), so that its speakers find it.
        var name: String
        var short: String
        var long: String
        var garnish: String
        var steps: String
        var problem: String?
        var isOpen: Bool
    }
}

extension RecipeDraft {
    /// The draft a submitted editor form holds, and what its button asked for.
    init(form: EditorForm) {
        let text = { (name: String) in form.texts[name] ?? "" }
        self.init(
            name: text("name"), kind: text("kind") == CocktailKind.nonAlcoholic.rawValue ? .nonAlcoholic : .alcoholic,
            category: text("category"), glass: text("glass"), method: text("method"),
            preparationMinutes: text("preparationMinutes"), shortDescription: text("shortDescription"),
            longDescription: text("longDescription"), garnish: text("garnish"), tags: text("tags"),
            video: text("video"),
            rows: form.rows.map {
                Row(
                    amount: $0.amount, unit: $0.unit, ingredient: $0.ingredient, note: $0.note, optional: $0.optional,
                    garnish: $0.garnish, exactly: $0.exactly)
            },
            steps: form.steps,
            translations: Dictionary(
                uniqueKeysWithValues: form.translationCodes.map { code in
                    let field = { (name: String) in text("translations.\(code).\(name)") }
                    return (
                        code,
                        Translation(
                            shortDescription: field("shortDescription"), longDescription: field("longDescription"),
                            garnish: field("garnish"),
                            steps: field("steps").components(separatedBy: .newlines).map {
                                $0.trimmingCharacters(in: .whitespaces)
                            }.filter { !$0.isEmpty })
                    )
                }),
            basedOn: form.texts["basedOn"].flatMap { CocktailID.isValid($0) ? $0 : nil },
            imageURL: form.texts["removePicture"] == nil ? form.texts["imageURL"].flatMap(Self.bookPicture) : nil,
            imageSource: form.texts["imageSource"],
            recipeSource: form.texts["recipeSource"].flatMap {
                $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0
            },
            recipeAuthor: form.texts["recipeAuthor"].flatMap {
                $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0
            }
        )
    }

    /// `url` when it is a picture of the book (`/images/imported/<hash>.<ext>`).
    static func bookPicture(_ url: String) -> String? {
        guard url.hasPrefix(ImportedImageFiles.urlPrefix),
            PictureName.isStored(String(url.dropFirst(ImportedImageFiles.urlPrefix.count)))
        else { return nil }
        return url
    }

    /// The draft after one of the form's row buttons: `add-row`, `remove-row:2`, `up-row:2`,
    /// `down-row:2`, and the same for steps. `nil` for any other value.
    func applying(_ op: String) -> RecipeDraft? {
        let parts = op.split(separator: ":", maxSplits: 1).map(String.init)
        let index = parts.count == 2 ? Int(parts[1]) : nil
        var draft = self
        func move<T>(_ list: inout [T], from: Int, by offset: Int) {
            let to = from + offset
            guard list.indices.contains(from), list.indices.contains(to) else { return }
            list.swapAt(from, to)
        }
        switch (parts[0], index) {
        case ("add-row", _): draft.rows.append(Row())
        case ("remove-row", let index?) where draft.rows.indices.contains(index):
            draft.rows.remove(at: index)
            if draft.rows.isEmpty { draft.rows = [Row()] }
        case ("up-row", let index?): move(&draft.rows, from: index, by: -1)
        case ("down-row", let index?): move(&draft.rows, from: index, by: 1)
        case ("add-step", _): draft.steps.append("")
        case ("remove-step", let index?) where draft.steps.indices.contains(index):
            draft.steps.remove(at: index)
            if draft.steps.isEmpty { draft.steps = [""] }
        case ("up-step", let index?): move(&draft.steps, from: index, by: -1)
        case ("down-step", let index?): move(&draft.steps, from: index, by: 1)
        default: return nil
        }
        return draft
    }
}
