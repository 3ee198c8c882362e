/// What a book holds, declared once, for both backends: the accounts, the parts a backup carries
/// (``parts``, in the order the file is read, restored and counted) and the tables a backup
/// leaves out on purpose, each with why. A table the schema has and this declaration does not
/// name fails the store's contract tests, so a new table is never silently left out of backups
/// (as pictures once were).
public enum BookContents {
    /// The accounts: every other part names its owners by their names, so a backup restores
    /// into any book. A restore matches them by name before any other part.
    public static let accounts = "account"

    /// Every part a backup carries, in the order of the file's reading, the restore and the
    /// restore page's rows.
    public static let parts: [BookPart] = [
        favorites, settings, identities, bottles, alwaysAvailable, rules, shopping, imported, pictures, recipes,
        customIngredients, lists, notes, ratings, made, batches, stock, houseRecipes, currency,
    ]

    private static let credentials = "credentials: a restored book is signed into anew"
    private static let cache = "a cache of the recipe source, fetched again"
    private static let migrations = "the schema's own record of its migrations"

    /// The tables no backup carries, and why.
    public static let leftOut: [(table: String, why: String)] = [
        ("session", credentials), ("api_token", credentials),
        ("idempotency_key", "answers kept for a day so that a retried POST is not done twice"),
        ("catalog_cocktail", cache), ("catalog_fetch", cache),
        ("stock_use", "what each drink made drew from the stock; a restored book's stock is as the backup says"),
        ("pending_import", "an upload waiting for its review, or kept a day to be undone; its drinks are backed up"),
    ]

    /// Tables of one backend only: PostgreSQL keeps the pictures' bytes in a table (SQLite in a
    /// folder), and each keeps its own record of migrations.
    static let backendTables: [(sqlite: String?, postgres: String?, why: String?)] = [
        (nil, "picture", nil), (nil, "schema_migration", migrations), ("grdb_migrations", nil, migrations),
    ]

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

    /// The names of every table a backend has, as this declaration says.
    public static func names(sqlite: Bool) -> Set<String> {
        Set([accounts] + parts.flatMap(\.tables) + leftOut.map(\.table))
            .union(backendTables.compactMap { sqlite ? $0.sqlite : $0.postgres })
    }

    /// The tables a backup carries on a backend.
    public static func backedUp(sqlite: Bool) -> [String] {
        [accounts] + parts.flatMap(\.tables)
            + backendTables.filter { $0.why == nil }.compactMap { sqlite ? $0.sqlite : $0.postgres }
    }
}
