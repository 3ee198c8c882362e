import CocktailBook
import CocktailsAPI
import Foundation

/// Draws each cocktail's picture as SVG from its recipe data, so the app ships no photos.
/// The drawing is a pure function of the cocktail: same data, same bytes, same version.
public enum CocktailIllustration {
    /// The SVG document for a cocktail's picture.
    public static func svg(for cocktail: Cocktail) -> String {
        svg(for: cocktail, jitterSeed: cocktail.id)
    }

    /// The drawing with the ice's wobble seeded by `jitterSeed`: the tests draw every drink with
    /// one seed to compare what is designed, not where the cubes happened to fall.
    static func svg(for cocktail: Cocktail, jitterSeed: String) -> String {
        let glass = cocktail.glass ?? defaultGlass
        var shape = glasses[glass] ?? glasses[defaultGlass] ?? fallbackShape
        let hints = cocktail.illustration ?? fallbackHints
        let drink = DrinkColor(hex: hints.color) ?? .amber
        let body = recipeTable.map {
            DrinkBody(cocktail.recipe, method: cocktail.method, steps: cocktail.instructions ?? [], table: $0)
        }
        if let body { shape = filled(shape, glass: glass, volume: body.volume, ice: hints.ice) }
        var bands = LiquidBands.resolve(hints.layers, drink: drink)
        if body?.foam == true { bands = foamed(bands, drink: drink, share: 1.0 / 6) }
        if body?.froth == true, shape.material == .glass { bands = foamed(bands, drink: drink, share: 1.0 / 16) }
        // What is seen from above (the surface, the mouth of an opaque cup) is the top band.
        let top = bands.last?.color ?? drink

        let prefix = "i" + String(ContentHash.hex(of: cocktail.id.utf8).prefix(6))
        let ids = GlassPainter.IDs(prefix: prefix)
        let canvas = SceneBackdrop.canvas(for: shape.family)
        var jitter = Jitter(seed: jitterSeed)
        let garnish = layoutGarnishes(hints.garnishes, on: shape)
        let title =
            "\(SVGText.escape(cocktail.name)) in a \(glass.englishPhrase)"

        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(canvas.viewBox)\""
            + " width=\"\(canvas.pixelWidth)\" height=\"\(canvas.pixelHeight)\" role=\"img\">"
            + "<title>\(title)</title>"
            + SceneBackdrop.style(drink: drink)
            + GlassPainter.defs(shape, drink: drink, bands: bands, ids: ids)
            + SceneBackdrop.paint(canvas, gradientID: ids.backdrop, shadowHalfWidth: shape.shadowHalfWidth)
            + GlassPainter.base(shape)
        switch shape.material {
        case .glass:
            let ice = IceArt.inGlass(hints.ice, shape: shape, jitter: &jitter)
            // Garnishes inside the mouth go before the wall so its tint and gloss lie over them.
            let bubbles = body.map { Self.bubbles(fizz: $0.fizz, in: shape) } ?? ""
            out +=
                GlassPainter.liquid(shape, drink: top, ids: ids, submerged: garnish.submerged + bubbles, ice: ice)
                + garnish.inside + GlassPainter.glassFront(shape, ids: ids)
        case .metal(let light, let dark):
            let ice = IceArt.inCup(hints.ice, shape: shape, jitter: &jitter)
            // Only the mouth shows, so a fizzy drink's bubbles show on its surface.
            let bubbles = body.map { Self.surfaceBubbles(fizz: $0.fizz, in: shape) } ?? ""
            out +=
                GlassPainter.metalCup(shape, drink: top, ids: ids, light: light, dark: dark, ice: ice) + bubbles
                + garnish.submerged + garnish.inside
        }
        return out + garnish.front + "</svg>"
    }

    /// The ingredient table the drawings read recipes against (the bundled one).
    static let recipeTable = try? IngredientTable(json: BundledCatalog.ingredientsData)

    /// The share of a glass the ice takes, by kind.
    static let iceShare: [String: Double] = ["cubes": 0.35, "crushed": 0.4, "large-cube": 0.25]

    /// `shape` with its drink as high as `volume` millilitres reach once the ice is in: half
    /// the height at the least (a drawing of an almost empty glass reads as a mistake), full at most,
    /// in steps of 2 %. An opaque cup shows only its mouth, so it is always full.
    static func filled(_ shape: GlassShape, glass: Glass, volume: Double, ice: String) -> GlassShape {
        guard shape.material == .glass, let capacity = glass.entry.capacity, volume > 0 else { return shape }
        let room = capacity * (1 - (iceShare[ice] ?? 0))
        // A glass that widens upwards holds most of its drink near the top: a cone's height goes
        // with the cube root of its volume, a round bowl's roughly with the square root.
        let height = pow(min(1, volume / room), glass.entry.fillExponent)
        let level = (max(0.5, height) * 50).rounded() / 50
        var filled = shape
        filled.liquidTop = shape.liquidBottom - (shape.liquidBottom - shape.liquidTop) * level
        return filled
    }

    /// `bands` with a cap of foam on top taking `share` of the drink's height: pale and warm
    /// for an egg white's foam (a sixth), lighter still for a shaken sour's thin froth.
    static func foamed(_ bands: [LiquidBand], drink: DrinkColor, share: Double) -> [LiquidBand] {
        let below = bands.isEmpty ? [LiquidBand(color: drink, fraction: 1)] : bands
        let pale = share > 0.1 ? 0.85 : 0.45
        let foam = LiquidBand(color: drink.mixed(with: DrinkColor(hex: "#FBF6EA") ?? .white, pale), fraction: share)
        return below.map { LiquidBand(color: $0.color, fraction: $0.fraction * (1 - share)) } + [foam]
    }

    /// Rising bubbles for a carbonated drink: more of them the more of the drink fizzes (3 to
    /// 13), in a fixed pattern, since they are the drink's own and not the ice's luck.
    static func bubbles(fizz: Double, in shape: GlassShape) -> String {
        guard fizz > 0 else { return "" }
        let count = 3 + Int((fizz * 10).rounded())
        let n = SVGText.num
        let top = shape.liquidTop + 5
        let bottom = shape.liquidBottom - 5
        guard bottom > top else { return "" }
        var out = "<g fill=\"#fff\" fill-opacity=\".55\" stroke=\"#fff\" stroke-opacity=\".8\" stroke-width=\".6\">"
        for index in 0..<count {
            let column = Double(index % 5) - 2
            let x = 200 + column * shape.surfaceHalfWidth * 0.28 + (index.isMultiple(of: 2) ? 2 : -2)
            let y = bottom - (bottom - top) * (Double(index) + 0.5) / Double(count)
            out += "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(1.2 + Double(index % 3) * 0.5))\"/>"
        }
        return out + "</g>"
    }

    /// Bubbles breaking on the surface of a fizzy drink in an opaque cup, 2 to 7 of them.
    static func surfaceBubbles(fizz: Double, in shape: GlassShape) -> String {
        guard fizz > 0 else { return "" }
        let count = 2 + Int((fizz * 5).rounded())
        let n = SVGText.num
        var out = "<g fill=\"none\" stroke=\"#fff\" stroke-opacity=\".85\" stroke-width=\".8\">"
        for index in 0..<count {
            let x =
                200 - shape.surfaceHalfWidth * 0.6 + shape.surfaceHalfWidth * 1.2 * Double(index)
                / Double(max(count - 1, 1))
            let y = shape.liquidTop + (index.isMultiple(of: 2) ? -1 : 1.5)
            out += "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(1.4 + Double(index % 2) * 0.6))\"/>"
        }
        return out + "</g>"
    }

    /// A short stable content hash (e.g. 12 hex chars of FNV-1a 64 over the svg string) — used as a cache-busting URL version / ETag.
    public static func version(for cocktail: Cocktail) -> String {
        version(ofDrawing: svg(for: cocktail))
    }

    /// The version of a drawing already made.
    public static func version(ofDrawing svg: String) -> String {
        String(ContentHash.hex(of: svg.utf8).prefix(12))
    }

    /// Whether the registry draws this glass itself rather than falling back to the default.
    static func knowsGlass(_ glass: Glass) -> Bool { glasses[glass] != nil }

    /// Whether this garnish is drawn; unknown garnishes are silently left out of the picture.
    static func knowsGarnish(_ id: String) -> Bool { garnishes[id] != nil }

    /// What a drink without illustration hints gets: an amber drink over a few cubes.
    static let fallbackHints = Cocktail.Illustration(color: DrinkColor.amber.hex, ice: "cubes", garnishes: [])

    /// Only reached if the registry itself lost its default glass; keeps `svg(for:)` total.
    static let fallbackShape = GlassShape(
        family: .standard, bowl: "M150 160L155 262H245L250 160", interior: "M154 160L158 246H242L246 160Z",
        rimY: 160, rimHalfWidth: 50, liquidTop: 186, surfaceHalfWidth: 45, liquidBottom: 246,
        iceBox: (160, 184, 80, 60), gloss: "M160 174L163 236",
        rimRight: Point(250, 160), rimLeft: Point(150, 160), shadowHalfWidth: 56)
}
