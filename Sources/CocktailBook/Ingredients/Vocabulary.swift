import CocktailsAPI

// The catalog's vocabularies (Glass, DrinkCategory, MixingMethod, MeasureUnit) are defined once,
// in the recipe source's package, whose catalog format and TheCocktailDB client speak them too.

extension MeasureUnit {
    /// The unit's name in `language`, for `count` of it.
    public func name(in language: Language, count: Double = 1) -> String {
        if let names = UIStrings.of(language).names?.units[rawValue] { return count > 1 ? names.other : names.one }
        return count > 1 ? entry.english.other : entry.english.one
    }
}
