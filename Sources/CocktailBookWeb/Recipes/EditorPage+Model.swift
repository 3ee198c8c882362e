import CocktailBook
import CocktailBookStore
import CocktailsAPI
import Foundation

/// The recipe editor: a new drink, an adaptation or a change to one of the book's own, as one
/// plain form that works without script (rows are added, moved and removed by its buttons, the
/// server answering the form back), with every field as typed and each problem beside its field.
struct EditorPage: PageModel {
    static let template = "editor"
    let catalogState = "ready"

    struct Option: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    struct RowModel: Sendable {
        var index: Int
        var number: Int
        var amount: String
        var units: [Option]
        var ingredient: String
        var note: String
        var optional: Bool
        var garnish: Bool
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

    struct ProblemModel: Sendable {
        var fieldID: String
        var message: String
    }

    /// The version saved meanwhile by someone else, shown beside what was typed.
    struct Stale: Sendable {
        var version: Int
        var savedBy: String
        var name: String
        var ingredients: [String]
        var steps: [String]
    }

    var title: String
    var action: String
    var backHref: String
    var backTitle: String
    var version: Int?
    var basedOn: String?
    var basedOnText: String?
    var name: String
    var alcoholic: Bool
    var categories: [Option]
    var glasses: [Option]
    var methods: [Option]
    var preparationMinutes: String
    var shortDescription: String
    var longDescription: String
    var garnish: String
    var tags: String
    var video: String
    var rows: [RowModel]
    var steps: [StepModel]
    var italianShort: String
    var italianLong: String
    var italianGarnish: String
    var italianSteps: String
    var hasItalian: Bool
    var imageURL: String?
    var imageSource: String?
    var problems: [ProblemModel]
    var hasProblems: Bool
    var nameProblem: String?
    var categoryProblem: String?
    var glassProblem: String?
    var methodProblem: String?
    var minutesProblem: String?
    var shortProblem: String?
    var longProblem: String?
    var garnishProblem: String?
    var tagsProblem: String?
    var videoProblem: String?
    var rowsProblem: String?
    var stepsProblem: String?
    var italianProblem: String?
    var pictureProblem: String?
    var newIngredients: [String]
    var hasNewIngredients: Bool
    var stale: Stale?
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
    }

    init(
        draft: RecipeDraft, title: String, action: String, backHref: String, backTitle: String, version: Int?,
        problems: [RecipeDraft.Problem] = [], newIngredients: [String] = [], stale: Stale? = nil,
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
        let blank = Option(value: "", label: strings["editor_choose"], selected: false)
        categories =
            [blank]
            + DrinkCategory.allCases.map {
                Option(
                    value: $0.rawValue, label: strings.category($0),
                    selected: DrinkCategory(named: draft.category) == $0)
            }
        glasses =
            [blank]
            + Glass.allCases.map {
                Option(value: $0.rawValue, label: strings.glass($0), selected: Glass(named: draft.glass) == $0)
            }
        methods =
            [blank]
            + MixingMethod.allCases.map {
                Option(value: $0.rawValue, label: strings.method($0), selected: MixingMethod(named: draft.method) == $0)
            }
        preparationMinutes = draft.preparationMinutes
        shortDescription = draft.shortDescription
        longDescription = draft.longDescription
        garnish = draft.garnish
        tags = draft.tags
        video = draft.video
        let words = Dictionary(
            problems.map { ($0.field, strings($0.message, $0.values)) }, uniquingKeysWith: { a, _ in a })
        self.problems = problems.map {
            ProblemModel(fieldID: Self.fieldID($0.field), message: strings($0.message, $0.values))
        }
        hasProblems = !problems.isEmpty
        nameProblem = words["name"]
        categoryProblem = words["category"]
        glassProblem = words["glass"]
        methodProblem = words["method"]
        minutesProblem = words["preparationMinutes"]
        shortProblem = words["shortDescription"]
        longProblem = words["longDescription"]
        garnishProblem = words["garnish"]
        tagsProblem = words["tags"]
        videoProblem = words["video"]
        rowsProblem = words["rows"]
        stepsProblem = words["steps"]
        italianProblem =
            ["italian.shortDescription", "italian.longDescription", "italian.garnish", "italian.steps"]
            .compactMap { words[$0] }.first
        self.pictureProblem = pictureProblem
        let rowCount = draft.rows.count
        rows = draft.rows.enumerated().map { index, row in
            let unitOptions =
                [Option(value: "", label: strings["editor_unit_none"], selected: row.unit.isEmpty)]
                + MeasureUnit.allCases.map { unit in
                    Option(
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
                note: row.note, optional: row.optional, garnish: row.garnish, amountProblem: rowProblems[0],
                unitProblem: rowProblems[1], ingredientProblem: rowProblems[2], noteProblem: rowProblems[3],
                hasProblem: rowProblems.contains { $0 != nil }, isFirst: index == 0, isLast: index == rowCount - 1)
        }
        let stepCount = draft.steps.count
        steps = draft.steps.enumerated().map { index, text in
            StepModel(
                index: index, number: index + 1, text: text, problem: words["steps.\(index)"], isFirst: index == 0,
                isLast: index == stepCount - 1)
        }
        italianShort = draft.italian.shortDescription
        italianLong = draft.italian.longDescription
        italianGarnish = draft.italian.garnish
        italianSteps = draft.italian.steps.joined(separator: "\n")
        hasItalian = !draft.italian.isEmpty || italianProblem != nil
        imageURL = draft.imageURL
        imageSource = draft.imageSource
        self.newIngredients = newIngredients
        hasNewIngredients = !newIngredients.isEmpty
        self.stale = stale
        self.suggestions = suggestions
        draftKey = "draft:" + action
    }

    /// The id of the input a problem's field is shown at.
    static func fieldID(_ field: String) -> String {
        switch field {
        case "rows": "row-0-ingredient"
        case "steps": "step-0"
        case "italian.steps": "italian-steps"
        default: field.replacingOccurrences(of: ".", with: "-")
        }
    }
}

extension RecipeDraft {
    /// The draft a submitted editor form holds, and what its button asked for.
    init(form: EditorForm) {
        let rowIndices = form.indices(prefix: "row.")
        let stepIndices = form.indices(prefix: "step.")
        self.init(
            name: form["name"] ?? "",
            kind: form["kind"] == CocktailKind.nonAlcoholic.rawValue ? .nonAlcoholic : .alcoholic,
            category: form["category"] ?? "", glass: form["glass"] ?? "", method: form["method"] ?? "",
            preparationMinutes: form["preparationMinutes"] ?? "", shortDescription: form["shortDescription"] ?? "",
            longDescription: form["longDescription"] ?? "", garnish: form["garnish"] ?? "", tags: form["tags"] ?? "",
            video: form["video"] ?? "",
            rows: rowIndices.map { index in
                Row(
                    amount: form["row.\(index).amount"] ?? "", unit: form["row.\(index).unit"] ?? "",
                    ingredient: form["row.\(index).ingredient"] ?? "", note: form["row.\(index).note"] ?? "",
                    optional: form["row.\(index).optional"] != nil, garnish: form["row.\(index).garnish"] != nil)
            },
            steps: stepIndices.map { form["step.\($0)"] ?? "" },
            italian: Italian(
                shortDescription: form["italian.shortDescription"] ?? "",
                longDescription: form["italian.longDescription"] ?? "", garnish: form["italian.garnish"] ?? "",
                steps: (form["italian.steps"] ?? "").components(separatedBy: .newlines).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }),
            basedOn: form["basedOn"].flatMap { CocktailID.isValid($0) ? $0 : nil },
            imageURL: form["removePicture"] == nil ? form["imageURL"].flatMap(Self.bookPicture) : nil,
            imageSource: form["imageSource"]
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

/// The fields of a submitted editor form, whether sent as `multipart/form-data` (with a
/// picture) or urlencoded.
struct EditorForm: Sendable {
    var fields: [(name: String, value: String)]
    /// The picture chosen, and its scaled-down copy when the browser made one.
    var picture: Data?
    var thumbnail: Data?

    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    func all(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The indices used by fields named `prefix<n>…`, in order, at most 100.
    func indices(prefix: String) -> [Int] {
        var seen = Set<Int>()
        for field in fields where field.name.hasPrefix(prefix) {
            let rest = field.name.dropFirst(prefix.count)
            if let index = Int(rest.prefix { $0.isNumber }), index < 100 { seen.insert(index) }
        }
        return seen.sorted()
    }
}
