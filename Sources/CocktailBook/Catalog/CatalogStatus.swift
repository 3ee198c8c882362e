import Foundation

/// Where the catalog stands, as the status endpoint and the loading screen report it.
public struct CatalogStatus: Sendable, Equatable {
    /// The three states of the catalog.
    public enum State: String, Sendable, Codable {
        /// Fetching for the first time; nothing to show yet.
        case loading
        /// A catalog is available (possibly while a refresh runs or after one failed).
        case ready
        /// The fetch failed and nothing is cached.
        case failed
    }

    /// The state.
    public var state: State
    /// How many cocktails are available.
    public var count: Int
    /// A sentence for the user: why loading failed, or that the last refresh did.
    public var message: String?
    /// When the available catalog was fetched from the source.
    public var updatedAt: Date?
    /// Whether a fetch from the source is under way.
    public var isRefreshing: Bool
    /// Whether the latest refresh failed although a cached catalog is shown.
    public var lastRefreshFailed: Bool
}
