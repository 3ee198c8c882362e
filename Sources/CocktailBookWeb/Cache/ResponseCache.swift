import CGzip
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import CocktailDrawings
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Answers kept as bytes, once per state: the same address asked by the same kind of viewer with
/// the same settings, while the catalog, the database and the quarter hour stay the same, gets
/// the bytes made the first time. A page's per-browser parts (its form token, the time it was
/// served) are holes filled on the way out.
///
/// Nothing here decides whether an answer is still right: the key does. Every input an answer
/// is made from is in it (see ``ResponseCacheMiddleware``), so a change of favorites, settings,
/// language or catalog is a new key, and the old entries are dropped when the first answer of
/// a new state is stored.
final class ResponseCache: Sendable {
    /// What an answer depends on.
    struct Key: Hashable, Sendable {
        /// The path and query, as asked.
        var target: String
        /// Host and forwarded scheme: absolute URLs in previews and TheCocktailDB's answers.
        var origin: String
        /// Who is asking, as far as an answer can differ: an account, the owner, anonymous.
        var viewer: String
        /// Language, theme, units and servings.
        var settings: String
        var state: State
    }

    /// The versions of everything an answer reads.
    struct State: Hashable, Sendable {
        var catalog: UInt64
        var database: UInt64
        /// Quarter hours since 1970: "today" and "2 days ago" move at midnight in every time zone.
        var quarterHour: Int64

        /// The state now: read without waiting, from the catalog's and the database's counters.
        static func current(catalog: CatalogService, changes: DatabaseChanges) -> State {
            State(
                catalog: catalog.generation, database: changes.version,
                quarterHour: Int64((catalog.now().timeIntervalSince1970 / 900).rounded(.down))
            )
        }
    }

    /// The holes a page may have.
    enum Hole: Sendable {
        case csrfToken
        case renderedAt
    }

    /// What the renderer writes instead of the form token while an answer is being cached.
    static let csrfHole = "cocktailbook-hole-csrf-9d2b"
    /// …and instead of the time the page was made.
    static let renderedAtHole = "cocktailbook-hole-time-9d2b"

    final class Entry: Sendable {
        let headers: HTTPFields
        /// The fixed parts, one more than the holes.
        let literals: [ByteBuffer]
        let holes: [Hole]
        /// A fingerprint of the fixed parts: the ETag, with the form token's own for pages.
        let fingerprint: String
        let byteCount: Int
        let lastUse: Atomic<UInt64>
        private let gzipped = Mutex<SplicedGzip?>(nil)

        init(headers: HTTPFields, body: ByteBuffer, tick: UInt64) {
            var literals: [ByteBuffer] = []
            var holes: [Hole] = []
            var rest = Self.exactlySized(body)
            if headers[.contentType]?.hasPrefix("text/html") == true {
                while let (offset, hole, length) = Self.nextHole(in: rest) {
                    literals.append(rest.readSlice(length: offset)!)
                    rest.moveReaderIndex(forwardBy: length)
                    holes.append(hole)
                }
            }
            literals.append(rest)
            self.headers = headers
            self.literals = literals
            self.holes = holes
            fingerprint = Self.fingerprint(of: body)
            byteCount = body.readableBytes
            lastUse = Atomic(tick)
        }

        /// `body` in storage of its own size. A body collected in parts grows by doubling, and
        /// the literals are slices of its storage: a 400 KB answer kept 512 KB alive.
        private static func exactlySized(_ body: ByteBuffer) -> ByteBuffer {
            guard body.capacity - body.readableBytes > max(4096, body.readableBytes / 8) else { return body }
            var exact = ByteBufferAllocator().buffer(capacity: body.readableBytes)
            exact.writeImmutableBuffer(body)
            return exact
        }

        /// The first hole in `buffer`: its offset, kind and length. Both markers share a prefix
        /// that nothing else on a page has, so one scan (memchr, then memcmp) finds either.
        private static func nextHole(in buffer: ByteBuffer) -> (Int, Hole, Int)? {
            buffer.withUnsafeReadableBytes { bytes -> (Int, Hole, Int)? in
                guard let base = bytes.baseAddress else { return nil }
                var offset = 0
                while offset < bytes.count,
                    let found = memchr(base + offset, Int32(UInt8(ascii: "c")), bytes.count - offset)
                {
                    let at = UnsafeRawPointer(found) - base
                    for (hole, marker) in [(Hole.csrfToken, csrfHole), (.renderedAt, renderedAtHole)] {
                        let length = marker.utf8.count
                        if at + length <= bytes.count, marker.withCString({ memcmp(found, $0, length) }) == 0 {
                            return (at, hole, length)
                        }
                    }
                    offset = at + 1
                }
                return nil
            }
        }

        /// CRC-32 and Adler-32 of the bytes with their length: zlib's, as fast as memory reads.
        private static func fingerprint(of body: ByteBuffer) -> String {
            body.withUnsafeReadableBytes { bytes in
                let pointer = bytes.bindMemory(to: UInt8.self).baseAddress
                let crc = crc32(0, pointer, uInt(bytes.count))
                let adler = adler32(1, pointer, uInt(bytes.count))
                return String(crc, radix: 36) + String(adler, radix: 36) + String(bytes.count, radix: 36)
            }
        }

        /// What this entry answers a request with these headers: `304` when `If-None-Match`
        /// names it, else the bytes with the holes filled (the form token, the time), gzipped
        /// when asked. The shared parts are never copied.
        func answer(to request: HTTPFields, csrfToken: String) -> (
            status: HTTPResponse.Status, headers: HTTPFields, body: [ByteBuffer]
        ) {
            var headers = self.headers
            let fills = holes.map { hole in
                switch hole {
                case .csrfToken: csrfToken
                case .renderedAt: RenderTime.now()
                }
            }
            // The form token is part of a page: another browser's copy is another page.
            let tokenPart =
                holes.contains(.csrfToken) ? "-" + String(ContentHash.value(of: csrfToken.utf8), radix: 36) : ""
            let zipped = byteCount >= 1024 && ResponseCache.acceptsGzip(request)
            // A handler's own tag (a recipe's version, `"v3"`) leads, so that `If-Match` can read it.
            let own = self.headers[.eTag].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) + "." }
            let etag = "\"\(own ?? "")\(fingerprint)\(tokenPart)\(zipped ? "-gz" : "")\""
            headers[.eTag] = etag
            headers[.vary] = "Accept-Encoding, Accept-Language, Cookie"
            if let match = request[.ifNoneMatch],
                match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
            {
                headers[.contentType] = nil
                return (.notModified, headers, [])
            }
            if zipped, let compressed = gzip() {
                headers[.contentEncoding] = "gzip"
                return (.ok, headers, compressed.body(filling: fills))
            }
            guard !fills.isEmpty else { return (.ok, headers, [literals[0]]) }
            var parts: [ByteBuffer] = [literals[0]]
            for (index, fill) in fills.enumerated() {
                parts.append(ByteBuffer(string: fill))
                parts.append(literals[index + 1])
            }
            return (.ok, headers, parts)
        }

        /// The gzip stream of the fixed parts, made on first need.
        func gzip() -> SplicedGzip? {
            if let made = gzipped.withLock({ $0 }) { return made }
            guard let made = SplicedGzip(literals: literals) else { return nil }
            gzipped.withLock { $0 = made }
            return made
        }
    }

    /// Bytes kept at most (bodies, not counting their compressed copies).
    let budget: Int
    private let storage = Mutex<(entries: [Key: Entry], bytes: Int, state: State?)>(([:], 0, nil))
    private let clock = Atomic<UInt64>(0)

    init(budget: Int = 8 << 20) {
        self.budget = budget
    }

    func entry(for key: Key) -> Entry? {
        guard let entry = storage.withLock({ $0.entries[key] }) else { return nil }
        entry.lastUse.store(clock.wrappingAdd(1, ordering: .relaxed).newValue, ordering: .relaxed)
        return entry
    }

    /// Makes the entry for an answer and keeps it when `keep` (a `200` without cookies).
    func store(_ key: Key, headers: HTTPFields, body: ByteBuffer, keep: Bool) -> Entry {
        let entry = Entry(headers: headers, body: body, tick: clock.wrappingAdd(1, ordering: .relaxed).newValue)
        guard keep, entry.byteCount <= budget / 4 else { return entry }
        storage.withLock { storage in
            // A new state: nothing made in an older one is asked for again.
            if storage.state != key.state {
                storage.entries = storage.entries.filter { $0.key.state == key.state }
                storage.bytes = storage.entries.values.reduce(0) { $0 + $1.byteCount }
                storage.state = key.state
            }
            if let old = storage.entries.updateValue(entry, forKey: key) { storage.bytes -= old.byteCount }
            storage.bytes += entry.byteCount
            if storage.bytes > budget {
                // The least recently used go until a quarter of the budget is free.
                for (oldKey, old) in storage.entries.sorted(by: {
                    $0.value.lastUse.load(ordering: .relaxed) < $1.value.lastUse.load(ordering: .relaxed)
                }) {
                    guard storage.bytes > budget * 3 / 4 else { break }
                    storage.entries[oldKey] = nil
                    storage.bytes -= old.byteCount
                }
            }
        }
        return entry
    }

    /// What a request that found no entry does next.
    enum Turn: Sendable {
        /// Another request made this very answer while this one waited: answer with it.
        case made(Entry)
        /// Make the answer. The first request for a key must call ``finish(_:with:)`` when it
        /// is done, whatever happens: others may be waiting for it.
        case make(first: Bool)
    }

    /// The keys whose answers are being made, with the requests waiting for each.
    private let making = Mutex<[Key: [CheckedContinuation<Entry??, Never>]]>([:])

    /// Decides who makes an answer nobody has yet. The first request for `key` makes it; the
    /// ones that arrive meanwhile wait for it, so that 64 browsers opening the same long list at
    /// once make it once (each making its own held its own megabytes, all at the same time).
    /// If the first one's answer cannot be shared (an error, a cookie), each makes its own.
    func turn(for key: Key) async -> Turn {
        let shared: Entry?? = await withCheckedContinuation { continuation in
            let first = making.withLock { making -> Bool in
                if making[key] != nil {
                    making[key]!.append(continuation)
                    return false
                }
                making[key] = []
                return true
            }
            if first { continuation.resume(returning: .none) }
        }
        switch shared {
        case .some(let entry?): return .made(entry)
        case .some(.none): return .make(first: false)
        case .none:
            // Made and kept between the caller's look and now.
            if let entry = entry(for: key) {
                finish(key, with: entry)
                return .made(entry)
            }
            return .make(first: true)
        }
    }

    /// Ends the making of `key`'s answer: the requests waiting for it get `entry`, or `nil`
    /// when it is not to be shared and they make their own.
    func finish(_ key: Key, with entry: Entry?) {
        let waiting = making.withLock { $0.removeValue(forKey: key) ?? [] }
        for request in waiting { request.resume(returning: .some(entry)) }
    }

    /// How many answers and bytes are kept (for tests and the maintenance page).
    var usage: (entries: Int, bytes: Int) {
        storage.withLock { ($0.entries.count, $0.bytes) }
    }

    func removeAll() {
        storage.withLock { $0 = ([:], 0, nil) }
    }
}
