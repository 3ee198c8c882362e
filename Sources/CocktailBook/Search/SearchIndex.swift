/// The in-memory search over a catalog, built once per catalog so every storage backend gets
/// the same search.
///
/// Matching ignores case and accents, takes each query word as a prefix (`marg` finds both
/// Margaritas), forgives typos in names and ingredients (one edit from 4 letters, two from 8),
/// and looks at names first, then ingredients, then descriptions and tags. Every query word must
/// match somewhere. Ingredients are searched in the language the page shows (by prefix, with
/// typos forgiven) and in every other language of the book by whole word (`menta` and `mint` find
/// the Mojito on any page); descriptions in the page's language; names are the same in every one.
public struct SearchIndex: Sendable {
    /// How well a cocktail matched, best first.
    public enum Rank: Int, Sendable, Comparable, CaseIterable {
        case exactName, namePrefix, nameTypo, ingredient, description

        public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One result: a catalog position and how well it matched.
    public struct Hit: Sendable, Equatable {
        /// The cocktail's position in the alphabetical catalog.
        public var position: Int
        /// How well it matched.
        public var rank: Rank
    }

    private var names: TermIndex
    /// Per language, the ingredients' names (with their families') and the descriptions and tags,
    /// as that language's pages write them.
    private var ingredients: [Language: TermIndex]
    private var descriptions: [Language: TermIndex]
    /// The position of the first name whose terms hash to a key (see ``nameKey(_:)``), and of
    /// any later ones (the same name again, or a collision: rare, so apart). Confirmed against
    /// the name itself when asked: keyed by the joined terms with an array each, this took
    /// 0.8 MB at 10,000 drinks.
    private var exactNames: [Int: Int32]
    private var repeatedExactNames: [Int: [Int32]]
    /// The catalog's drinks (the snapshot's own array, not a copy), for their names.
    private(set) var cocktails: [Cocktail]
    /// Per position, the first term of the cocktail's name and how many terms it has: what
    /// orders name matches by closeness.
    private var nameLeads: [String]
    private var nameTermCounts: [UInt8]
    /// Per position, the canonical names of the cocktail's ingredients (or the names as written),
    /// worked out in the same pass over the recipe lines as the ingredient terms.
    private(set) var ingredientNames: NameLists
    /// How many cocktails the index covers.
    public private(set) var count: Int

    /// Indexes `catalog` (its alphabetical order is the tie-break order), reading ingredient names
    /// through `table` so canonical names and aliases are searchable too.
    public init(catalog: AlphabeticalCatalog, table: IngredientTable) {
        var unused: BarIndex.Builder? = nil
        self.init(catalog: catalog, table: table, bar: &unused)
    }

    /// Indexes `catalog` and, when `bar` is not nil, reads every recipe into it for the bar in
    /// the same pass (each distinct line is parsed once for both).
    init(catalog: AlphabeticalCatalog, table: IngredientTable, bar: inout BarIndex.Builder?) {
        let cocktails = catalog.cocktails
        let forBar = bar != nil
        count = cocktails.count
        // The recipes, the names, and each language's descriptions need nothing from each
        // other: one piece of work each, taken by the cores as they come free (at 10,000 drinks
        // in five languages the descriptions are most of a build).
        let languages = Language.allCases
        let pieces = ConcurrentParts.map(2 + languages.count) { part -> BuildPiece in
            switch part {
            case 0: return .recipes(Self.recipes(cocktails, table: table, forBar: forBar))
            case 1:
                let nameTerms = Self.nameTerms(cocktails)
                return .names(TermIndex(documents: nameTerms), nameTerms)
            default: return .descriptions(Self.descriptions(cocktails, in: languages[part - 2]))
            }
        }
        guard case .recipes(let recipes) = pieces[0], case .names(let nameIndex, let nameTerms) = pieces[1] else {
            fatalError("the index's pieces come in the order asked")
        }
        descriptions = Dictionary(
            uniqueKeysWithValues: zip(
                languages,
                pieces.dropFirst(2).map { piece -> TermIndex in
                    guard case .descriptions(let index) = piece else {
                        fatalError("a language's piece is its descriptions")
                    }
                    return index
                }))
        names = nameIndex
        ingredients = recipes.ingredients
        if forBar { bar = recipes.bar }
        exactNames = [:]
        repeatedExactNames = [:]
        nameLeads = []
        nameTermCounts = []
        self.cocktails = cocktails
        ingredientNames = recipes.ingredientNames
        takeNames(nameTerms)
    }

    /// The names' lookups, from every name's terms in catalog order.
    private mutating func takeNames(_ nameTerms: [[String]]) {
        var exact: [Int: Int32] = [:]
        var repeated: [Int: [Int32]] = [:]
        exact.reserveCapacity(nameTerms.count)
        for (position, terms) in nameTerms.enumerated() {
            let key = Self.nameKey(terms)
            if exact[key] == nil {
                exact[key] = Int32(position)
            } else {
                repeated[key, default: []].append(Int32(position))
            }
        }
        exactNames = exact
        repeatedExactNames = repeated
        nameLeads = nameTerms.map { $0.first ?? "" }
        nameTermCounts = nameTerms.map { UInt8(clamping: $0.count) }
    }

    /// The index of `catalog`, which is this index's catalog after `change`: the names (short,
    /// quickly read again) indexed anew, every other field moved to the new positions with only
    /// the inserted drinks read. What a save costs at 10,000 drinks is then a pass over the
    /// positions, not over every text.
    public func applying(_ change: AlphabeticalCatalog.Change, to catalog: AlphabeticalCatalog, table: IngredientTable)
        -> SearchIndex
    {
        var updated = self
        let cocktails = catalog.cocktails
        let nameTerms = Self.nameTerms(cocktails)
        updated.names = TermIndex(documents: nameTerms)
        updated.cocktails = cocktails
        updated.count = cocktails.count
        updated.takeNames(nameTerms)
        var reader = LineReader(table: table)
        let readings = change.inserted.map { position in
            cocktails[position].ingredients.map { reader.read($0) }
        }
        for (slot, language) in Language.allCases.enumerated() {
            let strings = UIStrings.of(language)
            var tokenizer = SearchText.Tokenizer()
            updated.descriptions[language] = descriptions[language]?.applying(
                change, documentCount: cocktails.count,
                inserted: change.inserted.map { position in
                    var terms: [String] = []
                    Self.forEachDescriptionTerm(of: cocktails[position], in: language, strings, &tokenizer) {
                        terms.append($0)
                    }
                    return (position, terms)
                })
            updated.ingredients[language] = ingredients[language]?.applying(
                change, documentCount: cocktails.count,
                inserted: zip(change.inserted, readings).map { position, lines in
                    (position, lines.flatMap { $0.terms[slot] })
                })
        }
        // Each position's ingredient names: a kept drink's from where it was, an inserted one's read.
        var oldPosition = [Int](repeating: -1, count: cocktails.count)
        for (old, new) in change.newPositions.enumerated() where new >= 0 { oldPosition[Int(new)] = old }
        var inserted = zip(change.inserted, readings).makeIterator()
        var names = NameLists.Builder(capacity: cocktails.count)
        for position in cocktails.indices {
            if oldPosition[position] >= 0 {
                names.append(Array(ingredientNames[oldPosition[position]]))
            } else if let (_, lines) = inserted.next() {
                names.append(lines.compactMap(\.name))
            }
        }
        updated.ingredientNames = names.build()
        return updated
    }

    /// Bytes each field's terms and positions take, by field (`names`, `ingredients.en`, …): for
    /// the search benchmark.
    public var byteCounts: [(field: String, bytes: Int)] {
        [("names", names.byteCount)]
            + Language.allCases.flatMap { language in
                [
                    ("ingredients.\(language.rawValue)", ingredients[language]?.byteCount ?? 0),
                    ("descriptions.\(language.rawValue)", descriptions[language]?.byteCount ?? 0),
                ]
            }
    }

    /// A name's terms as one number, to look exact names up by.
    private static func nameKey(_ terms: [String]) -> Int {
        var hasher = Hasher()
        hasher.combine(terms)
        return hasher.finalize()
    }

    /// Every drink's name as its terms, in catalog order.
    private static func nameTerms(_ cocktails: [Cocktail]) -> [[String]] {
        var tokenizer = SearchText.Tokenizer()
        return cocktails.map { cocktail in
            var terms: [String] = []
            tokenizer.forEachTerm(in: cocktail.name) { terms.append($0) }
            return terms
        }
    }

    /// The cocktails matching `query` as a page in `language` shows them, best first and
    /// alphabetical within a rank; an empty query matches everything, alphabetically.
    public func search(_ query: String, in language: Language = .english) -> [Hit] {
        let ingredients = ingredients[language] ?? names
        let descriptions = descriptions[language] ?? names
        let terms = SearchText.terms(query)
        guard !terms.isEmpty else { return (0..<count).map { Hit(position: $0, rank: .exactName) } }

        var byName = DocumentSet(count: count, full: true)
        var byFuzzyName = DocumentSet(count: count, full: true)
        var byIngredient = DocumentSet(count: count, full: true)
        var byDescription = DocumentSet(count: count, full: true)
        for term in terms {
            let prefix = names.prefixMatches(term)
            var fuzzy = names.fuzzyMatches(term)
            byName.formIntersection(prefix)
            // A typo in an ingredient is forgiven when the word finds no ingredient as typed:
            // reading every ingredient term for near spellings costs more than the prefix.
            var ingredient = ingredients.prefixMatches(term)
            if ingredient.isEmpty { ingredient = ingredients.fuzzyMatches(term) }
            // An ingredient named in another of the book's languages, as a whole word (`menta` on
            // an English page, `mint` on an Italian one): a prefix there would be noise (`lim`
            // is not `limone`).
            for other in Language.allCases where other != language {
                if let index = self.ingredients[other] { ingredient.formUnion(index.exactMatches(term)) }
            }
            ingredient.formUnion(fuzzy)
            var description = descriptions.prefixMatches(term)
            description.formUnion(ingredient)
            fuzzy.formUnion(prefix)
            byFuzzyName.formIntersection(fuzzy)
            byIngredient.formIntersection(ingredient)
            byDescription.formIntersection(description)
        }

        // A word typed in one of two spellings (`whisky`) finds both; names written as typed lead.
        let respelled = query.lowercased().split { !$0.isLetter }.map(String.init).filter {
            SearchText.spellings[$0] != nil
        }
        var hits: [Hit] = []
        var seen = DocumentSet(count: count)
        let key = Self.nameKey(terms)
        for position in exactNames[key].map({ [$0] + (repeatedExactNames[key] ?? []) }) ?? []
        where SearchText.terms(cocktails[Int(position)].name) == terms {
            hits.append(Hit(position: Int(position), rank: .exactName))
            seen.insert(position)
        }
        for (set, rank) in [
            (byName, Rank.namePrefix), (byFuzzyName, .nameTypo), (byIngredient, .ingredient),
            (byDescription, .description),
        ] {
            var fresh = set
            fresh.subtract(seen)
            var positions = fresh.positions
            if rank == .namePrefix || rank == .nameTypo {
                positions = closestNamesFirst(positions, terms, respelled: respelled)
            }
            hits += positions.map { Hit(position: $0, rank: rank) }
            seen.formUnion(fresh)
        }
        return hits
    }

    /// Name matches ordered by how close the whole name is to the query: names that start
    /// with the query's first word before names that contain it further in, then names with
    /// fewer other words; alphabetical (the positions' order) within that. `old fashion` puts
    /// Old Fashioned before Oaxaca Old Fashioned, `margarta` Margarita before Grand Margarita.
    /// Very broad matches (over 2,000 names) keep the plain alphabetical order.
    private func closestNamesFirst(_ positions: [Int], _ terms: [String], respelled: [String] = []) -> [Int] {
        guard positions.count > 1, positions.count <= 2_000, let first = terms.first else { return positions }
        let firstBytes = Array(first.utf8)
        let allowed = SearchText.allowedEdits(forLength: firstBytes.count)
        func key(_ position: Int) -> (Int, Int, Int) {
            let count = Int(nameTermCounts[position])
            let leadTerm = nameLeads[position]
            let lead =
                count > 0
                && (leadTerm.hasPrefix(first)
                    || SearchText.withinEdits(Array(leadTerm.utf8), firstBytes, limit: allowed))
            let name = respelled.isEmpty ? "" : cocktails[position].name.lowercased()
            let asTyped = respelled.allSatisfy { name.contains($0) }
            return (lead ? 0 : 1, asTyped ? 0 : 1, abs(count - terms.count))
        }
        return positions.map { ($0, key($0)) }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.0)
    }
}
