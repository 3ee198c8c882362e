import CocktailsAPI

/// Estimates a cocktail's strength from its recipe and its steps.
///
/// The model: every line that ends up in the glass contributes its volume and `volume × ABV` of
/// alcohol. What does not end up in the glass counts for nothing: a rinse that is discarded, a
/// serving on the side. Solids count as nothing except what they give the drink: granulated sugar
/// dissolves to about half its spoon volume, and a muddled lime, lemon or orange gives its juice
/// (a lime about 25 ml, a lemon 35, an orange 60; a wedge an eighth of that).
///
/// Dilution is measured, not guessed: Dave Arnold (Liquid Intelligence, 2014) measured the water
/// a drink of ABV `x` (a fraction) takes from the ice, as a share of its undiluted volume:
///
/// - stirred: `−1.21·x² + 1.246·x + 0.145`
/// - shaken: `−1.567·x² + 1.742·x + 0.203`
///
/// so a Daiquiri (x ≈ 0.28) gains about 57 % water and a Manhattan (x ≈ 0.36) about 44 %. The
/// other methods are assumptions stated here: a drink packed with crushed ice and stirred or
/// swizzled in it (a julep, a swizzle, a muddled Caipirinha) melts as much as a shaken one;
/// a built drink stirred in its glass over ice until cold (a step that stirs "to chill", "until
/// cold", "to dilute": an Old Fashioned, a Negroni on the rocks) takes the whole stirred figure,
/// as it would in a mixing glass, and one only given a stir to mix, half of it; a built drink
/// merely poured over ice, 10 %; a blended drink takes the water of the ice blended into it
/// (half the measured volume of crushed ice; 10 % when none is measured); layered, none.
/// A built or muddled drink that the steps shake is diluted as shaken.
///
/// Top-ups and sparkling lines poured over a drink shaken or stirred apart are not diluted with
/// it. A top-up counts its volume as written; a bare "to top" fills the room the glass has left
/// (its capacity, less about 45 % for ice cubes or crushed ice, less the drink), between a
/// splash (15 ml, or when the step says a splash) and 90 ml; in a glass of unknown size, 90 ml.
/// ABV = alcohol ÷ final volume.
public enum ABVEstimator {
    /// How a drink meets its ice, as far as the water it takes is concerned.
    public enum Dilution: Sendable, Equatable {
        /// Arnold's stirred curve.
        case stirred
        /// Arnold's shaken curve (also a drink packed with crushed ice and stirred in it).
        case shaken
        /// Half of Arnold's stirred curve: given a stir in its own glass over ice, to mix it.
        case stirredInGlass
        /// A fixed share of the undiluted volume.
        case fixed(Double)

        /// Water taken from the ice by a drink whose undiluted ABV is `x` (a fraction),
        /// as a share of its undiluted volume.
        public func water(atABV x: Double) -> Double {
            switch self {
            case .stirred: ABVEstimator.stirred(x)
            case .shaken: ABVEstimator.shaken(x)
            case .stirredInGlass: ABVEstimator.stirred(x) / 2
            case .fixed(let share): share
            }
        }
    }

    /// Arnold's measured dilution of a stirred drink of ABV `x`: −1.21·x² + 1.246·x + 0.145.
    public static func stirred(_ x: Double) -> Double { -1.21 * x * x + 1.246 * x + 0.145 }

    /// Arnold's measured dilution of a shaken drink of ABV `x`: −1.567·x² + 1.742·x + 0.203.
    public static func shaken(_ x: Double) -> Double { -1.567 * x * x + 1.742 * x + 0.203 }

    /// How a drink made by `method` meets its ice, before the steps say more.
    public static func dilution(for method: MixingMethod?) -> Dilution {
        switch method {
        case .stirred: .stirred
        case .shaken: .shaken
        case .swizzled: .shaken
        case .thrown: .stirred
        case .built, .muddled, .blended: .fixed(0.10)
        case .layered: .fixed(0)
        case nil: .fixed(0.10)
        }
    }

    /// How a drink made by `method` as its `steps` describe it meets its ice.
    public static func dilution(for method: MixingMethod?, steps: [String]) -> Dilution {
        let base = dilution(for: method)
        guard method == .built || method == .muddled else { return base }
        let text = steps.joined(separator: " ").lowercased()
        if text.contains("shake") { return .shaken }
        if text.contains("crushed ice"), text.contains("stir") || text.contains("swizzle") || method == .muddled {
            return .shaken
        }
        if text.contains("stir"), text.contains("ice") {
            // Stirred in its own glass until cold (an Old Fashioned, a Negroni on the rocks): the
            // ice gives what a mixing glass's would, Arnold's whole curve. A stir that only
            // mixes (a highball given a turn) takes half of it.
            let chills = steps.contains { step in
                let step = step.lowercased()
                return step.contains("stir") && ["chill", "cold", "dilute"].contains(where: step.contains)
            }
            return chills ? .stirred : .stirredInGlass
        }
        return base
    }

    /// The estimated ABV in percent, or `nil` when no line has a known volume and ingredient.
    ///
    /// Lines whose ingredient is not in the table count as volume without alcohol. `glass` and
    /// `ice` (the drawing's `none`, `cubes`, `crushed`, `large-cube`) size a bare top-up.
    public static func estimate(
        _ lines: [RecipeLine], method: MixingMethod?, steps: [String] = [], table: IngredientTable,
        glass: Glass? = nil, ice: String? = nil
    ) -> Double? {
        serving(lines, method: method, steps: steps, table: table, glass: glass, ice: ice).map {
            $0.alcohol / $0.volume * 100
        }
    }

    /// Millilitres of alcohol and of drink in one serving, once diluted and topped.
    static func serving(
        _ lines: [RecipeLine], method: MixingMethod?, steps: [String], table: IngredientTable, glass: Glass?,
        ice: String?
    ) -> (alcohol: Double, volume: Double)? {
        guard let pour = pour(lines, method: method, steps: steps, table: table),
            pour.volume > 0 || !pour.bareTops.isEmpty
        else { return nil }
        let text = steps.map { $0.lowercased() }
        // What sparkles or tops the drink goes in after a shake or a stir in the mixing glass.
        let mixedApart = method == .shaken || method == .stirred || text.contains { $0.contains("shake") }
        let withIce = mixedApart ? pour.volume - pour.sparkling : pour.volume
        let alcoholWithIce = mixedApart ? pour.alcohol - pour.sparklingAlcohol : pour.alcohol
        var water: Double
        if method == .blended, pour.blendedIce > 0 {
            water = pour.blendedIce / 2
        } else {
            let x = withIce > 0 ? alcoholWithIce / withIce : 0
            water = withIce * dilution(for: method, steps: steps).water(atABV: x)
        }
        var volume = pour.volume + water
        var alcohol = pour.alcohol
        if !pour.bareTops.isEmpty {
            let splash = text.contains { $0.contains("top") && $0.contains("splash") }
            var top = 90.0
            if splash {
                top = 15
            } else if let capacity = glass?.entry.capacity {
                let room = capacity * (ice == nil || ice == "none" ? 0.9 : 0.55) - volume
                top = min(90, max(15, room / Double(pour.bareTops.count)))
            }
            volume += top * Double(pour.bareTops.count)
            alcohol += pour.bareTops.reduce(0) { $0 + top * $1 }
        }
        guard volume > 0 else { return nil }
        return (alcohol, volume)
    }

    /// Grams of alcohol in one serving (ethanol weighs 0.789 g per ml), or `nil` when no line
    /// has a known volume. Dilution changes the strength, not the alcohol; a bare top-up of
    /// sparkling wine brings its own, sized as ``estimate(_:method:steps:table:glass:ice:)`` sizes it.
    public static func alcoholGrams(
        _ lines: [RecipeLine], method: MixingMethod? = nil, steps: [String] = [], table: IngredientTable,
        glass: Glass? = nil, ice: String? = nil
    ) -> Double? {
        serving(lines, method: method, steps: steps, table: table, glass: glass, ice: ice).map { $0.alcohol * 0.789 }
    }

    /// What goes into the glass: the volume of the measured lines, the part of it that sparkles
    /// (and goes in after a shake or stir), their alcohol, how many bare top-ups follow, and the
    /// crushed ice measured into a blender.
    struct Pour {
        var volume = 0.0
        var sparkling = 0.0
        var alcohol = 0.0
        var sparklingAlcohol = 0.0
        /// The alcohol share (0…1) of each top-up written without an amount.
        var bareTops: [Double] = []
        var blendedIce = 0.0
    }

    static func pour(_ lines: [RecipeLine], method: MixingMethod?, steps: [String], table: IngredientTable) -> Pour? {
        let text = steps.map { $0.lowercased() }
        let muddled = method == .muddled || text.contains { $0.contains("muddle") }
        var pour = Pour()
        var counted = false
        for line in lines {
            let words = line.text.lowercased()
            if words.contains("rinse") || words.contains("on the side") { continue }
            let ingredient = table.ingredient(for: line)
            let name = (ingredient?.name ?? line.ingredient ?? "").lowercased()
            if ingredient?.kind == .other, name.split(separator: " ").contains("ice") {
                if method == .blended, let perUnit = line.unit?.millilitres {
                    pour.blendedIce += (line.amount?.typical ?? 1) * perUnit
                }
                continue
            }
            let abv = ingredient?.abv ?? 0
            if line.unit == .top, line.amount == nil {
                // A bare top-up: its volume depends on the glass; it dilutes by its own volume.
                pour.bareTops.append(abv / 100)
                counted = true
                continue
            }
            guard let millilitres = millilitres(of: line, table: table, muddled: muddled) else { continue }
            counted = true
            pour.volume += millilitres
            pour.alcohol += millilitres * abv / 100
            if line.unit == .top || DrinkBody.fizzyWords.contains(where: name.contains) {
                pour.sparkling += millilitres
                pour.sparklingAlcohol += millilitres * abv / 100
            }
        }
        return counted ? pour : nil
    }

    /// The ingredients of lines that pour a volume (or top the drink up) but that `table` does
    /// not know, each once in recipe order: counting them as water would show a weaker drink.
    public static func unknownStrengths(_ lines: [RecipeLine], table: IngredientTable) -> [String] {
        var names: [String] = []
        for line in lines where table.ingredient(for: line) == nil {
            guard let name = line.ingredient?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
                line.unit == .top || millilitres(of: line, table: table) != nil,
                !names.contains(name)
            else { continue }
            names.append(name)
        }
        return names
    }

    /// Juice in one muddled fruit, in millilitres.
    static let juicePerFruit: [String: Double] = ["lime": 25, "lemon": 35, "orange": 60]

    /// The volume a line adds to the drink, in millilitres.
    static func millilitres(of line: RecipeLine, table: IngredientTable, muddled: Bool = false, splashTop: Bool = false)
        -> Double?
    {
        // A bare top-up the steps call a splash pours 15 ml; otherwise a glass's worth (the
        // drawings' figure; the estimate sizes it by the glass).
        let ingredient = table.ingredient(for: line)
        let name = ingredient?.name.lowercased() ?? ""
        if name.contains("ice"), ingredient?.kind == .other { return nil }
        if line.unit == .top, splashTop { return (line.amount?.typical ?? 1) * 15 }
        if muddled, ingredient?.kind == .fruit, let juice = juicePerFruit[name], line.unit == nil || line.unit == .wedge
        {
            return (line.amount?.typical ?? 1) * juice * (line.unit == .wedge ? 0.125 : 1)
        }
        if let unit = line.unit {
            guard let perUnit = unit.millilitres else { return nil }
            let volume = (line.amount?.typical ?? 1) * perUnit
            // Granulated sugar: a spoonful dissolves into about half its volume of syrup.
            return name.contains("sugar") && ingredient?.kind == .other ? volume * 0.5 : volume
        }
        // Countables without a unit: an egg white is about 30 ml, a yolk 15 ml; others are solids.
        guard let amount = line.amount?.typical, let ingredient else { return nil }
        switch ingredient.kind {
        case .egg: return amount * (ingredient.name.lowercased().contains("yolk") ? 15 : 30)
        default: return nil
        }
    }
}
