import Foundation

/// A `list` table as printed: the title line and the rows.
struct PrintedTable {
    struct Row: Equatable {
        var id: String
        var name: String
        var isFavorite: Bool
        var kind: String
    }

    var title: String
    var rows: [Row]
    var names: [String] { rows.map(\.name) }

    /// Reads the table by the columns its header line sets out; `nil` if there is no header.
    init?(_ text: String) {
        let lines = text.components(separatedBy: "\n")
        guard let title = lines.first,
            let headerIndex = lines.firstIndex(where: { $0.contains("NAME") && $0.contains("TYPE") })
        else { return nil }
        let header = Array(lines[headerIndex])
        guard let nameStart = Self.column("NAME", in: header), let typeStart = Self.column("TYPE", in: header),
            let timeStart = Self.column("TIME", in: header)
        else { return nil }
        self.title = title
        rows = lines[(headerIndex + 1)...].prefix { !$0.isEmpty }.map { line in
            let characters = Array(line)
            func cell(_ range: Range<Int>) -> String {
                String(characters[min(range.lowerBound, characters.count)..<min(range.upperBound, characters.count)])
                    .trimmingCharacters(in: .whitespaces)
            }
            let nameCell = cell(nameStart..<typeStart)
            let isFavorite = nameCell.hasPrefix("♥ ")
            return Row(
                id: cell(0..<nameStart), name: isFavorite ? String(nameCell.dropFirst(2)) : nameCell,
                isFavorite: isFavorite, kind: cell(typeStart..<timeStart)
            )
        }
    }

    private static func column(_ label: String, in header: [Character]) -> Int? {
        let label = Array(label)
        return (0...(header.count - label.count)).first { Array(header[$0..<($0 + label.count)]) == label }
    }
}

/// `list --json` / `GET /api/v1/cocktails`, mirrored independently of the app's types.
struct ListJSON: Decodable {
    struct Item: Decodable {
        var id: String
        var name: String
        var kind: String
        var shortDescription: String
        var preparationMinutes: Int
        var imageURL: String
        var isFavorite: Bool
    }

    var title: String
    var filter: String
    var cocktails: [Item]
}

/// `show --json` / `GET /api/v1/cocktails/{id}`.
struct DetailJSON: Decodable {
    var id: String
    var name: String
    var kind: String
    var longDescription: String
    var preparationMinutes: Int
    var ingredients: [Line]
    var method: String?
    var abv: Double?
    var isFavorite: Bool

    struct Line: Decodable {
        var text: String
        var amount: Double?
        var unit: String?
        var ingredient: String?
    }
}

enum CLIFixtures {
    static let allNames = [
        "Basil Lemonade Punch", "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita",
        "Margarita Mocktail", "Mojito", "Non-Alcoholic Juicy Julep", "Old Fashioned", "Piña Colada",
        "Screwdriver", "Virgin Mixed Berry Caipirinha",
    ]
    static let alcoholicNames = [
        "Bloody Mary", "Daiquiri", "Gin and Tonic", "Manhattan", "Margarita", "Mojito", "Old Fashioned",
        "Piña Colada", "Screwdriver",
    ]
    static let nonAlcoholicNames = [
        "Basil Lemonade Punch", "Margarita Mocktail", "Non-Alcoholic Juicy Julep", "Virgin Mixed Berry Caipirinha",
    ]
    static let pinaColadaIngredients = [
        "50 ml white rum", "30 ml cream of coconut", "50 ml pineapple juice", "1 cup crushed ice",
    ]
}
