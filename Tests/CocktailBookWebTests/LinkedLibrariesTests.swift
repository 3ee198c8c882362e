import CocktailsAPI
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The server loads no networking stack it does not use. Downloads go through AsyncHTTPClient;
/// one `import FoundationNetworking` linked libcurl and some 30 libraries with it (GnuTLS,
/// Kerberos, LDAP, p11-kit): 4.5 MiB of the resident set. The test bundle links every module of
/// the server, so such an import anywhere shows here.
@Suite("Linked libraries")
struct LinkedLibrariesTests {
    @Test("neither FoundationNetworking nor libcurl is loaded")
    func noFoundationNetworking() throws {
        #if os(Linux)
            // Read to the end by hand: /proc files report no size, and a sized read stops early.
            let file = try #require(fopen("/proc/self/maps", "r"))
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count == 0 { break }
                bytes += chunk[..<count]
            }
            let maps = String(decoding: bytes, as: UTF8.self)
            #expect(maps.contains("libFoundationEssentials"), "the maps should list the process's libraries")
            #expect(!maps.contains("libFoundationNetworking"))
            #expect(!maps.contains("libcurl"))
        #endif
    }
}
