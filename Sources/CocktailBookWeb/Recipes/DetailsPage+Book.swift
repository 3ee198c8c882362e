import CocktailBook
import CocktailBookApp
import Foundation

/// What a drink's page shows of the book beyond the catalog: the buttons to edit, adapt,
/// delete or see the history of it, the drink it adapts and its adaptations, and the viewer's
/// own rating, note and record of making it.
struct DetailsBook: Sendable {
    struct Link: Sendable {
        var href: String
        var text: String
    }

    /// One star of the rating: a button that rates the drink at once (no Save, no second step).
    struct Star: Sendable {
        var value: Int
        var label: String
        var checked: Bool
        /// Drawn filled: at or below the viewer's rating.
        var filled: Bool
        /// `aria-pressed`: the viewer's rating is this star.
        var pressed: String
    }

    struct MadeRow: Sendable {
        var text: String
        var madeNote: String?
        var removeAction: String
    }

    var notice: String?
    var editHref: String?
    var adaptHref: String?
    var historyHref: String?
    var deleteAction: String?
    var hasActions: Bool
    var basedOn: Link?
    var adaptations: [Link]
    var author: String?
    /// The members' average, `★ 4.5 · 2 ratings`.
    var ratingSummary: String?
    /// The members' average and count, for the page's schema.org data.
    var rating: RatingSummary?
    /// The viewer's own: a note, stars and drinks made; `nil` for someone who keeps none.
    var canKeep: Bool
    var stars: [Star]
    var note: String
    var noteAction: String
    var ratingAction: String
    var madeAction: String
    var madeSummary: String?
    /// After "I made this": what it took from the bar, and which bottles it left low.
    var madeNotice: String?
    var madeRows: [MadeRow]
    var signInHint: String?
    /// "Add to list…": the viewer's lists to choose from (none for someone who keeps none).
    var lists: [ListOption] = []
    var addToListAction = ""
    /// `Added to Saturday.` after the form came back.
    var listedNotice: String?

    struct ListOption: Sendable {
        var id: Int64
        var name: String
        var holds: Bool
    }

    /// Works it out for drink `id` as `viewer` sees it.
    static func make(id: String, viewer: Viewer, desk: RecipeDesk, query: FormQuery, strings: UIStrings) async throws
        -> DetailsBook
    {
        let owner = viewer.favoritesOwner
        let mayWrite = RecipeDesk.mayWrite(viewer)
        var recipe: OwnRecipe?
        if let number = OwnRecipe.number(in: id) { recipe = try await desk.ownRecipe(number: number) }
        let editable = recipe.map { RecipeDesk.mayEdit($0, viewer: viewer) } ?? false
        var basedOn: Link?
        if let original = recipe?.cocktail.basedOn, let item = try? await desk.catalog.cocktail(id: original) {
            basedOn = Link(
                href: "/cocktails/\(original)", text: strings("editor_based_on", ["name": item.cocktail.name]))
        }
        let adaptations = try await desk.adaptations(of: id).map {
            Link(href: "/cocktails/\($0.id)", text: $0.cocktail.name)
        }
        // The book's ratings are shown to its members, not to a visitor who is nobody.
        let view = owner == .nobody ? PersonalView() : try await desk.personalView(of: owner, only: id)
        let summary = view.ratings[id]
        let mine = view.myRatings[id]
        var made: [MadeEntry] = []
        var note = ""
        if owner != .nobody {
            made = try await desk.madeEntries(of: id, owner: owner)
            note = try await desk.note(on: id, owner: owner) ?? ""
        }
        let calendar = desk.catalog.calendar
        var notice: String?
        if query["saved"] != nil { notice = strings["details_saved"] }
        var lists: [DrinkList] = []
        if owner != .nobody { lists = try await desk.lists(of: owner) }
        let listed = query["listed"].flatMap { raw in lists.first { String($0.id) == raw } }
        if let restored = query["restored"] { notice = strings("details_restored", ["n": restored]) }
        // Just made: which bottles went down, and which of them are now low (on the shopping list).
        var madeNotice: String?
        if let raw = query["made"], let entry = made.first(where: { String($0.id) == raw }) {
            let taken = try await desk.takenText(by: entry.id, owner: owner, strings: strings)
            madeNotice =
                ([taken.map { strings("details_made_took", ["taken": $0.taken]) } ?? strings["details_made_saved"]]
                + (taken?.low ?? []).map { strings("details_made_low", ["low": $0]) }).joined(separator: " ")
        }
        return DetailsBook(
            notice: notice,
            editHref: editable ? "/cocktails/\(id)/edit" : nil,
            adaptHref: mayWrite ? "/cocktails/new?adapt=\(id)" : nil,
            historyHref: recipe.map { "/cocktails/\($0.id)/history" },
            deleteAction: editable ? "/cocktails/\(id)/delete" : nil,
            hasActions: editable || mayWrite || recipe != nil,
            basedOn: basedOn, adaptations: adaptations,
            author: recipe?.cocktail.author.map { strings("details_author", ["name": $0]) },
            ratingSummary: summary.map {
                strings.count("details_rating_summary", $0.count, ["average": strings.decimal($0.average)])
            },
            rating: summary,
            canKeep: owner != .nobody && mayWrite,
            stars: (1...5).map {
                Star(
                    value: $0, label: strings.count("details_stars", $0), checked: mine == $0,
                    filled: $0 <= (mine ?? 0),
                    pressed: mine == $0 ? "true" : "false")
            },
            note: note, noteAction: "/cocktails/\(id)/note", ratingAction: "/cocktails/\(id)/rating",
            madeAction: "/cocktails/\(id)/made",
            madeSummary: made.first.map {
                strings.count(
                    "details_made_summary", made.count,
                    ["last": DateText.dayAndTime($0.madeAt, calendar: calendar, strings: strings)])
            },
            madeNotice: madeNotice,
            madeRows: made.prefix(10).map { entry in
                MadeRow(
                    text: strings.count(
                        "details_made_entry", entry.servings,
                        ["when": DateText.dayAndTime(entry.madeAt, calendar: calendar, strings: strings)]),
                    madeNote: entry.note, removeAction: "/cocktails/\(id)/made/\(entry.id)/delete")
            },
            signInHint: owner == .nobody
                ? strings["details_personal_sign_in"] : mayWrite ? nil : strings["details_personal_guest"],
            lists: lists.map { ListOption(id: $0.id, name: $0.name, holds: $0.contains(id)) },
            addToListAction: "/cocktails/\(id)/add-to-list",
            listedNotice: listed.map { strings("details_listed", ["name": $0.name]) }
        )
    }
}
