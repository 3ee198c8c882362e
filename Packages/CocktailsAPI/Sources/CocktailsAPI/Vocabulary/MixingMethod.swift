/// How a drink is mixed, defined once with its names.
public enum MixingMethod: String, CaseIterable, Sendable, Codable {
    case shaken, stirred, built, blended, muddled, layered, thrown, swizzled

    /// What the app knows about a method.
    public struct Entry: Sendable {
        public let english: String
        public let italian: String
    }

    public var entry: Entry {
        switch self {
        case .shaken: Entry(english: "Shaken", italian: "shakerato")
        case .stirred: Entry(english: "Stirred", italian: "mescolato")
        case .built: Entry(english: "Built", italian: "direttamente nel bicchiere")
        case .blended: Entry(english: "Blended", italian: "frullato")
        case .muddled: Entry(english: "Muddled", italian: "pestato")
        case .layered: Entry(english: "Layered", italian: "a strati")
        case .thrown: Entry(english: "Thrown", italian: "versato a cascata (throwing)")
        case .swizzled: Entry(english: "Swizzled", italian: "swizzle")
        }
    }

    /// The method a catalog or an import names, in any case.
    public init?(named name: String) {
        self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
