/// The canvas around the glass: its size per glass family, the tinted backdrop, the table
/// and the light/dark palette. The core scene is always 400×300; families only add margin
/// so a centred 4:3 cover crop shows exactly the core.
extension CocktailIllustration {
    enum SceneBackdrop {
        struct Canvas {
            var minX: Double, minY: Double, width: Double, height: Double
            /// Rendered at 2× so the intrinsic size is crisp on high-density screens.
            var pixelWidth: Int { Int(width) * 2 }
            var pixelHeight: Int { Int(height) * 2 }
            var viewBox: String {
                "\(SVGText.num(minX)) \(SVGText.num(minY)) \(SVGText.num(width)) \(SVGText.num(height))"
            }
        }

        static func canvas(for family: CanvasFamily) -> Canvas {
            switch family {
            case .tall: Canvas(minX: 0, minY: -40, width: 400, height: 380)
            case .wide: Canvas(minX: -60, minY: 0, width: 520, height: 300)
            case .standard: Canvas(minX: 0, minY: 0, width: 400, height: 300)
            }
        }

        /// Table-top height in the core scene.
        static let tableY: Double = 262

        /// Classes rather than attributes carry every colour that changes with the scheme,
        /// so one `@media` block can restyle the whole picture.
        static func style(drink: DrinkColor) -> String {
            let lightCenter = DrinkColor.white.mixed(with: drink, 0.12).hex
            let lightEdge = DrinkColor(red: 0xEE, green: 0xF0, blue: 0xF3).mixed(with: drink, 0.32).hex
            let darkCenter = DrinkColor(red: 0x2C, green: 0x36, blue: 0x46).mixed(with: drink, 0.2).hex
            let darkEdge = DrinkColor.slate.mixed(with: drink, 0.08).hex
            return "<style>.b0{stop-color:\(lightCenter)}.b1{stop-color:\(lightEdge)}"
                + ".o{stroke:#4f6a88;stroke-opacity:.62}.w{fill:#fff;fill-opacity:.22}.f{fill:#fff;fill-opacity:.55}"
                + ".g{stroke:#fff;stroke-opacity:.8}.t{fill:#000;fill-opacity:.04}.l{stroke:#000;stroke-opacity:.09}.h{fill:#000;fill-opacity:.13}"
                + "@media (prefers-color-scheme:dark){.b0{stop-color:\(darkCenter)}.b1{stop-color:\(darkEdge)}"
                + ".o{stroke:#c2d4ea;stroke-opacity:.7}.w{fill:#d6e6f7;fill-opacity:.07}.f{fill:#d6e6f7;fill-opacity:.16}"
                + ".g{stroke-opacity:.4}.t{fill-opacity:.2}.l{stroke:#fff;stroke-opacity:.1}.h{fill-opacity:.45}}</style>"
        }

        /// The gradient the backdrop uses; centred on the core so every family looks alike.
        static func gradient(id: String) -> String {
            "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"200\" cy=\"130\" r=\"300\">"
                + "<stop offset=\"0\" class=\"b0\"/><stop offset=\"1\" class=\"b1\"/></radialGradient>"
        }

        /// Backdrop, table top and the glass's shadow, filling the whole canvas.
        static func paint(_ canvas: Canvas, gradientID: String, shadowHalfWidth: Double) -> String {
            let n = SVGText.num
            let right = canvas.minX + canvas.width
            let bottom = canvas.minY + canvas.height
            return "<rect x=\"\(n(canvas.minX))\" y=\"\(n(canvas.minY))\" width=\"\(n(canvas.width))\""
                + " height=\"\(n(canvas.height))\" fill=\"url(#\(gradientID))\"/>"
                + "<rect class=\"t\" x=\"\(n(canvas.minX))\" y=\"\(n(tableY))\" width=\"\(n(canvas.width))\""
                + " height=\"\(n(bottom - tableY))\"/>"
                + "<path class=\"l\" d=\"M\(n(canvas.minX)) \(n(tableY))H\(n(right))\"/>"
                + "<ellipse class=\"h\" cx=\"200\" cy=\"\(n(tableY))\" rx=\"\(n(shadowHalfWidth))\" ry=\"5\"/>"
        }
    }
}
