/// The drink's colour, parsed strictly because it comes from catalog data and is written
/// straight into the SVG: anything but `#RRGGBB` could break out of the attribute.
extension CocktailIllustration {
    struct DrinkColor: Equatable {
        var red: Double
        var green: Double
        var blue: Double

        /// A warm amber, for drinks whose data gives no usable colour.
        static let amber = DrinkColor(red: 0xD9, green: 0x96, blue: 0x3A)
        static let white = DrinkColor(red: 255, green: 255, blue: 255)
        static let black = DrinkColor(red: 0, green: 0, blue: 0)
        /// The deep slate the dark-mode backdrop is tinted from.
        static let slate = DrinkColor(red: 0x1B, green: 0x22, blue: 0x2E)

        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Accepts exactly `#` followed by six hex digits; anything else is rejected.
        init?(hex: String) {
            let scalars = Array(hex.unicodeScalars)
            guard scalars.count == 7, scalars[0] == "#" else { return nil }
            var channels: [Double] = []
            for index in stride(from: 1, to: 7, by: 2) {
                guard let high = Self.nibble(scalars[index]), let low = Self.nibble(scalars[index + 1]) else {
                    return nil
                }
                channels.append(Double(high * 16 + low))
            }
            self.init(red: channels[0], green: channels[1], blue: channels[2])
        }

        private static func nibble(_ scalar: Unicode.Scalar) -> Int? {
            switch scalar.value {
            case 0x30...0x39: Int(scalar.value - 0x30)
            case 0x41...0x46: Int(scalar.value - 0x41 + 10)
            case 0x61...0x66: Int(scalar.value - 0x61 + 10)
            default: nil
            }
        }

        /// `amount` 0 keeps self, 1 gives `other`.
        func mixed(with other: DrinkColor, _ amount: Double) -> DrinkColor {
            DrinkColor(
                red: red + (other.red - red) * amount,
                green: green + (other.green - green) * amount,
                blue: blue + (other.blue - blue) * amount)
        }

        /// Perceived lightness 0…1; pale drinks need a darker edge to stand out from the backdrop.
        var luminance: Double {
            (0.299 * red + 0.587 * green + 0.114 * blue) / 255
        }

        var hex: String {
            let digits = "0123456789abcdef".map { $0 }
            var out = "#"
            for channel in [red, green, blue] {
                let value = Int(channel.rounded()).clamped(0, 255)
                out.append(digits[value / 16])
                out.append(digits[value % 16])
            }
            return out
        }
    }
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
