import Foundation

/// The drinks' words in the languages whose `Strings/catalog-<code>.json` the book has: the file
/// maps a drink's id to its English name and its ``CocktailTexts`` in that language (`{"30":
/// {"name": "Negroni", "shortDescription": …}}`), so a language's catalog
/// translation ships (or is added through `COCKTAILBOOK_LANGUAGES`) as a file of its own, beside
/// its interface strings, instead of inside the catalog. A drink takes the texts filed under its
/// id and its name (another source's drink that happens to have the same id is not it); its own
/// `translations` win over the file's; a drink the file does not name shows its English text.
public enum CatalogTranslations {
    /// Per language code, the texts by drink id, read once (a file that does not read is left out
    /// with one line on stderr, and its language shows English drinks).
    public static let byLanguage: [String: [String: Entry]] = {
        var found: [String: [String: Entry]] = [:]
        for language in Language.allCases where language != .english {
            let name = "catalog-\(language.rawValue).json"
            for folder in Language.stringsFolders {
                let url = folder.appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                do {
                    let texts = try JSONDecoder().decode([String: Entry].self, from: data)
                    found[language.rawValue, default: [:]].merge(texts) { _, later in later }
                } catch {
                    FileHandle.standardError.write(
                        Data("cocktailbook: \(url.path) is not a catalog translation: \(error)\n".utf8))
                }
            }
        }
        return found
    }()

    /// One drink's entry: the English name it is filed under, and its words.
    public struct Entry: Sendable, Decodable {
        public var name: String
        public var texts: CocktailTexts

        public init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .name)
            texts = try CocktailTexts(from: decoder)
        }

        private enum Key: String, CodingKey { case name }
    }

    /// `cocktails` with every language's file texts added where a drink has none of its own.
    public static func adding(to cocktails: [Cocktail]) -> [Cocktail] {
        let tables = byLanguage
        guard !tables.isEmpty else { return cocktails }
        return cocktails.map { cocktail in
            var drink = cocktail
            for (code, entries) in tables where drink.translations?[code] == nil {
                // A drink whose steps or variants changed since it was translated keeps English.
                guard let entry = entries[drink.id], entry.name == drink.name,
                    (entry.texts.instructions?.count ?? 0) == (drink.instructions?.count ?? 0),
                    (entry.texts.variants?.count ?? 0) == (drink.variants?.count ?? 0)
                else { continue }
                drink.translations = (drink.translations ?? [:]).merging([code: entry.texts]) { own, _ in own }
            }
            return drink
        }
    }
}
