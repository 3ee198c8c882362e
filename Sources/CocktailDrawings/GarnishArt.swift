/// A garnish as data: an SVG snippet plus where on the glass it belongs. The renderer only
/// decides positions, so new garnishes need no new code.
extension CocktailIllustration {
    struct GarnishArt {
        enum Attachment {
            /// Perched on the rim's edge. Art is drawn for the right-hand side with the origin
            /// on the rim's outer point; on the left it is mirrored.
            case rimSide
            /// Rising out of the drink above the rim; origin at the centre of the mouth.
            case top
            /// Floating on (or resting on) the drink's surface; origin on the surface.
            case surface
            /// Submerged in the drink, seen through the glass; origin in the middle of the liquid.
            case inDrink
            /// Coating the rim itself. The snippet uses the `{RIM}` placeholder, replaced by the
            /// rim ellipse's `cx cy rx ry` attributes, because a coating has no single position.
            case rim
        }

        var attachment: Attachment
        var svg: String
        /// How far the art rises above its origin at scale 1. Tall glasses put the rim near the
        /// top of the 4:3 crop, so tall art is shrunk there rather than cut off.
        var reach: Double = 0
        /// How far a `.top` garnish's stalk hangs below its origin; it is lowered into deep
        /// glasses so it stands in the drink instead of hovering over it.
        var stalk: Double = 0
    }

    /// Keep this much of the crop clear above the tallest garnish.
    private static let headroom: Double = 6
    /// Art is never shrunk below this, however little room there is; a tiny garnish reads as a speck.
    private static let minimumFitScale: Double = 0.7

    /// The garnish layers, split by where they sit in the drawing order.
    struct GarnishLayers {
        /// Inside the liquid, clipped to the glass.
        var submerged = ""
        /// Inside the mouth but above the liquid; seen through the front wall of a clear glass.
        var inside = ""
        /// In front of the glass.
        var front = ""
    }

    /// Places each known garnish; unknown ids are skipped so new catalog data never breaks a picture.
    static func layoutGarnishes(_ ids: [String], on shape: GlassShape) -> GarnishLayers {
        let arts = ids.compactMap { garnishes[$0] }
        var layers = GarnishLayers()
        let scale = shape.garnishScale
        let hasTop = arts.contains { $0.attachment == .top }

        var rimSlots = [(shape.rimRight, false), (shape.rimLeft, true)]
        let floating = arts.filter { $0.attachment == .surface }
        let floatOffsets = spread(count: floating.count, half: shape.surfaceHalfWidth * 0.42, shift: hasTop ? 0.3 : 0)
        var floatIndex = 0
        var topIndex = 0

        for art in arts {
            switch art.attachment {
            case .rimSide:
                guard !rimSlots.isEmpty else { continue }
                let (point, mirrored) = rimSlots.removeFirst()
                layers.front += place(art.svg, at: point, scale: fitted(art, at: point.y, scale), mirrored: mirrored)
            case .top:
                // Successive sprigs fan out a little so they do not draw over each other.
                let x = 200 - shape.rimHalfWidth * 0.18 + Double(topIndex) * shape.rimHalfWidth * 0.3
                topIndex += 1
                let y = max(shape.rimY, shape.liquidTop + 4 - art.stalk * scale)
                layers.inside += place(art.svg, at: Point(x, y), scale: fitted(art, at: y, scale), mirrored: false)
            case .surface:
                let x = 200 + floatOffsets[floatIndex]
                floatIndex += 1
                let y = shape.liquidTop
                layers.inside += place(art.svg, at: Point(x, y), scale: fitted(art, at: y, scale), mirrored: false)
            case .inDrink:
                let middle = Point(200 - shape.surfaceHalfWidth * 0.3, (shape.liquidTop + shape.liquidBottom) / 2)
                layers.submerged += place(art.svg, at: middle, scale: scale, mirrored: false)
            case .rim:
                let ellipse =
                    "cx=\"200\" cy=\"\(SVGText.num(shape.rimY))\" rx=\"\(SVGText.num(shape.rimHalfWidth))\""
                    + " ry=\"\(SVGText.num(shape.rimDepth))\""
                layers.front += art.svg.replacingOccurrences(of: "{RIM}", with: ellipse)
            }
        }
        return layers
    }

    /// The glass's garnish scale, reduced if the art would otherwise rise out of the crop.
    private static func fitted(_ art: GarnishArt, at y: Double, _ scale: Double) -> Double {
        guard art.reach > 0, y - art.reach * scale < headroom else { return scale }
        return max(minimumFitScale, (y - headroom) / art.reach)
    }

    /// Horizontal offsets for `count` floating garnishes, centred, optionally nudged right
    /// (by `shift` of `half`) to leave room for a sprig rising from the middle.
    private static func spread(count: Int, half: Double, shift: Double) -> [Double] {
        guard count > 1 else { return [half * shift] }
        return (0..<count).map { index in
            -half + 2 * half * Double(index) / Double(count - 1) + half * shift * 0.5
        }
    }

    private static func place(_ svg: String, at point: Point, scale: Double, mirrored: Bool) -> String {
        var transform = "translate(\(SVGText.num(point.x)) \(SVGText.num(point.y)))"
        if mirrored || scale != 1 {
            let sx = SVGText.num(mirrored ? -scale : scale)
            transform += scale == 1 ? " scale(\(sx) 1)" : " scale(\(sx) \(SVGText.num(scale)))"
        }
        return "<g transform=\"\(transform)\">\(svg)</g>"
    }
}
