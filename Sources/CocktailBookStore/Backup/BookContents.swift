/// What a book holds, declared once, table by table, for both backends: which part of a
/// ``Backup`` carries each table, or why a backup leaves it out on purpose. A table the schema
/// has and this list does not name fails the store's contract tests, so a new table is never
/// silently left out of backups (as pictures once were).
public enum BookContents {
    /// What a backup does with a table.
    public enum Fate: Sendable, Equatable {
        /// Carried in the backup under this key of its JSON, and put back by a restore.
        case backedUp(String)
        /// Never in a backup, for this reason.
        case leftOut(String)
    }

    /// One table, by its name in each backend.
    public struct Table: Sendable, Equatable {
        public let sqlite: String
        public let postgres: String
        public let fate: Fate

        init(_ sqlite: String, _ postgres: String, _ fate: Fate) {
            self.sqlite = sqlite
            self.postgres = postgres
            self.fate = fate
        }
    }

    private static let credentials = "credentials: a restored book is signed into anew"
    private static let cache = "a cache of the recipe source, fetched again"

    /// The tables whose rows belong to one person, with the column naming the owner (an
    /// account's id, or 0 for the book's owner before there are accounts): the first account
    /// inherits them, and removing an account removes them. A list's entries and share link go
    /// with its row, an account's settings, sessions and tokens with the account.
    public static let owned = [
        ("favorite", "owner_id"), ("bar_bottle", "owner_id"), ("bar_always", "owner_id"), ("bar_rule", "owner_id"),
        ("shopping_item", "owner_id"), ("house_batch", "owner_id"), ("bar_stock", "owner_id"),
        ("stock_use", "owner_id"), ("cocktail_note", "owner_id"), ("rating", "owner_id"), ("made_it", "owner_id"),
        ("drink_list", "owner_id"),
    ]

    /// The columns naming who wrote a recipe: what was written before there were accounts becomes
    /// the first account's; removing an account keeps its recipes.
    public static let authored = [("recipe", "author_id"), ("recipe_version", "saved_by")]

    /// Every table of a book.
    public static let tables: [Table] = [
        Table("account", "account", .backedUp("accounts")),
        Table("account_settings", "account_settings", .backedUp("settings")),
        Table("favorite", "favorite", .backedUp("favorites")),
        Table("bar_bottle", "bar_bottle", .backedUp("bottles")),
        Table("bar_always", "bar_always", .backedUp("alwaysAvailable")),
        Table("bar_rule", "bar_rule", .backedUp("rules")),
        Table("shopping_item", "shopping_item", .backedUp("shopping")),
        Table("bar_stock", "bar_stock", .backedUp("stock")),
        Table("house_batch", "house_batch", .backedUp("batches")),
        Table("imported_cocktail", "imported_cocktail", .backedUp("imported")),
        Table("imported_image", "imported_image", .backedUp("pictures")),
        Table("recipe", "recipe", .backedUp("recipes")),
        Table("recipe_version", "recipe_version", .backedUp("recipes")),
        Table("custom_ingredient", "custom_ingredient", .backedUp("customIngredients")),
        Table("cocktail_note", "cocktail_note", .backedUp("notes")),
        Table("rating", "rating", .backedUp("ratings")),
        Table("made_it", "made_it", .backedUp("made")),
        Table("drink_list", "drink_list", .backedUp("lists")),
        Table("drink_list_entry", "drink_list_entry", .backedUp("lists")),
        Table("house_recipe", "house_recipe", .backedUp("houseRecipes")),
        Table("house_recipe_version", "house_recipe_version", .backedUp("houseRecipes")),
        Table("book_setting", "book_setting", .backedUp("currency")),
        Table("session", "session", .leftOut(credentials)),
        Table("api_token", "api_token", .leftOut(credentials)),
        Table(
            "idempotency_key", "idempotency_key",
            .leftOut("answers kept for a day so that a retried POST is not done twice")),
        Table("catalog_cocktail", "catalog_cocktail", .leftOut(cache)),
        Table("catalog_fetch", "catalog_fetch", .leftOut(cache)),
        Table(
            "stock_use", "stock_use",
            .leftOut("what each drink made drew from the stock; a restored book's stock is as the backup says")),
    ]

    /// Tables of one backend only.
    public static let backendTables: [(sqlite: String?, postgres: String?, fate: Fate)] = [
        (nil, "picture", .backedUp("pictures")),
        (nil, "schema_migration", .leftOut("the schema's own record of its migrations")),
        ("grdb_migrations", nil, .leftOut("the schema's own record of its migrations")),
    ]

    /// The names of every table `backend` has, as this declaration says.
    public static func names(sqlite: Bool) -> Set<String> {
        Set(tables.map { sqlite ? $0.sqlite : $0.postgres })
            .union(backendTables.compactMap { sqlite ? $0.sqlite : $0.postgres })
    }

    /// The tables a backup carries, by their name in one backend.
    public static func backedUp(sqlite: Bool) -> [String] {
        let isBackedUp = { (fate: Fate) in if case .backedUp = fate { true } else { false } }
        return tables.filter { isBackedUp($0.fate) }.map { sqlite ? $0.sqlite : $0.postgres }
            + backendTables.filter { isBackedUp($0.fate) }.compactMap { sqlite ? $0.sqlite : $0.postgres }
    }
}
