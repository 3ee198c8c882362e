import Foundation

/// Turns the recipe source's JSON into cocktails, one entry at a time, so that a single bad entry
/// costs that entry and not the whole catalog.
public enum CatalogDecoder {
    /// The outcome of decoding a payload: the usable cocktails and what was left out.
    public struct Outcome: Sendable, Equatable {
        /// The cocktails that decoded, in source order.
        public var cocktails: [Cocktail]
        /// The entries that were skipped, with the reason for each.
        public var skipped: [SkippedEntry]
        /// In a strict reading, the first entry with a value of the wrong type, which refuses the
        /// whole payload (its reason names the entry's key).
        public var refused: SkippedEntry?
    }

    /// An entry of the payload that could not be used.
    public struct SkippedEntry: Sendable, Equatable, CustomStringConvertible {
        /// Where the entry stands in the payload's array, from zero.
        public var index: Int
        /// The entry's `id`, if it had a readable one.
        public var id: String?
        /// Why it was skipped, in words.
        public var reason: String

        public var description: String { "entry \(index)\(id.map { " (id \($0))" } ?? ""): \(reason)" }
    }

    /// Decodes a catalog payload; `strict`ly for an import (see ``Cocktail/strictDecoding``),
    /// where a value of the wrong type is reported in ``Outcome/refused``.
    ///
    /// - Throws: ``CatalogError/malformedPayload(_:)`` when the payload is not a JSON array.
    public static func decode(_ data: Data, strict: Bool = false) throws -> Outcome {
        let entries: [Entry]
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[Cocktail.strictDecoding] = strict
            entries = try decoder.decode([Entry].self, from: data)
        } catch DecodingError.typeMismatch {
            throw CatalogError.malformedPayload("the catalog is not a JSON array")
        } catch {
            throw CatalogError.malformedPayload("the catalog is not valid JSON")
        }
        var outcome = Outcome(cocktails: [], skipped: [], refused: nil)
        var seen = Set<String>()
        for (index, entry) in entries.enumerated() {
            switch entry.result {
            case .success(let cocktail) where seen.contains(cocktail.id):
                outcome.skipped.append(.init(index: index, id: cocktail.id, reason: "duplicate id"))
            case .success(let cocktail):
                seen.insert(cocktail.id)
                outcome.cocktails.append(cocktail)
            case .failure(let reason) where reason.wrongType && strict:
                outcome.refused = outcome.refused ?? .init(index: index, id: entry.id, reason: reason.text)
            case .failure(let reason):
                outcome.skipped.append(.init(index: index, id: entry.id, reason: reason.text))
            }
        }
        // The recipe source's drinks get the languages shipped as files; an import keeps its own.
        if !strict { outcome.cocktails = CatalogTranslations.adding(to: outcome.cocktails) }
        return outcome
    }

    private struct Reason: Error {
        var text: String
        var wrongType = false
    }

    /// One array element, decoded without ever failing the array.
    private struct Entry: Decodable {
        var id: String?
        var result: Result<Cocktail, Reason>

        init(from decoder: any Decoder) throws {
            let loose = try? decoder.container(keyedBy: Cocktail.CodingKeys.self)
            id = try? loose?.decode(String.self, forKey: .id)
            do {
                let cocktail = try Cocktail(from: decoder)
                try Self.validate(cocktail)
                result = .success(cocktail)
            } catch let reason as Reason {
                result = .failure(reason)
            } catch DecodingError.typeMismatch(_, let context)
                where decoder.userInfo[Cocktail.strictDecoding] as? Bool == true
            {
                // A strict reading names the entry's own key (`variants`, not `variants.name`).
                let key = context.codingPath.dropFirst(decoder.codingPath.count).first?.stringValue
                result = .failure(Reason(text: "\(key ?? "the entry") has the wrong type", wrongType: true))
            } catch {
                result = .failure(Reason(text: Self.describe(error)))
            }
        }

        static func validate(_ cocktail: Cocktail) throws {
            if cocktail.id.isEmpty || !CocktailID.isValid(cocktail.id) { throw Reason(text: "the id is not usable") }
            if cocktail.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw Reason(text: "the name is empty")
            }
            if cocktail.preparationMinutes < 0 { throw Reason(text: "preparationMinutes is negative") }
        }

        static func describe(_ error: any Error) -> String {
            switch error {
            case DecodingError.keyNotFound(let key, _):
                return "missing \(key.stringValue)"
            case DecodingError.valueNotFound(_, let context):
                return "missing \(context.codingPath.last?.stringValue ?? "value")"
            case DecodingError.typeMismatch(_, let context):
                // The array position is already in the report; name only the field.
                let field = context.codingPath.filter { $0.intValue == nil }.map(\.stringValue).joined(separator: ".")
                return "\(field.isEmpty ? "the entry" : field) has the wrong type"
            case DecodingError.dataCorrupted(let context):
                let key = context.codingPath.last?.stringValue ?? "entry"
                return key == "type" ? "unknown type" : "\(key) is not valid"
            default:
                return "unreadable entry"
            }
        }
    }
}
