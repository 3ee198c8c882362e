import Foundation

/// What two drafts of one recipe say differently, field by field: for the editor's conflict box,
/// which shows each field saved meanwhile that differs from what is in the form, and names what
/// saving again replaces.
extension RecipeDraft {
    /// A part of a recipe a person edits, in the editor's order.
    public enum Field: String, Sendable, CaseIterable {
        case name, kind, category, glass, method, preparationMinutes, shortDescription, longDescription, garnish,
            tags, video, ingredients, steps, italian, picture
    }

    /// The fields in which `other` differs from this draft, in the editor's order. Blank rows and
    /// steps, spaces around words and the spacing of tags do not count as differences.
    public func changedFields(comparedTo other: RecipeDraft) -> [Field] {
        Field.allCases.filter { comparable($0) != other.comparable($0) }
    }

    /// Each field as text that compares equal when a person would call it unchanged.
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
        case .ingredients: rows.filter { !$0.isBlank }.map(Self.line)
        case .steps: steps.map(\.trimmed).filter { !$0.isEmpty }
        case .italian:
            [italian.shortDescription.trimmed, italian.longDescription.trimmed, italian.garnish.trimmed]
                + italian.steps.map(\.trimmed).filter { !$0.isEmpty }
        case .picture: [imageURL ?? ""]
        }
    }
}
