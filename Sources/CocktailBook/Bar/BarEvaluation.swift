import CocktailsAPI

/// What a shelf can make: the drinks it makes now and those one ingredient away, each with
/// the reasons.
public struct BarEvaluation: Sendable {
    /// How a needed ingredient is covered.
    public enum How: String, Sendable, Equatable {
        /// The very bottle is on the shelf.
        case own
        /// A bottle of its family is (London dry gin for gin).
        case family
        /// A built-in substitution.
        case builtInRule = "built-in"
        /// A substitution the person added.
        case yourRule = "yours"
        /// Another form of the same thing (a sugar cube from sugar, lime juice from limes).
        case form
        /// A reviewed stand-in that changes the drink (bourbon for rye whiskey): such drinks are
        /// makeable with a stand-in, not now.
        case standIn = "stand-in"
        /// A house-made ingredient whose recipe the shelf covers: honey syrup from your honey.
        case houseMade = "house-made"

        var code: UInt8 {
            switch self {
            case .own: 1
            case .family: 2
            case .builtInRule: 3
            case .yourRule: 4
            case .form: 5
            case .standIn: 6
            case .houseMade: 7
            }
        }

        init?(code: UInt8) {
            switch code {
            case 1: self = .own
            case 2: self = .family
            case 3: self = .builtInRule
            case 4: self = .yourRule
            case 5: self = .form
            case 6: self = .standIn
            case 7: self = .houseMade
            default: return nil
            }
        }
    }

    /// `needed ← have`, and how.
    public struct Match: Sendable, Equatable {
        public var needed: String
        public var have: String
        public var how: How
        /// For a house-made ingredient, about how long a batch takes to make.
        public var minutes: Int?

        public init(needed: String, have: String, how: How, minutes: Int? = nil) {
            self.needed = needed
            self.have = have
            self.how = how
            self.minutes = minutes
        }
    }

    /// One drink with what it lacks and how the rest is covered.
    public struct Entry: Sendable, Equatable {
        /// The drink's position in the catalog.
        public var position: Int
        /// The one ingredient it lacks, if any (its value).
        public var missing: [String]
        /// Every ingredient covered by something other than itself, stand-ins included.
        public var matchedBy: [Match]
        /// The stand-ins among them (`rye whiskey ← bourbon`): empty for a drink makeable now.
        public var standIns: [Match] { matchedBy.filter { $0.how == .standIn } }
        /// Garnishes and optional lines not on the shelf.
        public var niceToHave: [String]
    }

    let index: BarIndex
    let have: [Int32]
    let how: [UInt8]
    /// The positions of the drinks the shelf makes now, in catalog order: every line covered
    /// by its own bottle, a family's, a form of it or a rule, never a stand-in.
    public let canMakePositions: [Int]
    /// The positions of the drinks the shelf makes only with a stand-in, in catalog order.
    public let standInPositions: [Int]
    /// The positions of the drinks one ingredient away, in catalog order…
    public let oneAwayPositions: [Int]
    /// …and, for each, the node it lacks.
    let oneAwayMissing: [Int32]

    /// The drinks makeable now, with their explanations.
    public var canMake: [Entry] { canMakePositions.compactMap(entry(at:)) }
    /// The drinks makeable with a stand-in, with their explanations.
    public var withStandIn: [Entry] { standInPositions.compactMap(entry(at:)) }
    /// The drinks one ingredient away, with their explanations.
    public var oneAway: [Entry] { oneAwayPositions.compactMap(entry(at:)) }

    /// The explanation of the drink at `position`: what it lacks and how the rest is covered.
    public func entry(at position: Int) -> Entry? {
        guard index.required.indices.contains(position) else { return nil }
        // Arrays are only made when there is something to put in them: most drinks of a
        // "now" list have nothing missing and every line on the shelf as written.
        let names = index.names
        var missing: [String] = []
        var matchedBy: [Match] = []
        var niceToHave: [String] = []
        func read(_ listed: Int32, required: Bool) {
            // A line naming alternatives speaks of the one that covers it, or of its first.
            let node = index.groups[listed].map { index.bestCovered($0, how: how) ?? $0[0] } ?? listed
            // A line that insists on its bottle is covered as the line is (a family's bottle
            // only stands in), and named by its ingredient.
            let code = index.exactOf[node] == listed ? how[Int(listed)] : how[Int(node)]
            if code == 0 {
                if required { missing.append(names[Int(node)]) } else { niceToHave.append(names[Int(node)]) }
            } else if code != How.own.code, let kind = How(code: code) {
                let recipe = kind == .houseMade ? index.houseOf[Int(node)] : -1
                matchedBy.append(
                    Match(
                        needed: names[Int(node)], have: names[Int(have[Int(node)])], how: kind,
                        minutes: recipe >= 0 ? index.house[Int(recipe)].minutes : nil))
            }
        }
        for node in index.required[position] {
            read(node, required: true)
            if missing.count > 1 { return nil }
        }
        for node in index.optional[position] { read(node, required: false) }
        return Entry(position: position, missing: missing, matchedBy: matchedBy, niceToHave: niceToHave)
    }

    /// A bottle to buy: the value and the positions of the drinks it would complete.
    public struct Suggestion: Sendable, Equatable {
        public var value: String
        public var positions: [Int]
        public var unlocks: Int { positions.count }
        /// The house-made ingredients it makes those drinks through (`honey syrup` for honey).
        public var through: [String] = []
    }

    /// What to buy next: what a person buys for each missing ingredient of the one-away drinks
    /// (lemons for fresh lemon juice), with the drinks it completes (each drink once), most
    /// drinks first, then by name.
    public func suggestions() -> [Suggestion] {
        var byNode: [Int32: [Int]] = [:]
        var through: [Int32: [Int32]] = [:]
        for (position, node) in zip(oneAwayPositions, oneAwayMissing) {
            // A house-made ingredient whose recipe lacks one thing: buying that thing is enough.
            let buy = index.toBuy(for: node, how: how)
            let bought = buy.count == 1 ? buy[0] : index.forms.purchase[Int(node)]
            byNode[bought, default: []].append(position)
            if index.houseOf[Int(node)] >= 0, bought != node, !(through[bought] ?? []).contains(node) {
                through[bought, default: []].append(node)
            }
        }
        return byNode.map {
            Suggestion(
                value: index.names[Int($0.key)], positions: $0.value,
                through: (through[$0.key] ?? []).map { index.names[Int($0)] }.sorted())
        }.sorted {
            $0.unlocks != $1.unlocks
                ? $0.unlocks > $1.unlocks : $0.value.localizedCaseInsensitiveCompare($1.value) == .orderedAscending
        }
    }

    /// Per bottle, how many of the drinks it makes use it: those makeable now and with a
    /// stand-in ("Angostura bitters — in 7 drinks you can make").
    public func drinksEnabled() -> [String: Int] {
        var counts: [Int32: Int] = [:]
        for position in canMakePositions + standInPositions {
            var seen = Set<Int32>()
            for node in index.required[position] where seen.insert(have[Int(node)]).inserted {
                counts[have[Int(node)], default: 0] += 1
            }
        }
        return Dictionary(uniqueKeysWithValues: counts.map { (index.names[Int($0.key)], $0.value) })
    }
}
