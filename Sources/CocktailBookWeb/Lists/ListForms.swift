import CocktailBook

/// The forms of the list pages.
struct NameForm: PageForm { var name: String? }
struct ConfirmForm: PageForm { var confirm: String? }
struct MoveForm: PageForm { @Field var to: Int }
struct NoteForm: PageForm { var note: String? }
struct PriceForm: PageForm {
    var price: String?
    /// `menu` to go back to the menu rather than the list.
    var `return`: String?
}
struct MenuPricesForm: PageForm {
    var display: MenuPrices.Display
    var pourCost: String?
}
struct ShareForm: PageForm { var days: String? }
struct MenuShelfForm: PageForm {
    /// The account whose bar the menu follows; empty for none.
    var follows: String?
    var unavailable: String?
    /// How the menu orders its drinks: `style` or `list`.
    var order: String?
}
/// Every drink's note and price on a list's page, in the rows' order.
struct EntryDetailsForm: PageForm {
    static let repeated: Set<String> = ["entry", "note", "price"]
    var entry: [String]?
    var note: [String]?
    var price: [String]?
}
/// The drinks ticked on a list's "Add drinks".
struct AddEntriesForm: PageForm {
    static let repeated: Set<String> = ["cocktail"]
    var cocktail: [String]?
}
struct PickedDrinksForm: PageForm {
    static let repeated: Set<String> = ["cocktail"]
    var list: String?
    var cocktail: [String]?
    var `return`: String?
}
struct AddToListForm: PageForm {
    var list: String?
    var note: String?
}
