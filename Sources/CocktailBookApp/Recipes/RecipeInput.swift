import CocktailBook
import CocktailsAPI
import Foundation

/// A drink as `POST` and `PUT /api/v1/cocktails` take it: what `GET /api/v1/cocktails/{id}`
/// answers (the fields the server sets, such as `id`, `isFavorite`, `abv` or
/// `lastModifiedLabel`, are ignored), plus `translations` for the words in other languages (by
/// language code; `italian` is still read, as the Italian words, for a release) and `basedOn`
/// for an adaptation. An ingredient is that answer's line object or its text alone. Drafts read from
/// a recipe page are answered in the same shape.
package struct RecipeInput: Codable, Sendable, Equatable {
    package var name: String
    package var kind: CocktailKind?
    package var category: String?
    package var glass: String?
    package var method: String?
    package var preparationMinutes: Int?
    package var shortDescription: String?
    package var longDescription: String?
    package var garnish: String?
    package var tags: [String]?
    package var video: String?
    /// Where the recipe was taken from (an http(s) address), and who wrote it there.
    package var recipeSource: String?
    package var recipeAuthor: String?
    package var ingredients: [Line]
    package var instructions: [String]?
    /// The words in other languages, by language code (`it`).
    package var translations: [String: Translation]?
    package var basedOn: String?
    /// The drink's picture: a picture of the book (`/images/…`) or none.
    package var imageURL: String?

    /// One language's words, each optional.
    package struct Translation: Codable, Sendable, Equatable {
        package var shortDescription: String?
        package var longDescription: String?
        package var garnish: String?
        package var instructions: [String]?
    }

    /// One ingredient line: its text, or its parts (`amount`, `amountMax`, `unit`, `ingredient`,
    /// `note`, and `optional` and `garnish` marks). With both, the text wins.
    package struct Line: Codable, Sendable, Equatable {
        package var text: String?
        package var amount: Double?
        package var amountMax: Double?
        package var unit: String?
        package var ingredient: String?
        package var note: String?
        package var optional: Bool?
        package var garnish: Bool?
        /// That very ingredient: a bottle of its family only stands in for it.
        package var exactly: Bool?

        package init(
            text: String? = nil, amount: Double? = nil, amountMax: Double? = nil, unit: String? = nil,
            ingredient: String? = nil, note: String? = nil, optional: Bool? = nil, garnish: Bool? = nil,
            exactly: Bool? = nil
        ) {
            self.text = text
            self.amount = amount
            self.amountMax = amountMax
            self.unit = unit
            self.ingredient = ingredient
            self.note = note
            self.optional = optional
            self.garnish = garnish
            self.exactly = exactly
        }

        package init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.init(text: text)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                text: try container.decodeIfPresent(String.self, forKey: .text),
                amount: try container.decodeIfPresent(Double.self, forKey: .amount),
                amountMax: try container.decodeIfPresent(Double.self, forKey: .amountMax),
                unit: try container.decodeIfPresent(String.self, forKey: .unit),
                ingredient: try container.decodeIfPresent(String.self, forKey: .ingredient),
                note: try container.decodeIfPresent(String.self, forKey: .note),
                optional: try container.decodeIfPresent(Bool.self, forKey: .optional),
                garnish: try container.decodeIfPresent(Bool.self, forKey: .garnish),
                exactly: try container.decodeIfPresent(Bool.self, forKey: .exactly))
        }

        /// The editor's row for the line.
        package var row: RecipeDraft.Row {
            if let text, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                var row = RecipeDraft.row(text)
                if optional == true { row.optional = true }
                if garnish == true { row.garnish = true }
                if exactly == true { row.exactly = true }
                return row
            }
            var amountText = ""
            if let amount, amount.isFinite {
                amountText = RecipeDraft.fraction(amount)
                if let amountMax, amountMax.isFinite, amountMax > amount {
                    amountText += "-" + RecipeDraft.fraction(amountMax)
                }
            }
            return RecipeDraft.Row(
                amount: amountText, unit: unit ?? "", ingredient: ingredient ?? "", note: note ?? "",
                optional: optional ?? false, garnish: garnish ?? false, exactly: exactly ?? false)
        }
    }

    /// The editor's draft of this input.
    package var draft: RecipeDraft {
        RecipeDraft(
            name: name, kind: kind ?? .alcoholic, category: category ?? "", glass: glass ?? "", method: method ?? "",
            preparationMinutes: preparationMinutes.map(String.init) ?? "", shortDescription: shortDescription ?? "",
            longDescription: longDescription ?? "", garnish: garnish ?? "", tags: (tags ?? []).joined(separator: ", "),
            video: video ?? "", rows: ingredients.map(\.row), steps: instructions ?? [],
            translations: (translations ?? [:]).mapValues { words in
                RecipeDraft.Translation(
                    shortDescription: words.shortDescription ?? "", longDescription: words.longDescription ?? "",
                    garnish: words.garnish ?? "", steps: words.instructions ?? [])
            },
            basedOn: basedOn, imageURL: imageURL, recipeSource: recipeSource, recipeAuthor: recipeAuthor)
    }

    /// The input that makes `draft`.
    package init(_ draft: RecipeDraft) {
        name = draft.name
        kind = draft.kind
        category = draft.category.isEmpty ? nil : draft.category
        glass = draft.glass.isEmpty ? nil : draft.glass
        method = draft.method.isEmpty ? nil : draft.method
        preparationMinutes = Int(draft.preparationMinutes)
        shortDescription = draft.shortDescription
        longDescription = draft.longDescription
        garnish = draft.garnish.isEmpty ? nil : draft.garnish
        let tagList = draft.tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        tags = tagList.filter { !$0.isEmpty }
        video = draft.video.isEmpty ? nil : draft.video
        recipeSource = draft.recipeSource
        recipeAuthor = draft.recipeAuthor
        ingredients = draft.rows.filter { !$0.isBlank }.map { row in
            Line(
                text: RecipeDraft.line(row), amount: nil, unit: row.unit.isEmpty ? nil : row.unit,
                ingredient: row.ingredient, note: row.note.isEmpty ? nil : row.note,
                optional: row.optional ? true : nil, garnish: row.garnish ? true : nil,
                exactly: row.exactly ? true : nil)
        }
        instructions = draft.steps.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let written = draft.translations.filter { !$0.value.isEmpty }.mapValues { words in
            Translation(
                shortDescription: words.shortDescription, longDescription: words.longDescription,
                garnish: words.garnish, instructions: words.steps)
        }
        translations = written.isEmpty ? nil : written
        basedOn = draft.basedOn
        imageURL = draft.imageURL
    }

    package enum CodingKeys: String, CodingKey {
        case name, kind, category, glass, method, preparationMinutes, shortDescription, longDescription, garnish
        case tags, video, recipeSource, recipeAuthor, ingredients, instructions, translations, basedOn, imageURL
    }

    /// Read, never written: the Italian words as earlier releases sent them.
    private enum EarlierKeys: String, CodingKey {
        case italian
    }

    /// Reads the input leniently where `GET` answers differ from it: `null` for any optional
    /// field, `type` as another name of `kind`. A value of the wrong type is refused.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decodeIfPresent(CocktailKind.self, forKey: .kind)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        glass = try container.decodeIfPresent(String.self, forKey: .glass)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        preparationMinutes = try container.decodeIfPresent(Int.self, forKey: .preparationMinutes)
        shortDescription = try container.decodeIfPresent(String.self, forKey: .shortDescription)
        longDescription = try container.decodeIfPresent(String.self, forKey: .longDescription)
        garnish = try container.decodeIfPresent(String.self, forKey: .garnish)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        video = try container.decodeIfPresent(String.self, forKey: .video)
        recipeSource = try container.decodeIfPresent(String.self, forKey: .recipeSource)
        recipeAuthor = try container.decodeIfPresent(String.self, forKey: .recipeAuthor)
        ingredients = try container.decodeIfPresent([Line].self, forKey: .ingredients) ?? []
        instructions = try container.decodeIfPresent([String].self, forKey: .instructions)
        // A language given as `null` is none, as `null` is for every optional field.
        translations = try container.decodeIfPresent([String: Translation?].self, forKey: .translations)?
            .compactMapValues { $0 }
        // The field of earlier releases: the Italian words, unless `translations` has them.
        if let italian = try decoder.container(keyedBy: EarlierKeys.self).decodeIfPresent(
            Translation.self, forKey: .italian),
            translations?[Language.italian.rawValue] == nil
        {
            translations = (translations ?? [:]).merging([Language.italian.rawValue: italian]) { first, _ in first }
        }
        basedOn = try container.decodeIfPresent(String.self, forKey: .basedOn)
        imageURL = try container.decodeIfPresent(String.self, forKey: .imageURL)
    }
}
