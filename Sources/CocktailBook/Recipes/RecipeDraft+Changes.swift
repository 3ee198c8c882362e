import Foundation

/// A draft of a document the book keeps versions of (a recipe, a house recipe), compared field
/// by field with another: for the editors' conflict box, which shows each field saved meanwhile
/// that differs from what is in the form, and names what saving again replaces.
public protocol FieldByFieldDraft {
    associatedtype Field: RawRepresentable<String>, CaseIterable
    /// The field as text that compares equal when a person would call it unchanged.
    func comparable(_ field: Field) -> [String]
}

extension FieldByFieldDraft {
    /// The fields in which `other` differs from this draft, in the editor's order.
    public func changedFields(comparedTo other: Self) -> [Field] {
        Field.allCases.filter { comparable($0) != other.comparable($0) }
    }
}

extension RecipeDraft: FieldByFieldDraft {
    /// A part of a recipe a person edits, in the editor's order.
    public enum Field: String, Sendable, CaseIterable {
        case name, kind, category, glass, method, preparationMinutes, shortDescription, longDescription, garnish,
            tags, video, source, ingredients, steps, translations, picture
    }

    /// Each field as text that compares equal when a person would call it unchanged: blank rows
    /// and steps, spaces around words and the spacing of tags do not count as differences.
    public func comparable(_ field: Field) -> [String] {
        switch field {
        case .name: [name.trimmed]
        case .kind: [kind.rawValue]
        case .category: [category.trimmed]
        case .glass: [glass.trimmed]
        case .method: [method.trimmed]
        case .preparationMinutes: [preparationMinutes.trimmed]
        case .shortDescription: [shortDescription.trimmed]
        case .longDescription: [longDescription.trimmed]
        case .garnish: [garnish.trimmed]
        case .tags: tags.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
        case .video: [video.trimmed]
        case .source: [recipeSource?.trimmed ?? "", recipeAuthor?.trimmed ?? ""]
        case .ingredients: rows.filter { !$0.isBlank }.map(Self.line)
        case .steps: steps.map(\.trimmed).filter { !$0.isEmpty }
        case .translations:
            translations.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.flatMap { code, words in
                [code, words.shortDescription.trimmed, words.longDescription.trimmed, words.garnish.trimmed]
                    + words.steps.map(\.trimmed).filter { !$0.isEmpty }
            }
        case .picture: [imageURL ?? ""]
        }
    }
}

extension HouseRecipeDraft: FieldByFieldDraft {
    /// A part of a house recipe a person edits, in the editor's order.
    public enum Field: String, Sendable, CaseIterable {
        case names, minutes, yield, keeping, lines, steps
    }

    public func comparable(_ field: Field) -> [String] {
        func text(_ value: String) -> String { value.trimmingCharacters(in: .whitespacesAndNewlines) }
        return switch field {
        case .names:
            [text(nameEn)] + translatedNames.sorted { $0.key < $1.key }.map { $0.key + ": " + text($0.value) }
        case .minutes: [text(minutes)]
        case .yield: [text(yieldAmount), yieldUnit]
        case .keeping: [text(shelfLifeDays), storage, storage == "other" ? text(storageNote) : ""]
        case .lines:
            rows.filter { !$0.isBlank }.map { [text($0.amount), $0.unit, text($0.ingredient)].joined(separator: " ") }
        case .steps:
            steps.map(text).filter { !$0.isEmpty }
                + translatedSteps.sorted { $0.key < $1.key }.flatMap { code, steps in
                    let written = steps.map(text).filter { !$0.isEmpty }
                    return written.isEmpty ? [] : [code + ":"] + written
                }
        }
    }
}
