import CocktailBook
import CocktailsAPI
import Testing

@testable import CocktailBookApp
@testable import CocktailBookWeb
@testable import CocktailDrawings

/// Glasses, families, methods and units are each defined once; every entry must carry all the
/// app needs, and what reads them (TheCocktailDB's API, the drawings, the parser) must know it.
@Suite("Vocabularies: one complete definition each")
struct VocabularyTests {
    /// The names table of every language but English.
    static let tables = Language.allCases.dropFirst().compactMap { UIStrings.of($0).names }

    @Test("every glass has a name in every language, a TheCocktailDB glass, a drawing, and a capacity unless opaque")
    func glasses() {
        for glass in Glass.allCases {
            let entry = glass.entry
            #expect(!entry.english.isEmpty && Self.tables.allSatisfy { $0.glasses[glass.rawValue] != nil }, "\(glass)")
            #expect(CocktailDBVocabulary.glasses.contains(entry.cocktailDB), "\(glass): \(entry.cocktailDB)")
            for other in entry.otherCocktailDBNames {
                #expect(CocktailDBVocabulary.glasses.contains(other), "\(glass): \(other)")
                #expect(Glass(named: other) == glass, "\(glass): \(other) reads back as another glass")
            }
            #expect(CocktailIllustration.knowsGlass(glass), "\(glass) has no drawing")
            let opaque = [Glass.copperMug, .tikiMug, .mug].contains(glass)
            #expect((entry.capacity == nil) == opaque, "\(glass): capacity \(entry.capacity.map { "\($0)" } ?? "none")")
            #expect(entry.fillExponent > 0 && entry.fillExponent <= 1, "\(glass)")
            #expect(Glass(named: glass.rawValue.uppercased()) == glass)
            #expect(Glass(named: entry.english) == glass)
        }
    }

    @Test("every family has a name in every language and one of TheCocktailDB's categories, alcoholic or not")
    func categories() {
        for category in DrinkCategory.allCases {
            #expect(
                !category.entry.english.isEmpty && Self.tables.allSatisfy { $0.categories[category.rawValue] != nil },
                "\(category)")
            for alcoholic in [true, false] {
                let theirs = category.cocktailDB(alcoholic: alcoholic)
                #expect(CocktailDBVocabulary.categories.contains(theirs), "\(category): \(theirs)")
            }
            #expect(DrinkCategory(named: category.rawValue.lowercased()) == category)
        }
    }

    @Test("every method has a name in every language")
    func methods() {
        for method in MixingMethod.allCases {
            #expect(
                !method.entry.english.isEmpty && Self.tables.allSatisfy { $0.methods[method.rawValue] != nil },
                "\(method)")
            #expect(MixingMethod(named: method.rawValue.uppercased()) == method)
        }
    }

    @Test("every unit has names in every language in both numbers, and the parser reads each spelling back as it")
    func units() {
        for unit in MeasureUnit.allCases {
            let entry = unit.entry
            let translated = Self.tables.flatMap {
                [$0.units[unit.rawValue]?.one ?? "", $0.units[unit.rawValue]?.other ?? ""]
            }
            #expect(Self.tables.count == 4)
            for name in [entry.english.one, entry.english.other] + translated {
                #expect(!name.isEmpty, "\(unit)")
            }
            #expect(unit == .top || !entry.spellings.isEmpty, "\(unit) has no spelling")
            for spelling in entry.spellings {
                #expect(IngredientParser.parse("2 \(spelling) gin").unit == unit, "\(unit): \(spelling)")
            }
        }
    }
}
