import CocktailBook
import Foundation

/// The fields of a submitted editor form, whether sent as `multipart/form-data` (with a
/// picture) or urlencoded.
struct EditorForm: PageForm, Sendable {
    static let repeated: Set<String> = ["confirm"]

    /// The single fields the editor has, by name (`name`, `glass`, `video`…).
    static let names: Set<String> = [
        "name", "kind", "category", "glass", "method", "preparationMinutes", "shortDescription", "longDescription",
        "garnish", "tags", "video", "recipeSource", "recipeAuthor", "url", "basedOn", "removePicture", "imageURL",
        "imageSource",
    ]

    /// A translation's fields: `translations.<code>.<field>`, the code two or three letters.
    static let translationFields: Set<String> = ["shortDescription", "longDescription", "garnish", "steps"]

    /// The language codes the form sent words in, in order.
    var translationCodes: [String] {
        Set(
            texts.keys.compactMap { name -> String? in
                let parts = name.split(separator: ".")
                return parts.count == 3 && parts[0] == "translations" ? String(parts[1]) : nil
            }
        ).sorted()
    }

    /// An ingredient row (`row.<n>.amount` …), its boxes ticked when sent.
    struct Row: Sendable {
        var amount = "", unit = "", ingredient = "", note = ""
        var optional = false, garnish = false, exactly = false
    }

    /// The single fields sent, by name.
    var texts: [String: String] = [:]
    /// The rows and steps (`step.<n>`) by their numbers in the form, in order, at most 100 each.
    var rows: [Row] = []
    var steps: [String] = []
    /// The button pressed: `save`, or a row's or step's (`add-row`, `remove-step:2`…).
    var op: String?
    /// The version the editor was opened at.
    var version: String?
    /// The new ingredient names the person confirmed.
    var confirm: [String] = []
    /// The picture chosen (scaled down by the browser when its script could).
    var picture: Data?

    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: Name.self)
        var rows: [Int: Row] = [:]
        var steps: [Int: String] = [:]
        for key in form.allKeys {
            let name = key.stringValue
            if name == "confirm" {
                confirm = try form.decode([String].self, forKey: key)
                continue
            }
            let value = try form.decode(String.self, forKey: key)
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3, parts[0] == "row", let index = Int(parts[1]), (0..<100).contains(index) {
                var row = rows[index] ?? Row()
                switch parts[2] {
                case "amount": row.amount = value
                case "unit": row.unit = value
                case "ingredient": row.ingredient = value
                case "note": row.note = value
                case "optional": row.optional = true
                case "garnish": row.garnish = true
                case "exactly": row.exactly = true
                default: continue
                }
                rows[index] = row
            } else if parts.count == 2, parts[0] == "step", let index = Int(parts[1]), (0..<100).contains(index) {
                steps[index] = value
            } else if name == "op" {
                op = value
            } else if name == "version" {
                version = value
            } else if Self.names.contains(name) {
                texts[name] = value
            } else if parts.count == 3, parts[0] == "translations", (2...3).contains(parts[1].count),
                parts[1].allSatisfy({ $0.isASCII && $0.isLowercase }), Self.translationFields.contains(String(parts[2]))
            {
                texts[name] = value
            }
        }
        self.rows = rows.keys.sorted().compactMap { rows[$0] }
        self.steps = steps.keys.sorted().compactMap { steps[$0] }
    }
}
