/// How a ``SearchIndex`` is built: its pieces at once on every core, and each recipe line read
/// once for every language.
extension SearchIndex {
    /// One piece of an index built at once: the recipes' part, the names, or one language's
    /// descriptions.
    enum BuildPiece {
        case recipes((ingredients: [Language: TermIndex], ingredientNames: NameLists, bar: BarIndex.Builder?))
        case names(TermIndex, [[String]])
        case descriptions(TermIndex)
    }

    /// The descriptions and tags of every drink in `language`, as its pages show them (a drink
    /// without a translation shows, and is found by, its English words).
    static func descriptions(_ cocktails: [Cocktail], in language: Language) -> TermIndex {
        var tokenizer = SearchText.Tokenizer()
        var terms = TermIndex.Builder()
        let strings = UIStrings.of(language)
        for (index, cocktail) in cocktails.enumerated() {
            forEachDescriptionTerm(of: cocktail, in: language, strings, &tokenizer) { terms.add($0, at: Int32(index)) }
        }
        return TermIndex(terms, documentCount: cocktails.count)
    }

    /// The terms of one drink's descriptions and tags in `language`.
    static func forEachDescriptionTerm(
        of cocktail: Cocktail, in language: Language, _ strings: UIStrings, _ tokenizer: inout SearchText.Tokenizer,
        _ body: (String) -> Void
    ) {
        let texts = cocktail.texts(in: language)
        let tags = (cocktail.tags ?? []).map { strings.tag($0) }
        tokenizer.forEachTerm(in: ([texts.shortDescription, texts.longDescription] + tags).joined(separator: " ")) {
            body($0)
        }
    }

    /// Reads recipe lines for the index: each line's ingredient terms in every language and its
    /// canonical name, each distinct line once.
    struct LineReader {
        struct Reading {
            /// Per language, in the order of `Language.allCases`: in English the ingredient's own
            /// words, its canonical name's and its families' (`orange liqueur` finds Cointreau);
            /// in the others the names their recipes write (`menta fresca`, `Minze`), or the
            /// English one where the names table has none, as the page does.
            var terms: [[String]]
            /// The canonical name, or the name as written.
            var name: String?
            /// The parsed line, which the bar reads too.
            var line: RecipeLine
        }

        let table: IngredientTable
        private var tokenizer = SearchText.Tokenizer()

        /// The names tables of every language but English, in the order of `Language.allCases`.
        private static let nameTables = Language.allCases.dropFirst().map { UIStrings.of($0).names }

        init(table: IngredientTable) { self.table = table }

        /// The reading of one line (the full build reads each distinct line once).
        mutating func read(_ text: String) -> Reading {
            let line = IngredientParser.parse(text)
            let canonical = table.ingredient(for: line)
            let families = canonical.map { table.ancestors(of: $0).map(\.name) } ?? []
            var english: [String] = []
            tokenizer.forEachTerm(
                in: ([line.ingredient, canonical?.name].compactMap { $0 } + families).joined(separator: " ")
            ) {
                english.append($0)
            }
            var terms = [english]
            for table in Self.nameTables {
                var names: [String] = []
                for name in [canonical?.name ?? line.ingredient].compactMap({ $0 }) + families {
                    if let noun = table?.noun(name) {
                        names.append(noun.name)
                        if let plural = noun.plural { names.append(plural) }
                        names += noun.aliases ?? []
                    } else {
                        names.append(name)
                    }
                }
                var translated: [String] = []
                tokenizer.forEachTerm(in: names.joined(separator: " ")) { translated.append($0) }
                terms.append(translated)
            }
            return Reading(terms: terms, name: canonical?.name ?? line.ingredient, line: line)
        }
    }

    /// The recipes' part of the index, and the bar's reading of every recipe.
    static func recipes(_ cocktails: [Cocktail], table: IngredientTable, forBar: Bool)
        -> (ingredients: [Language: TermIndex], ingredientNames: NameLists, bar: BarIndex.Builder?)
    {
        var reader = LineReader(table: table)
        var bar: BarIndex.Builder? = forBar ? BarIndex.Builder(table: table, capacity: cocktails.count) : nil
        // Recipe lines repeat across a catalog (`3/4 oz fresh lime juice`): each distinct line
        // is read once, and its terms turned into slots once.
        var termsByLine: [String: (slots: [[Int]], name: String?, bar: BarIndex.Line?)] = [:]
        var builders = Language.allCases.map { _ in TermIndex.Builder() }
        var ingredientNames = NameLists.Builder(capacity: cocktails.count)
        var lines: [BarIndex.Line] = []
        for (index, cocktail) in cocktails.enumerated() {
            let position = Int32(index)
            var names: [String] = []
            lines.removeAll(keepingCapacity: true)
            for text in cocktail.ingredients {
                let read: (slots: [[Int]], name: String?, bar: BarIndex.Line?)
                if let known = termsByLine[text] {
                    read = known
                } else {
                    let reading = reader.read(text)
                    let slots = reading.terms.indices.map { language in
                        reading.terms[language].map { builders[language].slot(for: $0) }
                    }
                    read = (slots, reading.name, forBar ? BarIndex.Line(reading.line, table: table) : nil)
                    termsByLine[text] = read
                }
                for (language, slots) in read.slots.enumerated() {
                    for slot in slots { builders[language].add(slot: slot, at: position) }
                }
                if let name = read.name { names.append(name) }
                if let line = read.bar { lines.append(line) }
            }
            ingredientNames.append(names)
            bar?.add(lines)
        }
        let indexes = Dictionary(
            uniqueKeysWithValues: zip(Language.allCases, builders).map {
                ($0, TermIndex($1, documentCount: cocktails.count))
            })
        return (indexes, ingredientNames.build(), bar)
    }
}
