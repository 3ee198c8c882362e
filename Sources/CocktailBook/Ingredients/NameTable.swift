/// The names of catalog things in a language other than English (`Strings/names-it.json`), with
/// what its grammar needs to put them in a sentence: each ingredient's gender and number (and
/// the plural of a counted one), and each line note in every form it agrees in.
public struct NameTable: Sendable, Decodable {
    /// A noun's grammatical gender.
    public enum Gender: String, Sendable, Decodable {
        case masculine = "m"
        case feminine = "f"
        /// German's third gender; a note that agrees takes its masculine forms (German notes,
        /// after a comma, do not agree at all).
        case neuter = "n"
    }

    /// A noun's grammatical number.
    public enum Number: String, Sendable, Decodable {
        case singular = "s"
        case plural = "p"
    }

    /// An ingredient's name and grammar.
    public struct Noun: Sendable, Decodable, Equatable {
        /// The name as a recipe line writes one of it (`albume`, `menta fresca`).
        public var name: String
        public var gender: Gender
        /// `plural` for a name that is plural already (`lamponi freschi`).
        public var number: Number
        /// The name for more than one, when a line counts it without a unit (`2 albumi`).
        public var plural: String?
        /// `false` for a foreign word that keeps a whole `di` before its vowel (`di aguardiente`).
        public var elides: Bool?
        /// Other words readers of the language use for it, which search and the bar's forms
        /// take but the book never writes (Spain's `hierbabuena` for mint, Latin America's
        /// `jugo` for `zumo`).
        public var aliases: [String]?

        /// Creates a noun.
        public init(
            name: String, gender: Gender, number: Number, plural: String? = nil, elides: Bool? = nil,
            aliases: [String]? = nil
        ) {
            self.name = name
            self.gender = gender
            self.number = number
            self.plural = plural
            self.elides = elides
            self.aliases = aliases
        }
    }

    /// A line note: one text whatever it qualifies (`per colmare`), or a form for each gender and
    /// number of what it qualifies (`freddo`, `fredda`, `freddi`, `fredde`).
    public enum Note: Sendable, Decodable, Equatable {
        case invariable(String)
        case agreeing(masculine: String, feminine: String, masculinePlural: String, femininePlural: String)

        /// The form that agrees with a noun of `gender` and `number`.
        public func form(_ gender: Gender, _ number: Number) -> String {
            switch self {
            case .invariable(let text): text
            case .agreeing(let m, let f, let mp, let fp):
                switch (gender, number) {
                case (.masculine, .singular), (.neuter, .singular): m
                case (.feminine, .singular): f
                case (.masculine, .plural), (.neuter, .plural): mp
                case (.feminine, .plural): fp
                }
            }
        }

        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .invariable(text)
                return
            }
            let forms = try decoder.singleValueContainer().decode([String: String].self)
            guard let m = forms["m"], let f = forms["f"], let mp = forms["mp"], let fp = forms["fp"] else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "a note needs the forms m, f, mp and fp"))
            }
            self = .agreeing(masculine: m, feminine: f, masculinePlural: mp, femininePlural: fp)
        }
    }

    /// Ingredients by the table's canonical English name.
    public var ingredients: [String: Noun]
    /// Line notes by their English text.
    public var notes: [String: Note]
    /// The catalog's tags (`after-dinner`, `smoky`) by their English text.
    public var tags: [String: String]
    /// The catalog's families, glasses and methods by their raw value (`Spirit-forward`,
    /// `coupe`, `shaken`), as labels show them.
    public var categories: [String: String]
    public var glasses: [String: String]
    public var methods: [String: String]
    /// Units by raw value: the name for one and for more, and its gender where the language's
    /// grammar needs it (an Italian line's article agrees with it).
    public var units: [String: Unit]
    /// How a recipe line links its measure to the ingredient.
    public var grammar: Grammar
    /// `ingredients` by lower-cased key, for names written in another case.
    let lowercased: [String: Noun]

    /// The words between a measure and what it measures, the language's one rule set for recipe
    /// lines: nothing in German (`50 ml Gin`), `de ` in Spanish (`50 ml de ginebra`), `de ` or
    /// `d'` in French and `di ` or `d'` in Italian, elided before a name that starts with one of
    /// `elidesBefore` (`2 traits d'Angostura`; Italian lists lower-case vowels only, so a name
    /// keeps `di`: `2 dash di Angostura`).
    public struct Grammar: Sendable, Decodable, Equatable {
        public var link: String
        public var elidedLink: String?
        public var elidesBefore: String?

        /// No words between measure and name.
        public static let none = Grammar(link: "", elidedLink: nil, elidesBefore: nil)

        public init(link: String, elidedLink: String?, elidesBefore: String?) {
            self.link = link
            self.elidedLink = elidedLink
            self.elidesBefore = elidesBefore
        }

        /// Whether the link elides before `name` (a noun the table marks `elides: false` never does).
        public func elides(before name: String, noun: Noun?) -> Bool {
            guard elidedLink != nil, let first = name.first, let letters = elidesBefore else { return false }
            return (noun?.elides ?? true) && letters.contains(first)
        }

        /// The link written before `name`.
        public func link(before name: String, noun: Noun?) -> String {
            elides(before: name, noun: noun) ? (elidedLink ?? link) : link
        }
    }

    /// A unit's names.
    public struct Unit: Sendable, Decodable, Equatable {
        public var one: String
        public var other: String
        public var gender: Gender?
    }

    enum CodingKeys: String, CodingKey { case ingredients, notes, tags, categories, glasses, methods, units, grammar }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ingredients = try container.decode([String: Noun].self, forKey: .ingredients)
        notes = try container.decode([String: Note].self, forKey: .notes)
        tags = try container.decodeIfPresent([String: String].self, forKey: .tags) ?? [:]
        categories = try container.decodeIfPresent([String: String].self, forKey: .categories) ?? [:]
        glasses = try container.decodeIfPresent([String: String].self, forKey: .glasses) ?? [:]
        methods = try container.decodeIfPresent([String: String].self, forKey: .methods) ?? [:]
        units = try container.decodeIfPresent([String: Unit].self, forKey: .units) ?? [:]
        grammar = try container.decodeIfPresent(Grammar.self, forKey: .grammar) ?? .none
        lowercased = Dictionary(
            ingredients.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The noun for an ingredient named `name` in English, in any case.
    public func noun(_ name: String) -> Noun? {
        ingredients[name] ?? lowercased[name.lowercased()]
    }
}
