import CocktailsAPI

/// A recipe line as a language writes it, in the parts a page lays out: the measure, the word
/// that links it to the ingredient (the names table's ``NameTable/Grammar``: Italian's `di`,
/// `d'`, French `de`, `d'`, Spanish `de`, nothing in German), the ingredient and its note.
///
/// The link stands between a unit and what it measures (`6 rametti di menta fresca`, `2 traits
/// d'Angostura`, `50 ml Gin`), elided as the grammar says (`120 ml d'acqua tonica`) except before
/// a foreign word the table marks (`di aguardiente`); a count without a unit takes none
/// (`1 albume`, `2 albumi`). A note agrees with the ingredient (`acqua tonica, fredda`), except
/// after a slice, wedge or piece, whose cut it describes (`½ fetta d'arancia, tagliata a quarti
/// di rondella`). A top-up is a name and its note (`Soda, per colmare`).
public struct RecipeLineWords: Sendable, Equatable {
    /// `6 rametti`, `22,5 ml`; `nil` for a line without one.
    public var measure: String?
    /// What stands between the measure and the name: `di `, `d'`, `de ` or nothing.
    public var link: String
    /// The ingredient's name.
    public var name: String
    /// The note, agreeing with what it qualifies.
    public var note: String?

    /// Creates the words of a line.
    public init(measure: String?, link: String, name: String, note: String?) {
        self.measure = measure
        self.link = link
        self.name = name
        self.note = note
    }

    /// The whole line.
    public var text: String {
        (measure.map { $0 + " " } ?? "") + link + name + (note.map { ", " + $0 } ?? "")
    }
}

extension UIStrings {
    /// Units whose own noun a cutting note describes (`1 fetta, tagliata…`).
    private static let cutUnits: Set<MeasureUnit> = [.slice, .wedge, .piece]

    /// The words of `line` in this language, its measure already written (`measure`, as
    /// ``MeasureText`` writes it, converted or not); `canonical` is the table's name for its
    /// ingredient, looked up before the name as written.
    public func words(for line: RecipeLine, measure: String?, canonical: String? = nil) -> RecipeLineWords {
        let written = line.ingredient ?? line.text
        guard language != .english else {
            return RecipeLineWords(measure: measure, link: "", name: written, note: line.note)
        }
        let noun = canonical.flatMap { names?.noun($0) } ?? names?.noun(written)
        let count = line.amount.map { $0.upperValue ?? $0.value } ?? 1
        let counted = line.unit == nil && count > 1
        var name = (counted ? noun?.plural : nil) ?? noun?.name ?? written
        var agreement = noun.map { ($0.gender, counted ? NameTable.Number.plural : $0.number) }
        if let unit = line.unit, Self.cutUnits.contains(unit) {
            let gender = names?.units[unit.rawValue]?.gender ?? .masculine
            agreement = (gender, count > 1 ? .plural : .singular)
        }
        let agreeing = agreement.map { NameTable.Noun(name: name, gender: $0.0, number: $0.1) }
        // A top-up has no measure to read: its note says what the line is for.
        if line.unit == .top, line.amount == nil {
            name = name.prefix(1).uppercased() + name.dropFirst()
            return RecipeLineWords(
                measure: nil, link: "", name: name, note: note(line.note ?? "to top", agreeingWith: agreeing))
        }
        guard let measure else {
            name = name.prefix(1).uppercased() + name.dropFirst()
            return RecipeLineWords(
                measure: nil, link: "", name: name, note: line.note.map { note($0, agreeingWith: agreeing) })
        }
        let link = line.unit == nil ? "" : (names?.grammar ?? .none).link(before: name, noun: noun)
        return RecipeLineWords(
            measure: localizingNumbers(in: measure), link: link, name: name,
            note: line.note.map { note($0, agreeingWith: agreeing) })
    }

    /// A recipe line written whole in this language (see ``words(for:measure:canonical:)``).
    public func line(_ line: RecipeLine, measure: String?, canonical: String? = nil) -> String {
        words(for: line, measure: measure, canonical: canonical).text
    }
}
