/// The rules for cocktail identifiers, shared by the decoder, the web routes and the CLI.
public enum CocktailID {
    /// Whether `id` can name a cocktail: 1–64 ASCII letters, digits, `-` or `_`.
    ///
    /// Keeping ids this plain lets them appear in URLs and file names without escaping.
    public static func isValid(_ id: some StringProtocol) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F
            }
    }
}
