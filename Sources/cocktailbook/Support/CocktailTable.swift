import CocktailBook

/// A list of cocktails laid out for a terminal: id, name (♥ for favorites), kind and time.
struct CocktailTable {
    var title: String
    var items: [CocktailList.Item]
    var strings: UIStrings = .english

    var text: String {
        guard !items.isEmpty else { return "\(title)\n  (none)" }
        let idWidth = max(2, items.map(\.cocktail.id.count).max() ?? 0)
        let nameWidth = items.map { $0.cocktail.name.count + 2 }.max() ?? 0
        var lines = ["\(title) (\(items.count))", ""]
        lines.append("\(pad("ID", idWidth, right: true))  \(pad("NAME", nameWidth))  \(pad("TYPE", 13))  TIME")
        for item in items {
            let cocktail = item.cocktail
            let name = (item.isFavorite ? "♥ " : "  ") + cocktail.name
            lines.append(
                "\(pad(cocktail.id, idWidth, right: true))  \(pad(name, nameWidth))  \(pad(cocktail.kind.rawValue, 13))  \(pad(String(cocktail.preparationMinutes), 3, right: true)) min"
            )
        }
        if items.contains(where: \.isFavorite) { lines += ["", "♥ = " + strings["list_favorite"].lowercased()] }
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
