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
    /// What it is a form of, by canonical name: what a person buys to have it (`fresh lime
    /// juice`, `lime wedge` → `lime`; `sugar cube` → `sugar`). The bar counts the thing itself
    /// for each of its forms, and Buy next names the thing, never the form.
    public var formOf: String?
    /// Whether this form also counts for the thing and for its other two-way forms (a sugar
    /// cube for superfine sugar); a juice cannot give back a wedge, so fruit forms are one-way.
    public var formBothWays: Bool
    /// What a bottle of it may stand in for, changing the drink a little (`bourbon` → `rye
    /// whiskey`): the bar lists such drinks as makeable with a stand-in, apart from the others.
    public var standsInFor: [String]

    /// Creates a table entry.
    public init(
        name: String, kind: Kind, abv: Double, aliases: [String] = [], parent: String? = nil, formOf: String? = nil,
        formBothWays: Bool = false, standsInFor: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.abv = abv
        self.aliases = aliases
        self.parent = parent
        self.formOf = formOf
        self.formBothWays = formBothWays
        self.standsInFor = standsInFor
    }

    enum CodingKeys: String, CodingKey { case name, kind, abv, aliases, parent, formOf, formBothWays, standsInFor }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        abv = try container.decode(Double.self, forKey: .abv)
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
        parent = try container.decodeIfPresent(String.self, forKey: .parent)
        formOf = try container.decodeIfPresent(String.self, forKey: .formOf)
        formBothWays = try container.decodeIfPresent(Bool.self, forKey: .formBothWays) ?? false
        standsInFor = try container.decodeIfPresent([String].self, forKey: .standsInFor) ?? []
    }

    /// Writes the keys the table's JSON uses, the bar's ones only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(abv, forKey: .abv)
        try container.encode(aliases, forKey: .aliases)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encodeIfPresent(formOf, forKey: .formOf)
        if formBothWays { try container.encode(true, forKey: .formBothWays) }
        if !standsInFor.isEmpty { try container.encode(standsInFor, forKey: .standsInFor) }
    }

    /// The sorts of ingredient the table distinguishes.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case spirit, liqueur
        case fortifiedWine = "fortified wine"
        case wine, beer, bitters, syrup, juice, mixer
        case dairy, egg, fruit, herb, spice, other
    }
}
