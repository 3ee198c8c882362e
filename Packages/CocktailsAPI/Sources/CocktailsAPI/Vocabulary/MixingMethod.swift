/// How a drink is mixed, defined once with its names.
public enum MixingMethod: String, CaseIterable, Sendable, Codable {
    case shaken, stirred, built, blended, muddled, layered, thrown, swizzled

    /// What the app knows about a method.
    public struct Entry: Sendable {
        public let english: String
    }

    public var entry: Entry {
        switch self {
        case .shaken: Entry(english: "Shaken")
        case .stirred: Entry(english: "Stirred")
        case .built: Entry(english: "Built")
        case .blended: Entry(english: "Blended")
        case .muddled: Entry(english: "Muddled")
        case .layered: Entry(english: "Layered")
        case .thrown: Entry(english: "Thrown")
        case .swizzled: Entry(english: "Swizzled")
        }
    }

    /// The method a catalog or an import names, in any case.
    public init?(named name: String) {
        self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
