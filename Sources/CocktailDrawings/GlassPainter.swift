/// Turns a `GlassShape` into SVG layers. Clear glass is drawn back to front — stem, drink,
/// things in the drink, then the faintly tinted wall over them — so the drink looks inside it.
extension CocktailIllustration {
    enum GlassPainter {
        struct IDs {
            var backdrop: String, clip: String, liquid: String, metal: String
            init(prefix: String) {
                backdrop = prefix + "b"
                clip = prefix + "c"
                liquid = prefix + "l"
                metal = prefix + "m"
            }
        }

        static func defs(_ shape: GlassShape, drink: DrinkColor, bands: [LiquidBand] = [], ids: IDs) -> String {
            let n = SVGText.num
            // The drink darkens with depth; a pale drink needs a stronger fall-off to show at all.
            let depthShade = drink.luminance > 0.8 ? 0.2 : 0.28
            let stops =
                bands.isEmpty
                ? "<stop offset=\"0\" stop-color=\"\(drink.hex)\"/><stop offset=\"1\" stop-color=\"\(drink.mixed(with: .black, depthShade).hex)\"/>"
                : LiquidBands.stops(bands, height: shape.liquidBottom - shape.liquidTop, depthShade: depthShade)
            var defs =
                SceneBackdrop.gradient(id: ids.backdrop)
                + "<linearGradient id=\"\(ids.liquid)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"\(n(shape.liquidTop))\""
                + " x2=\"0\" y2=\"\(n(shape.liquidBottom))\">\(stops)</linearGradient>"
            switch shape.material {
            case .glass:
                defs += "<clipPath id=\"\(ids.clip)\"><path d=\"\(shape.interior)\"/></clipPath>"
            case .metal(let light, let dark):
                // Lit from the left: a bright band a third of the way across reads as a curved metal body.
                defs +=
                    "<linearGradient id=\"\(ids.metal)\"><stop offset=\"0\" stop-color=\"\(dark)\"/>"
                    + "<stop offset=\".3\" stop-color=\"\(light)\"/><stop offset=\".55\" stop-color=\"\(light)\" stop-opacity=\".85\"/>"
                    + "<stop offset=\"1\" stop-color=\"\(dark)\"/></linearGradient>"
            }
            return "<defs>\(defs)</defs>"
        }

        /// Stem and foot, drawn before the drink so the bowl sits on them.
        static func base(_ shape: GlassShape) -> String {
            var out = ""
            for part in [shape.stem, shape.foot].compactMap({ $0 }) {
                switch shape.material {
                case .glass: out += "<path class=\"f o\" d=\"\(part)\" stroke-width=\"1.5\"/>"
                case .metal(let light, let dark): out += "<path d=\"\(part)\" fill=\"\(light)\" stroke=\"\(dark)\"/>"
                }
            }
            return out
        }

        /// The drink seen through a clear wall: liquid, submerged garnish, surface, ice.
        static func liquid(_ shape: GlassShape, drink: DrinkColor, ids: IDs, submerged: String, ice: String) -> String {
            let n = SVGText.num
            return "<g clip-path=\"url(#\(ids.clip))\"><rect x=\"100\" y=\"\(n(shape.liquidTop))\" width=\"200\""
                + " height=\"\(n(shape.liquidBottom - shape.liquidTop + 2))\" fill=\"url(#\(ids.liquid))\"/>"
                + submerged + surface(shape, drink: drink, inset: 0) + ice + "</g>"
        }

        /// The clear wall, its rim and the gloss highlight.
        static func glassFront(_ shape: GlassShape, ids: IDs) -> String {
            "<path class=\"w o\" d=\"\(shape.bowl)\" stroke-width=\"2\"/>"
                + (shape.handle.map { glassHandle($0, ids: ids) } ?? "")
                + "<ellipse class=\"o\" cx=\"200\" cy=\"\(SVGText.num(shape.rimY))\" rx=\"\(SVGText.num(shape.rimHalfWidth))\""
                + " ry=\"\(SVGText.num(shape.rimDepth))\" fill=\"none\" stroke-width=\"1.6\"/>"
                + gloss(shape)
        }

        /// A clear handle: an outline stroke hollowed by the backdrop, so it reads as a glass rod
        /// in both schemes instead of a solid grey bar. Its ends sit on the wall, so the hollow
        /// never paints over the drink.
        private static func glassHandle(_ d: String, ids: IDs) -> String {
            "<path class=\"o\" d=\"\(d)\" fill=\"none\" stroke-width=\"8.5\"/>"
                + "<path d=\"\(d)\" fill=\"none\" stroke=\"url(#\(ids.backdrop))\" stroke-width=\"5\"/>"
                + "<path d=\"\(d)\" fill=\"none\" stroke=\"#fff\" stroke-opacity=\".18\" stroke-width=\"5\"/>"
                + "<path class=\"g\" d=\"\(d)\" fill=\"none\" stroke-width=\"1.2\" transform=\"translate(-1 -1)\"/>"
        }

        /// An opaque cup: body, handle and bands, then the drink seen only through the mouth.
        static func metalCup(_ shape: GlassShape, drink: DrinkColor, ids: IDs, light: String, dark: String, ice: String)
            -> String
        {
            let n = SVGText.num
            var out = ""
            if let handle = shape.handle {
                out +=
                    "<path d=\"\(handle)\" fill=\"none\" stroke=\"\(dark)\" stroke-width=\"11\" stroke-linecap=\"round\"/>"
                    + "<path d=\"\(handle)\" fill=\"none\" stroke=\"\(light)\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
            }
            out += "<path d=\"\(shape.bowl)Z\" fill=\"url(#\(ids.metal))\" stroke=\"\(dark)\" stroke-width=\"1.5\"/>"
            if let bands = shape.bands {
                out +=
                    "<path d=\"\(bands)\" fill=\"none\" stroke=\"\(dark)\" stroke-opacity=\".55\" stroke-width=\"2\"/>"
            }
            out += shape.decor ?? ""
            out +=
                "<ellipse cx=\"200\" cy=\"\(n(shape.rimY))\" rx=\"\(n(shape.rimHalfWidth))\" ry=\"\(n(shape.rimDepth))\""
                + " fill=\"\(drink.mixed(with: .black, 0.35).hex)\" stroke=\"\(light)\" stroke-width=\"2.5\"/>"
                + surface(shape, drink: drink, inset: 3) + gloss(shape) + ice
            return out
        }

        /// The drink's top, a lighter ellipse with a darker meniscus line.
        private static func surface(_ shape: GlassShape, drink: DrinkColor, inset: Double) -> String {
            let n = SVGText.num
            return
                "<ellipse cx=\"200\" cy=\"\(n(shape.liquidTop + inset * 0.4))\" rx=\"\(n(shape.surfaceHalfWidth - inset))\""
                + " ry=\"\(n(max(shape.rimDepth * 0.8 - inset * 0.4, 1.5)))\" fill=\"\(drink.mixed(with: .white, 0.35).hex)\""
                + " stroke=\"\(drink.mixed(with: .black, 0.25).hex)\" stroke-opacity=\".6\"/>"
        }

        private static func gloss(_ shape: GlassShape) -> String {
            "<path class=\"g\" d=\"\(shape.gloss)\" fill=\"none\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
        }
    }
}
