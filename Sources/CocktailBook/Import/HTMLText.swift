import Foundation

/// The words of HTML as a reader sees them: tags gone, character references decoded, one line
/// per block, spaces collapsed.
enum HTMLText {
    /// Elements that start a line of their own.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
        "td", "th", "tr", "ul",
    ]

    /// Elements whose content is never read as words.
    static let hidden: Set<String> = ["script", "style", "template", "noscript", "svg", "head"]

    /// The text of `html` (a string that may hold markup, as JSON-LD strings often do) on one
    /// line.
    static func plain(_ html: String) -> String {
        lines(in: html).joined(separator: " ")
    }

    /// The lines of `html`, each trimmed, empty ones left out. Text that some pages escape twice
    /// (`&amp;#8217;`) is decoded twice.
    static func lines(in html: String) -> [String] {
        var text = html
        if text.contains("&amp;") || text.contains("&#38;") {
            let once = HTMLEntities.decode(text)
            if once.range(of: #"&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+[0-9]*);"#, options: .regularExpression) != nil {
                text = once
            }
        }
        guard text.contains("<") || text.contains("&") else { return collapse(text) }
        return lines(of: HTMLDocument.parse(text))
    }

    /// The lines of the words inside `element`.
    static func lines(of element: HTMLElement) -> [String] {
        var buffer = ""
        append(element, to: &buffer, depth: 0)
        return collapse(buffer)
    }

    private static func append(_ element: HTMLElement, to buffer: inout String, depth: Int) {
        guard !hidden.contains(element.name), depth < HTMLDocument.maximumDepth else { return }
        let isBlock = blocks.contains(element.name)
        if isBlock { buffer.append("\n") }
        for child in element.children {
            switch child {
            case .text(let text): buffer.append(text)
            case .element(let inner): append(inner, to: &buffer, depth: depth + 1)
            }
        }
        if isBlock { buffer.append("\n") }
    }

    /// The non-empty lines of `text`, each with its runs of white space made one space.
    static func collapse(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { line in
            line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }
}
