/// One copy of each text that repeats across a catalog: recipe lines (`3/4 oz fresh lime juice`),
/// steps (`Shake hard with ice and strain into a chilled coupe.`), garnishes and tags recur in
/// drink after drink, and each decoded drink otherwise holds its own copy. At 10,000 drinks the
/// copies took megabytes. Texts of 15 bytes or fewer are kept inside the `String` value itself and
/// are left as they are; names and descriptions, which are each drink's own, are not pooled.
struct TextPool {
    private var texts: Set<String> = []

    /// `cocktails` with their repeated texts shared.
    static func sharing(_ cocktails: [Cocktail]) -> [Cocktail] {
        var pool = TextPool()
        return cocktails.map { pool.share($0) }
    }

    /// The pool's copy of `text`, which becomes the copy when it is the first.
    mutating func share(_ text: String) -> String {
        text.utf8.count <= 15 ? text : texts.insert(text).memberAfterInsert
    }

    mutating func share(_ cocktail: Cocktail) -> Cocktail {
        var shared = cocktail
        shared.ingredients = cocktail.ingredients.map { share($0) }
        shared.instructions = cocktail.instructions?.map { share($0) }
        shared.garnish = cocktail.garnish.map { share($0) }
        shared.tags = cocktail.tags?.map { share($0) }
        shared.translations = cocktail.translations?.mapValues { texts in
            var texts = texts
            texts.instructions = texts.instructions?.map { share($0) }
            texts.garnish = texts.garnish.map { share($0) }
            return texts
        }
        shared.variants = cocktail.variants?.map { variant in
            var variant = variant
            variant.ingredients = variant.ingredients.map { share($0) }
            return variant
        }
        return shared
    }
}
