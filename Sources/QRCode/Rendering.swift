extension QRCode {
    /// The symbol as a standalone SVG document: one `<path>` of the dark modules (each row's runs
    /// merged into rectangles) on an optional background, in a viewBox counted in modules, so that
    /// every edge falls on a whole unit and prints crisp at any scale.
    ///
    /// - Parameters:
    ///   - moduleSize: the width and height attributes are the symbol's width in modules, quiet
    ///     zone included, times this (the document still scales freely through its viewBox).
    ///   - quietZone: the light margin in modules; the standard asks for 4 (2 is often enough).
    ///   - foreground: the colour of the dark modules, any SVG paint.
    ///   - background: the colour of the light modules and the quiet zone; nil leaves them
    ///     transparent (only do that over a light, plain surface).
    ///   - label: what assistive technology announces for the picture (`aria-label`).
    public func svg(
        moduleSize: Int = 4, quietZone: Int = 4, foreground: String = "#000", background: String? = "#fff",
        label: String = "QR code"
    ) -> String {
        let width = size + 2 * quietZone
        let pixels = width * moduleSize
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                var run = 1
                while self[x + run, y] { run += 1 }
                path += "M\(x + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(width)\" width=\"\(pixels)\" "
        svg += "height=\"\(pixels)\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"\(escaped(label))\">"
        if let background { svg += "<rect width=\"\(width)\" height=\"\(width)\" fill=\"\(escaped(background))\"/>" }
        svg += "<path fill=\"\(escaped(foreground))\" d=\"\(path)\"/></svg>"
        return svg
    }

    /// The symbol drawn with the half-block characters ▀ ▄ █ and spaces, two rows of modules to a
    /// line of text (terminal cells are about twice as tall as wide), with a quiet zone.
    ///
    /// - Parameters:
    ///   - quietZone: the light margin in modules.
    ///   - invert: false draws the dark modules with the characters, for dark text on a light
    ///     background; true draws the light modules (quiet zone included) instead, for the usual
    ///     light text on a dark terminal, where the code then shows dark on light as it must.
    public func text(quietZone: Int = 2, invert: Bool = false) -> String {
        let range = -quietZone..<size + quietZone
        var lines: [String] = []
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = ""
            for x in range {
                // When the height is odd the last line's lower half lies outside, which reads light.
                let upper = self[x, top] != invert
                let lower = self[x, top + 1] != invert
                switch (upper, lower) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func escaped(_ attribute: String) -> String {
        var result = ""
        for character in attribute {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
