import Foundation
import Testing

@testable import CocktailBookWeb

/// The loader's relocation tables are dropped from the resident set after start, and the
/// process goes on working: libraries and Foundation still answer afterwards.
@Suite("Relocation tables")
struct RelocationTablesTests {
    /// Resident pages of the process in `[start, end)`, from `/proc/self/pagemap`.
    static func residentPages(from start: UInt, to end: UInt) throws -> Int {
        let file = try #require(fopen("/proc/self/pagemap", "r"))
        defer { fclose(file) }
        var resident = 0
        var page = start
        while page < end {
            var entry: UInt64 = 0
            fseek(file, Int(page / 4096 * 8), SEEK_SET)
            guard fread(&entry, 8, 1, file) == 1 else { break }
            if entry >> 63 == 1 { resident += 1 }
            page += 4096
        }
        return resident
    }

    @Test("the tables are dropped, whole pages of read-only mappings only, and nothing breaks")
    func dropsTables() throws {
        #if os(Linux)
            let dropped = MemoryRelease.dropRelocationTables()
            // The test bundle links the whole server and Foundation: megabytes of tables.
            #expect(dropped >= 1 << 20, "dropped \(dropped) bytes")
            #expect(dropped % 4096 == 0)

            // Foundation, ICU (sorting) and the Swift runtime still work afterwards.
            let sorted = ["zucchero", "Ámaro", "amaretto"].sorted {
                $0.compare($1, locale: Locale(identifier: "it_IT")) == .orderedAscending
            }
            #expect(sorted == ["amaretto", "Ámaro", "zucchero"])
            let decoded = try JSONDecoder().decode([String: Int].self, from: Data(#"{"a":1}"#.utf8))
            #expect(decoded == ["a": 1])
        #endif
    }

    @Test("the dropped pages are no longer resident")
    func pagesLeave() throws {
        #if os(Linux)
            // The executable's own table, as /proc/self/maps and its section headers place it.
            let path = try #require(
                Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
            let table = try #require(try Self.relaDyn(in: path))
            let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            var start: UInt?
            for line in maps.split(separator: "\n") where line.hasSuffix(path) {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
                let offset = try #require(UInt(fields[2], radix: 16))
                if range.count == 2, offset <= table.offset, table.offset + table.size <= offset + (range[1] - range[0])
                {
                    start = range[0] + (table.offset - offset)
                }
            }
            let from = (try #require(start) + 4095) / 4096 * 4096
            let to = (from + table.size) / 4096 * 4096 - 4096
            _ = MemoryRelease.dropRelocationTables()
            #expect(try Self.residentPages(from: from, to: to) == 0)
        #endif
    }

    /// `.rela.dyn`'s file offset and size, from the ELF section headers.
    static func relaDyn(in path: String) throws -> (offset: UInt, size: UInt)? {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        func read<T: FixedWidthInteger>(_ at: Int, as: T.Type) -> T {
            data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: T.self) }
        }
        let sections = Int(read(0x28, as: UInt64.self))
        let entrySize = Int(read(0x3A, as: UInt16.self))
        let count = Int(read(0x3C, as: UInt16.self))
        let names = Int(read(0x3E, as: UInt16.self))
        let namesOffset = Int(read(sections + names * entrySize + 0x18, as: UInt64.self))
        for index in 0..<count {
            let header = sections + index * entrySize
            let nameStart = namesOffset + Int(read(header, as: UInt32.self))
            let name = data[nameStart...].prefix { $0 != 0 }
            if String(decoding: name, as: UTF8.self) == ".rela.dyn" {
                return (UInt(read(header + 0x18, as: UInt64.self)), UInt(read(header + 0x20, as: UInt64.self)))
            }
        }
        return nil
    }
}
