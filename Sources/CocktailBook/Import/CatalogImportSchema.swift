import Foundation

/// The JSON types of our catalog format's keys, checked before decoding so that a wrong type
/// refuses an import instead of quietly skipping the entry as a refresh would.
enum CatalogImportSchema {
    enum Kind { case string, number, boolean, strings, object, variants }

    static let kinds: [String: Kind] = [
        "id": .string, "name": .string, "type": .string, "shortDescription": .string, "longDescription": .string,
        "preparationMinutes": .number, "imageName": .string, "ingredients": .strings, "glass": .string,
        "illustration": .object, "category": .string, "method": .string, "instructions": .strings,
        "garnish": .string, "tags": .strings, "iba": .string, "dateModified": .string, "imageURL": .string,
        "preparationEstimated": .boolean, "video": .string, "imageAttribution": .string, "imageSource": .string,
        "variants": .variants,
    ]

    /// - Throws: ``ImportError/wrongType(_:)`` naming the first entry and key that break the schema.
    static func check(_ entries: [Any]) throws {
        for (index, element) in entries.enumerated() {
            guard let entry = element as? [String: Any] else {
                throw ImportError.wrongType("entry \(index) is not an object")
            }
            for (key, value) in entry where !(value is NSNull) {
                guard let kind = kinds[key], !matches(value, kind) else { continue }
                let id = (entry["id"] as? String).map { " (id \($0))" } ?? ""
                throw ImportError.wrongType("entry \(index)\(id): \(key) has the wrong type")
            }
        }
    }

    private static func matches(_ value: Any, _ kind: Kind) -> Bool {
        switch kind {
        case .string: return value is String && !(value is NSNumber)
        case .number: return value is NSNumber && !(value is String)
        // JSONSerialization reads `true` and `false` as NSNumber, like numbers.
        case .boolean: return value is NSNumber && !(value is String)
        case .strings: return (value as? [Any])?.allSatisfy { $0 is String && !($0 is NSNumber) } ?? false
        case .object: return value is [String: Any]
        case .variants:
            // Each a name, its lines and at most a description, all text.
            return (value as? [Any])?.allSatisfy { element in
                guard let variant = element as? [String: Any] else { return false }
                return matches(variant["name"] ?? NSNull(), .string)
                    && matches(variant["ingredients"] ?? NSNull(), .strings)
                    && (variant["description"].map { $0 is NSNull || matches($0, .string) } ?? true)
            } ?? false
        }
    }
}
