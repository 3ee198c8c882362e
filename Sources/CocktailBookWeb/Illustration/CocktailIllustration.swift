import CocktailBook
import Foundation

/// Draws each cocktail's picture as SVG from its recipe data, so the app ships no photos.
/// The drawing is a pure function of the cocktail: same data, same bytes, same version.
public enum CocktailIllustration {
    /// The SVG document for a cocktail's picture.
    public static func svg(for cocktail: Cocktail) -> String {
        let glassName = cocktail.glass ?? defaultGlassName
        let shape = glasses[glassName] ?? glasses[defaultGlassName] ?? fallbackShape
        let hints = cocktail.illustration ?? fallbackHints
        let drink = DrinkColor(hex: hints.color) ?? .amber
        let bands = LiquidBands.resolve(hints.layers, drink: drink)
        // What is seen from above (the surface, the mouth of an opaque cup) is the top band.
        let top = bands.last?.color ?? drink

        let prefix = "i" + String(ContentHash.hex(of: cocktail.id.utf8).prefix(6))
        let ids = GlassPainter.IDs(prefix: prefix)
        let canvas = SceneBackdrop.canvas(for: shape.family)
        var jitter = Jitter(seed: cocktail.id)
        let garnish = layoutGarnishes(hints.garnishes, on: shape)
        let title = "\(SVGText.escape(cocktail.name)) in a \(SVGText.escape(glassName.replacingOccurrences(of: "-", with: " "))) glass"

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(canvas.viewBox)\""
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
            out += GlassPainter.liquid(shape, drink: top, ids: ids, submerged: garnish.submerged, ice: ice)
                + garnish.inside + GlassPainter.glassFront(shape, ids: ids)
        case let .metal(light, dark):
            let ice = IceArt.inCup(hints.ice, shape: shape, jitter: &jitter)
            out += GlassPainter.metalCup(shape, drink: top, ids: ids, light: light, dark: dark, ice: ice)
                + garnish.submerged + garnish.inside
        }
        return out + garnish.front + "</svg>"
    }

    /// A short stable content hash (e.g. 12 hex chars of FNV-1a 64 over the svg string) — used as a cache-busting URL version / ETag.
    public static func version(for cocktail: Cocktail) -> String {
        String(ContentHash.hex(of: svg(for: cocktail).utf8).prefix(12))
    }

    /// Whether the registry draws this glass itself rather than falling back to the default.
    static func knowsGlass(_ id: String) -> Bool { glasses[id] != nil }

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
