/// An entry of the canonical ingredient table: what a recipe line's ingredient is.
public struct Ingredient: Sendable, Equatable, Codable, Hashable {
    /// The canonical name, as recipes write it (`London dry gin`).
    public var name: String
    /// What sort of thing it is.
    public var kind: Kind
    /// Typical alcohol by volume, in percent.
    public var abv: Double
    /// Other names recipes use for the same thing (`dry gin`).
    public var aliases: [String]
    /// The family it belongs to, by canonical name (`London dry gin` → `gin`; `Cointreau` →
    /// `triple sec` → `orange liqueur`): a bottle of it stands for its family, never the other
    /// way round. Only true families: lime juice is not a kind of lemon juice.
    public var parent: String?

    /// Creates a table entry.
    public init(name: String, kind: Kind, abv: Double, aliases: [String] = [], parent: String? = nil) {
        self.name = name
        self.kind = kind
        self.abv = abv
        self.aliases = aliases
        self.parent = parent
    }

    enum CodingKeys: String, CodingKey { case name, kind, abv, aliases, parent }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        abv = try container.decode(Double.self, forKey: .abv)
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
        parent = try container.decodeIfPresent(String.self, forKey: .parent)
    }

    /// The sorts of ingredient the table distinguishes.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case spirit, liqueur
        case fortifiedWine = "fortified wine"
        case wine, beer, bitters, syrup, juice, mixer
        case dairy, egg, fruit, herb, spice, other
    }
}
