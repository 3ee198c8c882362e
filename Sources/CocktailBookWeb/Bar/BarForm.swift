import CocktailBookApp

/// What the bar's forms send (`/bar/…`): one type for all of them, since they share the
/// names of ingredients (typed, or a suggestion picked instead) and the place to return to.
struct BarForm: PageForm {
    /// A field naming an ingredient as typed, and the suggestion the person picked instead
    /// (`pick-<field>`, a button of the page shown when the typed name was unknown).
    struct Name: Sendable {
        var field: String
        var text: String?
        var picked: String?
    }

    var value: Name { Name(field: "value", text: typedValue, picked: pickedValue) }
    var use: Name { Name(field: "use", text: typedUse, picked: pickedUse) }
    var insteadOf: Name { Name(field: "insteadOf", text: typedInsteadOf, picked: pickedInsteadOf) }

    private var typedValue, pickedValue, typedUse, pickedUse, typedInsteadOf, pickedInsteadOf: String?
    /// `remove` takes off the shelf what the form names; anything else puts it on.
    var action: String?
    /// Millilitres: of a batch, or left in a bottle; a bottle's size and when it runs low.
    var ml, bottleMl, lowMl: String?
    /// A level picked as a fraction of the bottle (`0.25`), which wins over typed millilitres.
    var level: String?
    var currency, price: String?
    /// A ticked "both ways" of a substitution.
    var bothWays: String?
    /// The drink whose missing ingredients go on the shopping list.
    var cocktail: String?
    /// `true` to tick a shopping line off, anything else to put it back.
    var bought: String?
    /// Where to go back to afterwards (a path of this site).
    var `return`: String?

    enum CodingKeys: String, CodingKey {
        case typedValue = "value"
        case pickedValue = "pick-value"
        case typedUse = "use"
        case pickedUse = "pick-use"
        case typedInsteadOf = "insteadOf"
        case pickedInsteadOf = "pick-insteadOf"
        case action, ml, bottleMl, lowMl, level, currency, price, bothWays, cocktail, bought, `return`
    }
}
