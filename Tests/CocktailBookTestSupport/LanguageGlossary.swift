import CocktailBook
import CocktailsAPI
import Foundation

/// A language's glossary, `docs/glossary/<code>.json`: one term per concept (with the words that
/// must not stand for it), the English words its bartenders use as they are, and the words spelled
/// like English ones that are its own (or names). The tests hold every text in the language to it.
public struct LanguageGlossary: Sendable {
    public struct Term: Sendable, Decodable {
        public var concept: String
        public var term: String
        public var avoid: [String]?
    }

    public let code: String
    public let terms: [Term]
    /// Every word the English-word check lets through: loanwords, same-spelled words, and the
    /// words of every drink's and variant's name (drink names are names in every language).
    public let allowed: Set<String>
    /// Lower-case words that must not appear, with the term that says it instead.
    public let avoided: [String: Term]
    /// The words of the drinks' names, which keep whatever words they have (`Cranberry Party Punch`).
    public let nameWords: Set<String>

    private struct File: Decodable {
        var terms: [Term]
        var loanwords: [String]?
        var sameWord: [String]?
    }

    /// The glossary of `code`, read from the repository.
    public init(_ code: String) throws {
        self.code = code
        let url = Self.root.appendingPathComponent("docs/glossary/\(code).json")
        let file = try JSONDecoder().decode(File.self, from: try Data(contentsOf: url))
        terms = file.terms
        var names = Set<String>()
        for drink in Self.bundled {
            names.formUnion(Self.words(drink.name))
            for variant in drink.variants ?? [] { names.formUnion(Self.words(variant.name)) }
        }
        // Each language's name in itself, as the language picker shows it.
        let endonyms = Language.allCases.flatMap { Self.words(UIStrings.of($0)["language_name"]) }
        allowed = Set(((file.loanwords ?? []) + (file.sameWord ?? [])).flatMap(Self.words)).union(names)
            .union(endonyms)
        nameWords = names
        var avoided: [String: Term] = [:]
        for term in file.terms {
            for word in term.avoid ?? [] { avoided[Self.words(word).joined(separator: " ")] = term }
        }
        self.avoided = avoided
    }

    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled drinks, decoded once.
    public static let bundled: [Cocktail] = (try? CatalogDecoder.decode(BundledCatalog.data).cocktails) ?? []

    /// The words of every English text the book has: its interface, its drinks' texts and the
    /// English names of ingredients, notes, tags, families, glasses, methods and units. A word
    /// of these in another language's text is English left untranslated, unless the glossary
    /// lets it through.
    public static let englishVocabulary: Set<String> = {
        var texts = Array(UIStrings.english.table.filter { !$0.key.hasPrefix("language_") }.values)
        for drink in bundled {
            texts += [drink.shortDescription, drink.longDescription, drink.garnish ?? ""] + (drink.instructions ?? [])
            texts += (drink.variants ?? []).compactMap(\.description)
        }
        if let names = UIStrings.of(.italian).names {
            texts += Array(names.ingredients.keys) + Array(names.notes.keys) + Array(names.tags.keys)
            texts += Array(names.categories.keys) + Array(names.glasses.keys) + Array(names.methods.keys)
            texts += Array(names.units.keys)
        }
        return Set(texts.flatMap(words))
    }()

    /// `text`'s words, lower-cased, apostrophes kept inside a word (`d'orange` is one).
    public static func words(_ text: String) -> [String] {
        let placeholderless = text.replacingOccurrences(of: #"\{[A-Za-z_]+\}"#, with: " ", options: .regularExpression)
        return placeholderless.lowercased().replacingOccurrences(of: "’", with: "'")
            .matches(of: #/[\p{L}]+(?:'[\p{L}]+)?/#).map { String($0.0) }
    }

    /// What is wrong with `text` in this language: English words outside the glossary, and
    /// words the glossary says to avoid.
    public func problems(in text: String) -> [String] {
        // A command to type (`cocktailbook user add NAME --admin`) is not prose.
        let prose = text.replacingOccurrences(
            of: #"cocktailbook(\s+[A-Za-z-]+)+|--[a-z-]+"#, with: " ", options: .regularExpression)
        let words = Self.words(prose)
        let english = Set(words.filter { Self.englishVocabulary.contains($0) && !allowed.contains($0) })
        var found = english.sorted().map { "English \"\($0)\"" }
        let joined = " " + words.joined(separator: " ") + " "
        for (word, term) in avoided.sorted(by: { $0.key < $1.key })
        where joined.contains(" \(word) ") && !nameWords.contains(word) {
            found.append("\"\(word)\" where the glossary says \"\(term.term)\"")
        }
        return found
    }
}
