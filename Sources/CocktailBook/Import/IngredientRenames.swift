import Foundation

extension Cocktail {
    /// The drink with the ingredients its lines name replaced as `names` says (a name as the
    /// file wrote it → a name the book knows): the import review's "did you mean". The rest of
    /// each line (amount, unit, note) stays as written.
    public func renamingIngredients(_ names: [String: String]) -> Cocktail {
        guard !names.isEmpty else { return self }
        var copy = self
        copy.ingredients = ingredients.map { Self.renaming($0, names) }
        return copy
    }

    /// `30 ml Amaro Nonino Quintessentia` with `Amaro Nonino Quintessentia → Amaro Nonino`
    /// becomes `30 ml Amaro Nonino`; a line naming none of `names` is kept as it is.
    static func renaming(_ line: String, _ names: [String: String]) -> String {
        guard let written = IngredientParser.parse(line).ingredient,
            let name = names[written.trimmingCharacters(in: .whitespaces)],
            let range = line.range(of: written, options: [.backwards, .caseInsensitive])
        else { return line }
        return line.replacingCharacters(in: range, with: name)
    }
}
