import Synchronization

/// One copy of each text the drinks of a catalog repeat. Recipe lines (`30 ml fresh lime juice`),
/// dates, garnishes and tag lists come back again and again across a catalog, and each drink
/// decoded from JSON or from the database would hold its own copy of every one of them: at
/// 10,000 drinks, 3 MB of copies. A decoder shares each drink's texts as soon as the drink is
/// read, so a repeat is freed at once (its memory goes to the next drink) rather than kept.
///
/// Texts of up to 15 UTF-8 bytes are left alone: a `String` holds those inside itself.
public final class SharedTexts: Sendable {
    private let kept = Mutex<(texts: Set<String>, lists: Set<[String]>)>(([], []))

    /// The key under which a `JSONDecoder`'s `userInfo` carries the texts its drinks share.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "cocktailbook.sharedTexts")!

    public init() {}

    /// Replaces `cocktail`'s repeatable texts with the equal ones kept before, keeping new ones.
    public func share(_ cocktail: inout Cocktail) {
        kept.withLock { kept in
            Self.share(&cocktail.ingredients, in: &kept.texts)
            if cocktail.instructions != nil { Self.share(&cocktail.instructions!, in: &kept.texts) }
            if let tags = cocktail.tags {
                if let index = kept.lists.firstIndex(of: tags) {
                    cocktail.tags = kept.lists[index]
                } else {
                    Self.share(&cocktail.tags!, in: &kept.texts)
                    kept.lists.insert(cocktail.tags!)
                }
            }
            cocktail.dateModified = cocktail.dateModified.map { Self.share($0, in: &kept.texts) }
            cocktail.garnish = cocktail.garnish.map { Self.share($0, in: &kept.texts) }
            cocktail.category = cocktail.category.map { Self.share($0, in: &kept.texts) }
            cocktail.iba = cocktail.iba.map { Self.share($0, in: &kept.texts) }
        }
    }

    /// `text`, or the equal one kept before it.
    private static func share(_ text: String, in texts: inout Set<String>) -> String {
        text.utf8.count > 15 ? texts.insert(text).memberAfterInsert : text
    }

    /// Each of `lines` shared, in place: a drink's recipe as a whole is its own.
    private static func share(_ lines: inout [String], in texts: inout Set<String>) {
        for index in lines.indices { lines[index] = share(lines[index], in: &texts) }
    }
}
