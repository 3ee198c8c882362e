import Foundation

/// Ice, drawn from the glass's ice box. Placement wobbles per drink (seeded by the cocktail
/// id) so two drinks with cubes do not look stamped from one template.
extension CocktailIllustration {
    enum IceArt {
        /// Ice for a clear glass, drawn inside the clipped liquid.
        static func inGlass(_ kind: String, shape: GlassShape, jitter: inout Jitter) -> String {
            let box = shape.iceBox
            switch kind {
            case "cubes":
                let side = min(30, box.width * 0.44, box.height * 0.55) * max(shape.garnishScale, 0.8)
                let columns = max(1, min(3, Int(box.width / (side * 1.02))))
                // The top row floats proud of the surface, which frees room for one more row below.
                let rows = max(1, min(4, Int((box.height + side * 0.28) / (side * 1.04))))
                var cubes: [String] = []
                for row in 0..<rows {
                    // Alternate rows hold one cube fewer, centred, so the stack looks tumbled rather than gridded.
                    let rowColumns = row % 2 == 1 && columns > 1 ? columns - 1 : columns
                    let used = Double(rowColumns) * side + Double(rowColumns - 1) * side * 0.08
                    let startX = box.x + (box.width - used) / 2
                    for column in 0..<rowColumns where cubes.count < 7 {
                        let x = startX + Double(column) * side * 1.08 + jitter.next(-2...2)
                        let y = shape.liquidTop - side * 0.28 + Double(row) * side * 1.04 + jitter.next(-2...2)
                        cubes.append(cube(x: x, y: y, side: side, angle: jitter.next(-14...14)))
                    }
                }
                return group(cubes.joined())
            case "large-cube":
                let side = min(box.width * 0.66, box.height * 1.05)
                let x = 200 - side / 2 + jitter.next(-3...3)
                let y = shape.liquidTop - side * 0.16
                let inner = side * 0.16
                let n = SVGText.num
                return group(cube(x: x, y: y, side: side, angle: jitter.next(-5...5)))
                    + "<path d=\"M\(n(x + inner)) \(n(y + inner))h\(n(side - inner * 2))\" stroke=\"#fff\""
                    + " stroke-opacity=\".8\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
            case "crushed":
                // Crushed ice packs the top of the drink, thinning towards the bottom.
                let depth = min(box.height * 0.6, 80)
                let count = max(12, min(30, Int(box.width * depth / 150)))
                var shards = ""
                for _ in 0..<count {
                    let x = box.x + jitter.next(0...1) * box.width
                    let y = shape.liquidTop - 4 + depth * pow(jitter.unit(), 1.7)
                    shards += shard(x: x, y: y, size: 5.2 * max(shape.garnishScale, 0.8), jitter: &jitter)
                }
                return crushedPath(shards)
            default:
                return ""
            }
        }

        /// Ice seen from above in an opaque cup: crushed ice is mounded over the rim.
        static func inCup(_ kind: String, shape: GlassShape, jitter: inout Jitter) -> String {
            let rx = shape.rimHalfWidth - 4
            let y0 = shape.rimY
            let n = SVGText.num
            switch kind {
            case "crushed":
                var shards = ""
                for _ in 0..<34 {
                    let t = jitter.next(-1...1)
                    let dome = (1 - t * t).squareRoot()
                    let x = 200 + t * rx * 0.92
                    let y = y0 + 2 - dome * jitter.next(0...24)
                    shards += shard(x: x, y: y, size: 4.5, jitter: &jitter)
                }
                let mound =
                    "<path d=\"M\(n(200 - rx)) \(n(y0 + 1))Q200 \(n(y0 - 44)) \(n(200 + rx)) \(n(y0 + 1))"
                    + "Q200 \(n(y0 + shape.rimDepth + 1)) \(n(200 - rx)) \(n(y0 + 1))Z\" fill=\"#f4f8fb\" stroke=\"#a9bccd\"/>"
                return mound + crushedPath(shards)
            case "cubes", "large-cube":
                let side: Double = kind == "cubes" ? 18 : 30
                let spots: [Double] = kind == "cubes" ? [-22, 8] : [-side / 2]
                return group(
                    spots.map { cube(x: 200 + $0, y: y0 - side * 0.55, side: side, angle: jitter.next(-10...10)) }
                        .joined())
            default:
                return ""
            }
        }

        private static func group(_ body: String) -> String {
            body.isEmpty
                ? ""
                : "<g fill=\"#fff\" fill-opacity=\".3\" stroke=\"#fff\" stroke-opacity=\".75\" stroke-width=\"1.4\">\(body)</g>"
        }

        private static func crushedPath(_ d: String) -> String {
            "<path d=\"\(d)\" fill=\"#f6fafc\" fill-opacity=\".8\" stroke=\"#8fa6bc\" stroke-opacity=\".7\" stroke-width=\".8\"/>"
        }

        private static func cube(x: Double, y: Double, side: Double, angle: Double) -> String {
            let n = SVGText.num
            return
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(side))\" height=\"\(n(side))\" rx=\"\(n(side * 0.2))\""
                + " transform=\"rotate(\(n(angle)) \(n(x + side / 2)) \(n(y + side / 2)))\"/>"
        }

        /// An irregular four-sided chip around (x, y).
        private static func shard(x: Double, y: Double, size: Double, jitter: inout Jitter) -> String {
            let n = SVGText.num
            var d = ""
            for corner in 0..<4 {
                let angle = (Double(corner) + jitter.next(-0.3...0.3)) * .pi / 2
                let radius = size * jitter.next(0.6...1.25)
                d += (corner == 0 ? "M" : "L") + "\(n(x + cos(angle) * radius)) \(n(y + sin(angle) * radius))"
            }
            return d + "Z"
        }
    }
}
