import CocktailBook
import Foundation

/// One query of the fixed mixed set, with the kind of search it stands for.
struct BenchQuery {
    var group: String
    var text: String
    /// The language of the page the query comes from: Italian queries search the Italian words.
    var language: Language = .english

    /// The fixed set every size and both engines run.
    static let all: [BenchQuery] = [
        .init(group: "exact name", text: "Negroni"), .init(group: "exact name", text: "Piña Colada"),
        .init(group: "exact name", text: "Old Fashioned"), .init(group: "exact name", text: "Margarita"),
        .init(group: "prefix", text: "marg"), .init(group: "prefix", text: "neg"),
        .init(group: "prefix", text: "pin"), .init(group: "prefix", text: "spr"),
        .init(group: "typo", text: "margarta"), .init(group: "typo", text: "negorni"),
        .init(group: "typo", text: "daiquri"), .init(group: "typo", text: "mojitto"),
        .init(group: "ingredient", text: "campari"), .init(group: "ingredient", text: "gin lime"),
        .init(group: "ingredient", text: "mezcal"), .init(group: "ingredient", text: "angostura"),
        .init(group: "description", text: "smoky"), .init(group: "description", text: "refreshing"),
        .init(group: "description", text: "bittersweet herbal"),
        .init(group: "empty", text: ""),
        .init(group: "italian", text: "menta", language: .italian),
        .init(group: "italian", text: "limone", language: .italian),
        .init(group: "italian", text: "vermouth rosso", language: .italian),
        .init(group: "italian", text: "mneta", language: .italian),
        .init(group: "italian", text: "affumicato", language: .italian),
        .init(group: "german", text: "Minze", language: Language(rawValue: "de") ?? .english),
        .init(group: "german", text: "roter Vermouth", language: Language(rawValue: "de") ?? .english),
        .init(group: "german", text: "rauchig", language: Language(rawValue: "de") ?? .english),
        .init(group: "french", text: "menthe", language: Language(rawValue: "fr") ?? .english),
        .init(group: "french", text: "citron vert", language: Language(rawValue: "fr") ?? .english),
        .init(group: "spanish", text: "pomelo", language: Language(rawValue: "es") ?? .english),
        .init(group: "spanish", text: "zumo de lima", language: Language(rawValue: "es") ?? .english),
    ]
}

/// Everything measured for one catalog size.
struct SizeResult {
    var size: Int
    var realCount: Int
    var generateMilliseconds: Double
    /// Recipe lines in the catalog, and how many of them are distinct.
    var lineCount: Int
    var distinctLineCount: Int
    var sortMilliseconds: Double
    var snapshotMilliseconds: Double
    var indexMilliseconds: Double
    var sortResidentDelta: Int?
    var snapshotResidentDelta: Int?
    var hitCounts: [Int]
    var searchSamples: [[Double]]
    var answerSamples: [[Double]]

    var buildMilliseconds: Double { sortMilliseconds + snapshotMilliseconds }
    var residentDelta: Int? { sortResidentDelta.flatMap { a in snapshotResidentDelta.map { a + $0 } } }
    var search: Latency { Latency(searchSamples.flatMap { $0 }) }
    var answer: Latency { Latency(answerSamples.flatMap { $0 }) }
}

/// Runs one size: generate, build (timed, with the resident set measured), then the timed
/// queries against the index and `answer`.
func runSize(_ size: Int, generator: SyntheticCatalog, queries: [BenchQuery], rounds: Int, copies: Bool) -> SizeResult {
    let (cocktails, generateMilliseconds) = Timing.measure {
        copies ? generator.copies(count: size) : generator.make(count: size)
    }
    let table = generator.table

    let rss0 = Memory.residentBytes()
    let (catalog, sortMilliseconds) = Timing.measure { AlphabeticalCatalog(cocktails) }
    let rss1 = Memory.residentBytes()
    let (snapshot, snapshotMilliseconds) = Timing.measure { CatalogSnapshot(catalog: catalog, table: table) }
    let rss2 = Memory.residentBytes()
    // The search index on its own (the snapshot also works out each cocktail's ingredient names).
    let (index, indexMilliseconds) = Timing.measure { SearchIndex(catalog: catalog, table: table) }
    blackHole(index.count)
    let fields = index.byteCounts.map { "\($0.field) \(String(format: "%.2f", Double($0.bytes) / 1_048_576)) MB" }
    print("Index arrays at \(size.formatted()): " + fields.joined(separator: ", "))

    // A save in the book: one new drink merged into the snapshot, instead of building it again.
    var saved = cocktails[cocktails.count / 2]
    saved.id = "saved-drink"
    saved.name = "Saved Drink"
    let merges = (0..<5).map { _ in
        Timing.measure { snapshot.applying(removing: [], inserting: [saved], table: table).catalog.cocktails.count }.1
    }
    print(
        "Merging one saved drink into the snapshot at \(size.formatted()): \(merges.map(Format.ms).joined(separator: ", ")) ms"
    )

    let texts = queries.map(\.text)
    let parsed = queries.map { query in
        var parsed = CocktailQuery(text: query.text)
        parsed.language = query.language
        return parsed
    }
    var sink = 0
    var hitCounts: [Int] = []
    for query in parsed { // warm-up, and the hit counts
        let hits = snapshot.index.search(query.text, in: query.language)
        hitCounts.append(hits.count)
        sink &+= snapshot.answer(query, favorites: []).total
    }
    var searchSamples = Array(repeating: [Double](), count: texts.count)
    for _ in 0..<rounds {
        for (index, query) in parsed.enumerated() {
            let (count, elapsed) = Timing.measure { snapshot.index.search(query.text, in: query.language).count }
            sink &+= count
            searchSamples[index].append(elapsed)
        }
    }
    var answerSamples = Array(repeating: [Double](), count: texts.count)
    for _ in 0..<rounds {
        for (index, query) in parsed.enumerated() {
            let (count, elapsed) = Timing.measure { snapshot.answer(query, favorites: []).items.count }
            sink &+= count
            answerSamples[index].append(elapsed)
        }
    }
    blackHole(sink)

    func delta(_ a: Int?, _ b: Int?) -> Int? { a.flatMap { a in b.map { $0 - a } } }
    return SizeResult(
        size: cocktails.count, realCount: min(size, generator.real.count), generateMilliseconds: generateMilliseconds,
        lineCount: cocktails.reduce(0) { $0 + $1.ingredients.count },
        distinctLineCount: Set(cocktails.lazy.flatMap(\.ingredients)).count,
        sortMilliseconds: sortMilliseconds, snapshotMilliseconds: snapshotMilliseconds,
        indexMilliseconds: indexMilliseconds,
        sortResidentDelta: delta(rss0, rss1), snapshotResidentDelta: delta(rss1, rss2), hitCounts: hitCounts,
        searchSamples: searchSamples, answerSamples: answerSamples
    )
}

/// Prints one size's tables.
func report(_ result: SizeResult, queries: [BenchQuery]) {
    let synthetic = result.size - result.realCount
    print(
        "\n=== \(result.size.formatted()) cocktails (\(result.realCount) real + \(synthetic.formatted()) synthetic, generated in \(Format.ms(result.generateMilliseconds)) ms;"
            + " \(result.lineCount.formatted()) recipe lines, \(result.distinctLineCount.formatted()) distinct) ===")
    func mb(_ bytes: Int?) -> String { bytes.map { String(format: "%+.1f MB", Memory.megabytes($0)) } ?? "n/a" }
    print(
        "Build: AlphabeticalCatalog sort \(Format.ms(result.sortMilliseconds)) ms + CatalogSnapshot \(Format.ms(result.snapshotMilliseconds)) ms"
            + " = \(Format.ms(result.buildMilliseconds)) ms total; SearchIndex alone \(Format.ms(result.indexMilliseconds)) ms"
    )
    print(
        "Resident set: \(mb(result.residentDelta)) (sort \(mb(result.sortResidentDelta)), snapshot \(mb(result.snapshotResidentDelta)))"
    )

    var rows: [[String]] = []
    for (index, query) in queries.enumerated() {
        let search = Latency(result.searchSamples[index])
        let answer = Latency(result.answerSamples[index])
        rows.append([
            query.group, query.text.isEmpty ? "(empty)" : "\"\(query.text)\"", "\(result.hitCounts[index])",
            Format.ms(search.p50), Format.ms(search.p99), Format.ms(search.max), Format.ms(answer.p50),
            Format.ms(answer.p99),
        ])
    }
    let search = result.search
    let answer = result.answer
    rows.append([
        "ALL", "\(queries.count) queries × \(result.searchSamples.first?.count ?? 0)", "",
        Format.ms(search.p50), Format.ms(search.p99), Format.ms(search.max), Format.ms(answer.p50),
        Format.ms(answer.p99),
    ])
    let header = ["group", "query", "hits", "search p50", "p99", "max", "answer p50", "p99"]
    print(
        "Latency in ms (search = snapshot.index.search(q), all hits; answer = snapshot.answer(CocktailQuery(text: q)), first page of 50):"
    )
    print(Format.table(header, rows))
}
