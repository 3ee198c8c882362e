import Foundation

/// Reads a TheCocktailDB dump (`{"drinks":[…]}` or a bare array of drinks) into our catalog JSON,
/// strictly: where the live fetcher forgives, an import refuses, so that a damaged dump changes
/// nothing.
public enum TheCocktailDBDump {
    /// Why a dump was refused as a whole.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The reason, in words, naming the entry when there is one.
        public var description: String
    }

    /// Whether `object` (parsed JSON) looks like TheCocktailDB's shape rather than ours: an
    /// object with a `drinks` key, or an array whose first element has an `idDrink` key.
    public static func isDump(_ object: Any) -> Bool {
        if let dictionary = object as? [String: Any] { return dictionary.keys.contains("drinks") }
        if let array = object as? [Any], let first = array.first as? [String: Any] {
            return first.keys.contains("idDrink") || first.keys.contains("strDrink")
        }
        return false
    }

    /// The drink records of a parsed dump, each checked to hold only strings and nulls.
    ///
    /// - Throws: ``Refusal`` when the dump is not an object with a `drinks` array (or `null`), or
    ///   an array; when an entry is not an object; or when a value is neither a string nor null.
    public static func records(in object: Any) throws -> [[String: Any]] {
        let list: [Any]
        if let dictionary = object as? [String: Any] {
            if dictionary["drinks"] is NSNull { return [] }
            guard let drinks = dictionary["drinks"] as? [Any] else {
                throw Refusal(description: "\"drinks\" is not an array")
            }
            list = drinks
        } else if let array = object as? [Any] {
            list = array
        } else {
            throw Refusal(description: "the file is neither a JSON object nor an array")
        }
        return try list.enumerated().map { index, element in
            guard let record = element as? [String: Any] else {
                throw Refusal(description: "entry \(index) is not an object")
            }
            for (key, value) in record where !(value is NSNull) {
                // JSONSerialization reads numbers and booleans as NSNumber; neither is a string.
                guard value is String, !(value is NSNumber) else {
                    let id = (record["idDrink"] as? String).map { " (idDrink \($0))" } ?? ""
                    throw Refusal(description: "entry \(index)\(id): \(key) has the wrong type")
                }
            }
            return record
        }
    }

    /// One record as an object of our catalog JSON (with `imageURL` from `strDrinkThumb`), or
    /// `nil` when it has no id or no name.
    public static func catalogObject(from record: [String: Any]) -> [String: Any]? {
        let drink = TheCocktailDBDrink(fields: record.compactMapValues { $0 as? String })
        guard let entry = drink.catalogEntry(),
            let data = try? JSONEncoder().encode(entry),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object
    }
}
