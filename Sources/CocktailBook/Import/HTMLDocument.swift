import Foundation

/// A tolerant reading of an HTML page into a tree of elements and text: enough of HTML's rules to
/// find scripts, microdata and the words people read, on pages that are rarely valid. Unknown
/// end tags are ignored, a few elements close themselves (`<p>`, `<li>`, `<td>`…), and nothing
/// is ever refused: whatever cannot be read as a tag is text.
final class HTMLElement {
    let name: String
    let attributes: [String: String]
    private(set) var children: [Child] = []

    enum Child {
        case element(HTMLElement)
        /// Text with its character references decoded (a script's or a style's is kept raw).
        case text(String)
    }

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func append(_ child: Child) { children.append(child) }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The elements under this one, in document order (depth first, iteratively).
    var descendants: [HTMLElement] {
        var found: [HTMLElement] = []
        var stack: [HTMLElement] = [self]
        while let element = stack.popLast() {
            if element !== self { found.append(element) }
            for case .element(let child) in element.children.reversed() { stack.append(child) }
        }
        return found
    }

    /// The words inside, as a reader sees them: one line per block (paragraph, list item, line
    /// break…), runs of spaces made one, no script or style.
    var text: String { HTMLText.lines(of: self).joined(separator: "\n") }
}

/// Reads a page into ``HTMLElement``s.
enum HTMLDocument {
    /// The most elements open inside each other; deeper ones are added side by side at this
    /// depth, so that a page of ten thousand unclosed `<div>`s is read without a deep stack.
    static let maximumDepth = 256

    /// Elements that never have content.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param",
    ]

    /// Elements whose content is text up to their end tag, never markup.
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "noembed"]

    /// Opening one of these closes an open element of the keys' names first, as browsers do.
    private static let closedBy: [String: Set<String>] = [
        "p": ["p"], "li": ["li"], "dt": ["dt", "dd"], "dd": ["dt", "dd"], "tr": ["tr", "td", "th"],
        "td": ["td", "th"], "th": ["td", "th"], "option": ["option"],
    ]

    /// The page's root: a nameless element holding everything.
    static func parse(_ html: String) -> HTMLElement {
        let root = HTMLElement(name: "", attributes: [:])
        var stack: [HTMLElement] = [root]
        HTMLTokenizer.tokens(in: html) { token in
            switch token {
            case .text(let text):
                stack[stack.count - 1].append(.text(text))
            case .start(let name, let attributes, let selfClosing):
                if let closes = closedBy[name], let open = stack.lastIndex(where: { closes.contains($0.name) }),
                    !stack[(open + 1)...].contains(where: { ["ul", "ol", "table", "div", "dl"].contains($0.name) })
                {
                    stack.removeSubrange(open...)
                }
                let element = HTMLElement(name: name, attributes: attributes)
                let hasContent = !selfClosing && !voidElements.contains(name)
                // At the deepest level the innermost element is closed first, so that the new
                // one (a script, say) still holds its own content.
                if hasContent, stack.count >= maximumDepth { stack.removeLast() }
                stack[stack.count - 1].append(.element(element))
                if hasContent { stack.append(element) }
            case .end(let name):
                if let open = stack.lastIndex(where: { $0.name == name }), open > 0 { stack.removeSubrange(open...) }
            }
        }
        return root
    }
}

/// The tokens of HTML: start tags with their attributes, end tags and text. Comments,
/// doctypes and processing instructions are skipped.
enum HTMLTokenizer {
    enum Token {
        case start(name: String, attributes: [String: String], selfClosing: Bool)
        case end(name: String)
        case text(String)
    }

    static func tokens(in html: String, _ visit: (Token) -> Void) {
        let bytes = Array(html.utf8)
        var index = 0
        var textStart = 0
        func flushText(upTo end: Int) {
            if end > textStart {
                visit(.text(HTMLEntities.decode(String(decoding: bytes[textStart..<end], as: UTF8.self))))
            }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                flushText(upTo: index)
                let isComment = bytes[index...].starts(with: Array("<!--".utf8))
                let closing =
                    isComment ? find(Array("-->".utf8), in: bytes, from: index + 4) : find([62], in: bytes, from: index)
                index = closing.map { $0 + (isComment ? 3 : 1) } ?? bytes.count
                textStart = index
                continue
            }
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = index + (isEnd ? 2 : 1)
            guard nameStart < bytes.count, isASCIILetter(bytes[nameStart]) else {
                index += 1
                continue
            }
            guard let tag = readTag(bytes, nameStart: nameStart) else {
                // A tag that never closes: the rest is text.
                break
            }
            flushText(upTo: index)
            index = tag.end
            textStart = index
            if isEnd {
                visit(.end(name: tag.name))
                continue
            }
            visit(.start(name: tag.name, attributes: tag.attributes, selfClosing: tag.selfClosing))
            if HTMLDocument.rawTextElements.contains(tag.name), !tag.selfClosing {
                let closer = Array("</\(tag.name)".utf8)
                let end = findIgnoringCase(closer, in: bytes, from: index) ?? bytes.count
                let raw = String(decoding: bytes[index..<end], as: UTF8.self)
                let isScript = tag.name == "script" || tag.name == "style"
                if !raw.isEmpty { visit(.text(isScript ? raw : HTMLEntities.decode(raw))) }
                visit(.end(name: tag.name))
                index = find([62], in: bytes, from: end).map { $0 + 1 } ?? bytes.count
                textStart = index
            }
        }
        flushText(upTo: bytes.count)
    }

    private struct Tag {
        var name: String
        var attributes: [String: String]
        var selfClosing: Bool
        var end: Int
    }

    /// Reads a tag's name and attributes from `nameStart` to its `>`; `nil` when there is none.
    private static func readTag(_ bytes: [UInt8], nameStart: Int) -> Tag? {
        var index = nameStart
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != 62, bytes[index] != 47 { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while index < bytes.count {
            let byte = bytes[index]
            if isSpace(byte) {
                index += 1
            } else if byte == 62 {
                return Tag(name: name, attributes: attributes, selfClosing: selfClosing, end: index + 1)
            } else if byte == 47 {
                selfClosing = true
                index += 1
            } else {
                selfClosing = false
                let attributeStart = index
                while index < bytes.count, !isSpace(bytes[index]),
                    ![61, 62, 47].contains(bytes[index])
                        || index == attributeStart
                {
                    index += 1
                }
                let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased()
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                var value = ""
                if index < bytes.count, bytes[index] == 61 {
                    index += 1
                    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                    guard index < bytes.count else { return nil }
                    let quote = bytes[index]
                    if quote == 34 || quote == 39 {
                        guard let close = find([quote], in: bytes, from: index + 1) else { return nil }
                        value = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                        index = close + 1
                    } else {
                        let valueStart = index
                        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != 62 { index += 1 }
                        value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                    }
                }
                // The first of two attributes with one name wins, as in browsers.
                if attributes[attribute] == nil { attributes[attribute] = HTMLEntities.decode(value) }
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func findIgnoringCase(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start <= bytes.count - needle.count else { return nil }
        let lowered = needle.map(lower)
        var index = start
        while index <= bytes.count - needle.count {
            if zip(bytes[index..<(index + needle.count)], lowered).allSatisfy({ lower($0) == $1 }) { return index }
            index += 1
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
}
