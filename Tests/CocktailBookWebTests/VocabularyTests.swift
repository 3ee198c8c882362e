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
    @Test("every glass has both names, a TheCocktailDB glass, a drawing, and a capacity unless opaque")
    func glasses() {
        for glass in Glass.allCases {
            let entry = glass.entry
            #expect(!entry.english.isEmpty && !entry.italian.isEmpty, "\(glass)")
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

    @Test("every family has both names and one of TheCocktailDB's categories, alcoholic or not")
    func categories() {
        for category in DrinkCategory.allCases {
            #expect(!category.entry.english.isEmpty && !category.entry.italian.isEmpty, "\(category)")
            for alcoholic in [true, false] {
                let theirs = category.cocktailDB(alcoholic: alcoholic)
                #expect(CocktailDBVocabulary.categories.contains(theirs), "\(category): \(theirs)")
            }
            #expect(DrinkCategory(named: category.rawValue.lowercased()) == category)
        }
    }

    @Test("every method has both names")
    func methods() {
        for method in MixingMethod.allCases {
            #expect(!method.entry.english.isEmpty && !method.entry.italian.isEmpty, "\(method)")
            #expect(MixingMethod(named: method.rawValue.uppercased()) == method)
        }
    }

    @Test("every unit has both names in both numbers, and the parser reads each spelling back as it")
    func units() {
        for unit in MeasureUnit.allCases {
            let entry = unit.entry
            for name in [entry.english.one, entry.english.other, entry.italian.one, entry.italian.other] {
                #expect(!name.isEmpty, "\(unit)")
            }
            #expect(unit == .top || !entry.spellings.isEmpty, "\(unit) has no spelling")
            for spelling in entry.spellings {
                #expect(IngredientParser.parse("2 \(spelling) gin").unit == unit, "\(unit): \(spelling)")
            }
        }
    }
}
