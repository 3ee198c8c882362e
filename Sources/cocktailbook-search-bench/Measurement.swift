import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Timing with `ContinuousClock`, in milliseconds.
enum Timing {
    static let clock = ContinuousClock()

    /// Runs `body` once and returns its result and how long it took, in milliseconds.
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = clock.now
        let value = try body()
        return (value, milliseconds(clock.now - start))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}

/// The distribution of a set of latencies.
struct Latency {
    var count: Int
    var p50: Double
    var p99: Double
    var max: Double

    /// Nearest-rank percentiles of `samples` (milliseconds).
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        p50 = rank(0.50)
        p99 = rank(0.99)
        max = sorted.last ?? .nan
    }
}

/// The process's resident set size, from `/proc/self/statm` (Linux only).
enum Memory {
    static let pageSize: Int = {
        #if canImport(Glibc)
            return Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return 4096
        #endif
    }()

    /// Resident bytes now, or nil where `/proc` is missing: what the process holds, freed heap
    /// the allocator keeps included (as an operator would see it).
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * pageSize
    }

    static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}

/// The system load, so that a run on a busy machine says so.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "n/a"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// Fixed-width text formatting for the tables.
enum Format {
    static func ms(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.3f", value)
    }

    static func ratio(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f×", value) : "n/a"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// Renders rows as an aligned table; the first column is left-aligned, the others right.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func render(_ row: [String]) -> String {
            row.enumerated().map { pad($1, widths[$0], right: $0 > 0) }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([render(header), rule] + rows.map(render)).joined(separator: "\n")
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole(_ value: Int) {
    if value == Int.min { print("") }
}
