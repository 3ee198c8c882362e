import Testing

@testable import QRCode

/// The dark modules an SVG path of `M x y h n v1 h-n z` rectangles covers, in viewBox units.
private func modules(ofPath path: Substring) -> Set<[Int]> {
    var covered: Set<[Int]> = []
    for rectangle in path.split(separator: "z") {
        // "M12 4h3v1h-3": the start, then the run's length.
        let numbers = rectangle.dropFirst().split(whereSeparator: { "hv ".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 5, numbers[3] == 1, numbers[4] == -numbers[2] else {
            Issue.record("unexpected rectangle \(rectangle)")
            continue
        }
        for x in numbers[0]..<numbers[0] + numbers[2] { covered.insert([x, numbers[1]]) }
    }
    return covered
}

private func attribute(_ name: String, in svg: String) -> Substring? {
    guard let start = svg.firstRange(of: " \(name)=\"") else { return nil }
    return svg[start.upperBound...].prefix { $0 != "\"" }
}

@Suite("SVG and text rendering")
struct RenderingTests {
    let code = try! QRCode.encode("https://cocktails.example.org/s/Mai-Tai")

    @Test("SVG: a viewBox in modules with the quiet zone, crisp edges, an accessible label")
    func svgDocument() {
        let svg = code.svg(moduleSize: 5, quietZone: 4, label: "Share link")
        let width = code.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>"))
        #expect(attribute("viewBox", in: svg) == "0 0 \(width) \(width)")
        #expect(attribute("width", in: svg) == "\(width * 5)")
        #expect(attribute("height", in: svg) == "\(width * 5)")
        #expect(attribute("shape-rendering", in: svg) == "crispEdges")
        #expect(attribute("role", in: svg) == "img")
        #expect(attribute("aria-label", in: svg) == "Share link")
        #expect(svg.ranges(of: "<path").count == 1, "one path")
    }

    @Test("SVG: the path covers exactly the dark modules, shifted by the quiet zone", arguments: [0, 2, 4])
    func svgModules(quietZone: Int) throws {
        let svg = code.svg(quietZone: quietZone)
        let path = try #require(attribute("d", in: svg))
        var expected: Set<[Int]> = []
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] { expected.insert([x + quietZone, y + quietZone]) }
        }
        let covered = modules(ofPath: path)
        #expect(covered == expected)
        // Nothing in the quiet zone.
        #expect(covered.allSatisfy { $0.allSatisfy { (quietZone..<quietZone + code.size).contains($0) } })
    }

    @Test("SVG: colours and label are escaped; no background leaves it transparent")
    func svgAttributes() {
        let svg = code.svg(foreground: "#1a1a2e", background: nil, label: "Tom & Jerry's \"menu\" <2>")
        #expect(attribute("aria-label", in: svg) == "Tom &amp; Jerry&#39;s &quot;menu&quot; &lt;2&gt;")
        #expect(!svg.contains("<rect"))
        #expect(svg.contains("<path fill=\"#1a1a2e\""))
        let framed = code.svg(background: "#fffbe6")
        #expect(framed.contains("<rect width=\"\(code.size + 8)\" height=\"\(code.size + 8)\" fill=\"#fffbe6\"/>"))
    }

    @Test("Text: two rows of modules per line, the half blocks reading back as the symbol", arguments: [false, true])
    func text(invert: Bool) {
        let quietZone = 2
        let lines = code.text(quietZone: quietZone, invert: invert).split(
            separator: "\n", omittingEmptySubsequences: false)
        let width = code.size + 2 * quietZone
        #expect(lines.last == "", "ends with a newline")
        let body = lines.dropLast()
        #expect(body.count == (width + 1) / 2)
        #expect(body.allSatisfy { $0.count == width })
        #expect(body.allSatisfy { $0.allSatisfy { " ▀▄█".contains($0) } })
        for (lineIndex, line) in body.enumerated() {
            for (column, glyph) in line.enumerated() {
                let x = column - quietZone
                let y = lineIndex * 2 - quietZone
                #expect(("▀█".contains(glyph)) == (code[x, y] != invert), "(\(x), \(y))")
                #expect(("▄█".contains(glyph)) == (code[x, y + 1] != invert), "(\(x), \(y + 1))")
            }
        }
        // The quiet zone: the first line is blank (or solid, inverted).
        #expect(body.first?.allSatisfy { $0 == (invert ? "█" : " ") } == true)
    }

    @Test("Outside the symbol every module is light")
    func outside() {
        #expect(!code[-1, 0] && !code[0, -1] && !code[code.size, 0] && !code[0, code.size])
        #expect(code[0, 0])
    }
}
