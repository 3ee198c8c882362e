import CocktailsAPI
import Testing

/// The decision of the address policy, on addresses alone: nothing here connects anywhere.
@Suite("Address policy for fetches started from the web")
struct AddressPolicyTests {
    @Test(
        "inward addresses are refused",
        arguments: [
            "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
            "100.64.0.1", "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1", "192.0.2.5",
            "198.18.0.1",
            "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
            "::ffff:169.254.169.254", "64:ff9b::a00:1", "2002:c0a8:0101::1", "2001:db8::1", "[::1]",
            // SIIT's IPv4-translated addresses, and NAT64's local-use prefix.
            "::ffff:0:127.0.0.1", "::ffff:0:10.0.0.1", "::ffff:0:7f00:1", "64:ff9b:1::7f00:1",
        ])
    func refused(_ text: String) throws {
        let address = try #require(IPAddress(text), "\(text)")
        #expect(!AddressPolicy.publicOnly.permits(address), "\(text)")
        #expect(AddressPolicy.anyAddress.permits(address), "\(text)")
    }

    @Test(
        "public addresses are allowed",
        arguments: [
            "1.1.1.1", "8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111",
            "::ffff:8.8.8.8", "2a00:1450::1", "::ffff:0:8.8.8.8",
        ])
    func allowed(_ text: String) throws {
        let address = try #require(IPAddress(text), "\(text)")
        #expect(AddressPolicy.publicOnly.permits(address), "\(text)")
    }

    @Test("a host is refused when any of its addresses is inward")
    func mixedAnswers() throws {
        let addresses = try ["8.8.8.8", "10.0.0.1"].map { try #require(IPAddress($0)) }
        #expect(AddressPolicy.publicOnly.firstRefused(in: addresses)?.description == "10.0.0.1")
        #expect(AddressPolicy.anyAddress.firstRefused(in: addresses) == nil)
    }

    @Test("names are not addresses; addresses print back as written")
    func parsing() {
        #expect(IPAddress("localhost") == nil)
        #expect(IPAddress("example.com") == nil)
        #expect(IPAddress("10.0.0.300") == nil)
        #expect(IPAddress("::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress("192.168.0.1")?.description == "192.168.0.1")
    }
}
