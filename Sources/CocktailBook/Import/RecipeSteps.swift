import Foundation

/// Steps as pages write them, made into the editor's list: numbering and bullets dropped, and
/// a paragraph that holds the whole method cut into its sentences.
enum RecipeSteps {
    /// The steps of `lines` (one block of text each): a single line of several sentences is one
    /// step per sentence; otherwise one step per line.
    static func split(_ lines: [String]) -> [String] {
        let cleanedLines = lines.map(cleaned).filter { !$0.isEmpty }
        guard cleanedLines.count == 1, let only = cleanedLines.first else { return cleanedLines }
        return sentences(in: only)
    }

    /// `text` without a leading `1.`, `2)`, `Step 3:` or bullet.
    static func cleaned(_ text: String) -> String {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        for bullet in ["•", "·", "-", "–", "*", "▪"] where rest.hasPrefix(bullet + " ") {
            rest = rest.dropFirst(bullet.count)
        }
        rest = rest.drop(while: \.isWhitespace)
        var probe = rest
        if probe.lowercased().hasPrefix("step") { probe = probe.dropFirst(4).drop(while: \.isWhitespace) }
        let digits = probe.prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty, digits.count <= 2 {
            let after = probe.dropFirst(digits.count)
            if let mark = after.first, [".", ")", ":"].contains(mark),
                after.dropFirst().first.map({ $0.isWhitespace }) ?? true
            {
                rest = after.dropFirst()
            } else if rest.lowercased().hasPrefix("step"), after.first?.isWhitespace == true {
                rest = after
            }
        }
        return rest.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Words that end in a full stop without ending a sentence.
    private static let abbreviations: Set<String> = [
        "oz", "fl", "tsp", "tbsp", "approx", "e.g", "i.e", "etc", "st", "mr", "mrs", "dr", "no", "vs", "min", "cl",
        "ml",
    ]

    /// The sentences of `text`: cut after `.`, `!` or `?` followed by a space and a capital
    /// letter, unless the word before is an abbreviation (`1 oz. Gin`) or a single letter.
    static func sentences(in text: String) -> [String] {
        let characters = Array(text)
        var result: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            guard [".", "!", "?"].contains(character), index + 2 < characters.count, characters[index + 1] == " ",
                characters[index + 2].isUppercase
            else { continue }
            let word = String(characters[start..<index]).split(separator: " ").last.map(String.init) ?? ""
            if character == ".", abbreviations.contains(word.lowercased()) || word.count == 1 { continue }
            result.append(String(characters[start...index]).trimmingCharacters(in: .whitespaces))
            start = index + 2
        }
        let last = String(characters[min(start, characters.count)...]).trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { result.append(last) }
        return result
    }
}
