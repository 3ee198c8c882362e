import CocktailBook
import Foundation

/// Small text helpers shared by the illustration files. Output must be byte-for-byte stable
/// across runs and platforms because its hash is the image's cache version.
extension CocktailIllustration {
    enum SVGText {
        /// Escapes catalog text for use in element content or attribute values.
        static func escape(_ text: String) -> String {
            var out = ""
            out.reserveCapacity(text.utf8.count)
            for character in text {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&apos;"
                default: out.append(character)
                }
            }
            return out
        }

        /// Formats a coordinate with at most one decimal, without a trailing `.0`.
        /// Avoids `Double.description`, whose long fractions would bloat the file and
        /// could differ if the arithmetic is reordered.
        static func num(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            let sign = tenths < 0 ? "-" : ""
            let magnitude = abs(tenths)
            return magnitude % 10 == 0
                ? "\(sign)\(magnitude / 10)"
                : "\(sign)\(magnitude / 10).\(magnitude % 10)"
        }

    }

    /// A tiny deterministic generator seeded from the cocktail id, so each drink gets its own
    /// ice arrangement yet the picture (and its hash) never changes between requests.
    struct Jitter {
        private var state: UInt64

        init(seed: String) {
            state = ContentHash.value(of: seed.utf8) | 1
        }

        /// The next value in 0..<1 (xorshift64*).
        mutating func unit() -> Double {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let mixed = state &* 0x2545_F491_4F6C_DD1D
            return Double(mixed >> 11) / Double(UInt64(1) << 53)
        }

        /// The next value in `range`.
        mutating func next(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + unit() * (range.upperBound - range.lowerBound)
        }
    }
}
