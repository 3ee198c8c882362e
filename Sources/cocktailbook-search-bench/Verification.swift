import CocktailBook
import Foundation

/// `--verify`: checks that the optimised search gives exactly what the original implementation
/// gives: the same terms for every text (the original splitting, copied verbatim) and the same
/// hits, ranks and order for every query (the original index logic, restated with plain sets).
enum Reference {
    static func terms(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map { spellings[String($0)] ?? String($0) }
    }

    /// Words spelled two ways, each indexed and searched under one spelling (as the app's table).
    static let spellings: [String: String] = [
        "whisky": "whiskey", "whiskies": "whiskeys", "colour": "color", "coloured": "colored", "flavour": "flavor",
        "flavoured": "flavored", "flavours": "flavors", "liquour": "liqueur", "licor": "liqueur",
    ]

    static func fold(_ text: String) -> String {
        text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US")
        )
        .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
    }

    static func withinEdits(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Bool {
        if abs(a.count - b.count) > limit { return false }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return false }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count] <= limit
    }

    /// The original index, with sets as `Set<Int>` (slow but obviously right).
    struct Index {
        struct Field {
            var postings: [String: [Int]] = [:]
            let sorted: [String]

            init(_ documents: [[String]]) {
                for (position, terms) in documents.enumerated() {
                    for term in Set(terms) { postings[term, default: []].append(position) }
                }
                sorted = postings.keys.sorted()
            }

            /// As the original: the run of sorted terms from the lower bound that have the prefix.
            func prefix(_ prefix: String) -> Set<Int> {
                var low = 0
                var high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
                }
                var set = Set<Int>()
                while low < sorted.count, sorted[low].hasPrefix(prefix) {
                    set.formUnion(postings[sorted[low]]!)
                    low += 1
                }
                return set
            }

            func fuzzy(_ term: String) -> Set<Int> {
                let limit = SearchText.allowedEdits(forLength: term.count)
                var set = prefix(term)
                guard limit > 0 else { return set }
                for (key, positions) in postings
                where Reference.withinEdits(Array(term.utf8), Array(key.utf8), limit: limit) {
                    set.formUnion(positions)
                }
                return set
            }
        }

        let names, ingredients, descriptions: Field
        let exact: [String: [Int]]
        let nameTerms: [[String]]
        let count: Int

        init(catalog: AlphabeticalCatalog, table: IngredientTable) {
            let cocktails = catalog.cocktails
            count = cocktails.count
            names = Field(cocktails.map { Reference.terms($0.name) })
            ingredients = Field(
                cocktails.map { cocktail in
                    cocktail.recipe.flatMap { line -> [String] in
                        let canonical = table.ingredient(for: line)
                        // A bottle is found by its families' names too: `orange liqueur` finds Cointreau.
                        let families = canonical.map { table.ancestors(of: $0).map(\.name) } ?? []
                        return Reference.terms(
                            ([line.ingredient, canonical?.name].compactMap { $0 } + families).joined(separator: " "))
                    }
                })
            descriptions = Field(cocktails.map { Reference.terms($0.shortDescription + " " + $0.longDescription) })
            var exact: [String: [Int]] = [:]
            for (position, cocktail) in cocktails.enumerated() {
                exact[Reference.terms(cocktail.name).joined(separator: " "), default: []].append(position)
            }
            self.exact = exact
            nameTerms = cocktails.map { Reference.terms($0.name) }
        }

        /// Name matches closest first: names whose first word starts with (or is a typo of) the
        /// query's first word, then fewer other words; position order within. Over 2,000 names
        /// keep plain position order.
        func closestFirst(_ positions: [Int], _ terms: [String]) -> [Int] {
            guard positions.count > 1, positions.count <= 2_000, let first = terms.first else { return positions }
            func key(_ position: Int) -> [Int] {
                let name = nameTerms[position]
                let lead =
                    name.first.map {
                        $0.hasPrefix(first)
                            || Reference.withinEdits(
                                Array($0.utf8), Array(first.utf8),
                                limit: SearchText.allowedEdits(forLength: first.utf8.count))
                    } ?? false
                return [lead ? 0 : 1, abs(name.count - terms.count), position]
            }
            return positions.sorted { key($0).lexicographicallyPrecedes(key($1)) }
        }

        func search(_ query: String) -> [(Int, SearchIndex.Rank)] {
            let terms = Reference.terms(query)
            guard !terms.isEmpty else { return (0..<count).map { ($0, .exactName) } }
            let all = Set(0..<count)
            var byName = all
            var byFuzzyName = all
            var byIngredient = all
            var byDescription = all
            for term in terms {
                let prefix = names.prefix(term)
                let fuzzy = names.fuzzy(term)
                byName.formIntersection(prefix)
                let ingredient = ingredients.prefix(term).union(fuzzy)
                byFuzzyName.formIntersection(fuzzy.union(prefix))
                byIngredient.formIntersection(ingredient)
                byDescription.formIntersection(descriptions.prefix(term).union(ingredient))
            }
            var hits: [(Int, SearchIndex.Rank)] = []
            var seen = Set<Int>()
            for position in exact[terms.joined(separator: " ")] ?? [] {
                hits.append((position, .exactName))
                seen.insert(position)
            }
            for (set, rank) in [
                (byName, SearchIndex.Rank.namePrefix), (byFuzzyName, .nameTypo), (byIngredient, .ingredient),
                (byDescription, .description),
            ] {
                var fresh = set.subtracting(seen).sorted()
                if rank == .namePrefix || rank == .nameTypo { fresh = closestFirst(fresh, terms) }
                hits += fresh.map { ($0, rank) }
                seen.formUnion(fresh)
            }
            return hits
        }
    }

    /// Awkward texts for the term splitter: accents precomposed and decomposed, marks after
    /// separators, curly and straight apostrophes, full-width forms, ligatures, CR LF, emoji.
    static func awkwardTexts(count: Int) -> [String] {
        let pieces = [
            "a", "Z", "q", "7", " ", "'", "’", "-", ".", ",", "\r\n", "\t", "#", "&", "Piña", "CRÈME", "e\u{301}",
            "\u{301}",
            " \u{301}", "'\u{301}", "ß", "ﬁ", "Ａ", "１", "＇", "İ", "Σ", "ς", "ø", "Æ", "ǅ", "👍🏽", "👨‍👩‍👧", "\u{200D}",
            "\u{600}",
            "日本", "ｶﾞ", "½", "²", "Ⅻ", "Tommy's", "Dark 'n' Stormy", "Vieux Carré", "\u{0}", "é", "ÉCLAIR", "x\u{308}y",
        ]
        var rng = SeededGenerator(seed: 42)
        var texts = pieces
        for a in pieces { for b in pieces { texts.append(a + b) } }
        while texts.count < count {
            texts.append((0..<(1 + rng.below(12))).map { _ in rng.pick(pieces) }.joined())
        }
        return texts
    }
}

/// Runs the checks for one size and prints what differs; returns whether all matched.
func verify(size: Int, generator: SyntheticCatalog, queries: [String]) -> Bool {
    let cocktails = generator.make(count: size)
    let table = generator.table
    var texts = Reference.awkwardTexts(count: 20_000) + queries
    for cocktail in cocktails {
        texts += [cocktail.name, cocktail.shortDescription + " " + cocktail.longDescription] + cocktail.ingredients
    }
    var termMismatches = 0
    for text in Set(texts) where SearchText.terms(text) != Reference.terms(text) {
        termMismatches += 1
        if termMismatches <= 5 {
            print(
                "  terms differ for \(text.debugDescription): \(SearchText.terms(text)) vs reference \(Reference.terms(text))"
            )
        }
    }
    let catalog = AlphabeticalCatalog(cocktails)
    let index = SearchIndex(catalog: catalog, table: table)
    let reference = Reference.Index(catalog: catalog, table: table)
    var rng = SeededGenerator(seed: 7)
    var allQueries =
        queries + [
            "pina", "marg", "kri", "kirr", "kir", "gin", "margeritta", "nigrona", "  negroni  ", "tommys", "creme",
        ]
    for _ in 0..<200 { // random words and word pairs lifted from the catalog, cut and mistyped
        let words = Reference.terms(rng.pick(cocktails).name + " " + rng.pick(cocktails).shortDescription)
        var word = rng.pick(words)
        if word.count > 3, rng.chance(50) { word = String(word.prefix(2 + rng.below(word.count - 2))) }
        if word.count > 4, rng.chance(30) {
            word.remove(at: word.index(word.startIndex, offsetBy: rng.below(word.count)))
        }
        allQueries.append(rng.chance(30) ? word + " " + rng.pick(words) : word)
    }
    var searchMismatches = 0
    for query in allQueries {
        let ours = index.search(query).map { "\($0.position):\($0.rank)" }
        let theirs = reference.search(query).map { "\($0.0):\($0.1)" }
        if ours != theirs {
            searchMismatches += 1
            print("  search differs for \(query.debugDescription): \(ours.count) hits vs reference \(theirs.count)")
        }
    }
    let ok = termMismatches == 0 && searchMismatches == 0
    print(
        "verify \(size.formatted()): \(Set(texts).count) texts, \(termMismatches) term mismatches; "
            + "\(allQueries.count) queries, \(searchMismatches) search mismatches: \(ok ? "IDENTICAL" : "DIFFERENT")")
    return ok
}
