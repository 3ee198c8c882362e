import CocktailBook
import Foundation
import Prometheus

/// What `/metrics` tells Prometheus about one instance: requests and their latency by route,
/// the catalog (how many drinks, how often it changed, how old it is, whether it is ready) and whether
/// the database answers. One registry per app, so that tests and several apps in one process
/// never share counters.
final class AppMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    /// Latency buckets, from a cached page (under a millisecond) to a slow import.
    static let buckets: [Duration] = [
        .microseconds(250), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
        .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
        .seconds(10),
    ]

    private let started = Date()

    /// Counts one answered request and its time. `route` is the route's pattern
    /// (`/cocktails/{id}`), never the path asked, so that ids and typos do not make new series.
    func record(route: String, method: String, status: Int, duration: Duration) {
        meter(route: route, method: method, status: status).record(duration)
    }

    /// The request counter and latency histogram of one route, method and status, found once
    /// for a caller that records many (the fast lane keeps one per recorded answer).
    func meter(route: String, method: String, status: Int) -> Meter {
        let labels = [("route", route), ("method", method), ("status", String(status))]
        return Meter(
            requests: registry.makeCounter(
                name: "cocktailbook_http_requests_total", labels: labels,
                help: "Requests answered, by route pattern, method and status."),
            latency: registry.makeDurationHistogram(
                name: "cocktailbook_http_request_duration_seconds", labels: [("route", route), ("method", method)],
                buckets: Self.buckets, help: "Time to answer a request, by route pattern and method.")
        )
    }

    struct Meter: Sendable {
        let requests: Counter
        let latency: DurationHistogram

        func record(_ duration: Duration) {
            requests.increment()
            latency.recordNanoseconds(duration.nanoseconds)
        }
    }

    /// The exposition text, with the catalog's and the database's gauges read now.
    func render(catalog status: CatalogStatus, generation: UInt64, databaseProblem: String?, now: Date = Date())
        -> String
    {
        registry.makeGauge(
            name: "cocktailbook_catalog_cocktails", help: "Cocktails in the catalog this instance serves."
        )
        .set(Double(status.count))
        registry.makeGauge(
            name: "cocktailbook_catalog_ready", help: "1 while the catalog is loaded and served, else 0."
        )
        .set(Double(status.state == .ready ? 1 : 0))
        registry.makeGauge(
            name: "cocktailbook_catalog_age_seconds",
            help: "Seconds since the served catalog was fetched from its source (-1 before the first)."
        )
        .set(Double(status.updatedAt.map { now.timeIntervalSince($0) } ?? -1))
        registry.makeGauge(
            name: "cocktailbook_catalog_generation",
            help: "How many times this instance has swapped in a new catalog (a refresh, an import)."
        )
        .set(Double(generation))
        registry.makeGauge(name: "cocktailbook_database_up", help: "1 when the database reads and writes, else 0.")
            .set(Double(databaseProblem == nil ? 1 : 0))
        registry.makeGauge(name: "cocktailbook_uptime_seconds", help: "Seconds since this instance started.")
            .set(Double(now.timeIntervalSince(started)))
        return registry.emitToString()
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
