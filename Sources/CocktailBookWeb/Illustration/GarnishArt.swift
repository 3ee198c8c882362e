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
    }

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
                layers.front += place(art.svg, at: point, scale: scale, mirrored: mirrored)
            case .top:
                // Successive sprigs fan out a little so they do not draw over each other.
                let x = 200 - shape.rimHalfWidth * 0.18 + Double(topIndex) * shape.rimHalfWidth * 0.3
                topIndex += 1
                layers.inside += place(art.svg, at: Point(x, shape.rimY), scale: scale, mirrored: false)
            case .surface:
                let x = 200 + floatOffsets[floatIndex]
                floatIndex += 1
                layers.inside += place(art.svg, at: Point(x, shape.liquidTop), scale: scale, mirrored: false)
            case .inDrink:
                let middle = Point(200 - shape.surfaceHalfWidth * 0.3, (shape.liquidTop + shape.liquidBottom) / 2)
                layers.submerged += place(art.svg, at: middle, scale: scale, mirrored: false)
            case .rim:
                let ellipse = "cx=\"200\" cy=\"\(SVGText.num(shape.rimY))\" rx=\"\(SVGText.num(shape.rimHalfWidth))\""
                    + " ry=\"\(SVGText.num(shape.rimDepth))\""
                layers.front += art.svg.replacingOccurrences(of: "{RIM}", with: ellipse)
            }
        }
        return layers
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
