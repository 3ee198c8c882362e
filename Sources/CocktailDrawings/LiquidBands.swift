import CocktailBook

/// Layered drinks (a sunrise, a float of cream) are painted as horizontal bands inside the
/// one liquid gradient, so clipping, ice and garnishes work exactly as for a single colour.
extension CocktailIllustration {
    struct LiquidBand: Equatable {
        var color: DrinkColor
        /// Share of the liquid's height; the resolved bands always sum to 1.
        var fraction: Double
    }

    enum LiquidBands {
        /// Half the height, in scene units, over which neighbouring bands blend; a hard edge
        /// looks like a drawing error, a wide one blurs a thin float away.
        static let blendHalfHeight: Double = 1.25

        /// The bands to paint, bottom to top, or empty for a single-colour drink.
        /// The data is untrusted: a colour that is not strict `#RRGGBB` becomes the drink's own
        /// (already validated) colour so the band keeps its place, bands with no positive
        /// finite share are dropped, and whatever remains is rescaled to fill the glass.
        static func resolve(_ layers: [Cocktail.Illustration.Layer], drink: DrinkColor) -> [LiquidBand] {
            let usable = layers.filter { $0.fraction.isFinite && $0.fraction > 0 }
            let total = usable.reduce(0) { $0 + $1.fraction }
            guard total > 0, total.isFinite else { return [] }
            return usable.map { LiquidBand(color: DrinkColor(hex: $0.color) ?? drink, fraction: $0.fraction / total) }
        }

        /// Gradient stops for the liquid, top (offset 0) to bottom (offset 1). `height` is the
        /// liquid's height in scene units, used to keep the blend a fixed few units thick.
        static func stops(_ bands: [LiquidBand], height: Double, depthShade: Double) -> String {
            let blend = height > 0 ? blendHalfHeight / height : 0
            // Bands get only part of the single-colour depth fall-off, so a dark bottom band
            // such as grenadine still reads as its own colour rather than as shadow.
            func color(_ band: LiquidBand, at offset: Double) -> String {
                band.color.mixed(with: .black, depthShade * 0.5 * offset).hex
            }
            var out = ""
            var start = 0.0
            let topDown = Array(bands.reversed())
            for (index, band) in topDown.enumerated() {
                let end = index == topDown.count - 1 ? 1 : min(start + band.fraction, 1)
                let from = index == 0 ? 0 : min(start + blend, (start + end) / 2)
                let to = index == topDown.count - 1 ? 1 : max(end - blend, (start + end) / 2)
                out += stop(from, color(band, at: from)) + stop(to, color(band, at: to))
                start = end
            }
            return out
        }

        private static func stop(_ offset: Double, _ color: String) -> String {
            "<stop offset=\"\(SVGText.num(offset * 100))%\" stop-color=\"\(color)\"/>"
        }
    }
}
