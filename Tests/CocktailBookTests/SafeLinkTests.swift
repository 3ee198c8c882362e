import CocktailBook
import CocktailsAPI
import Foundation
import Testing

@Suite("Links from catalog data")
struct SafeLinkTests {
    @Test("a javascript: video and a climbing picture path never get into a cocktail")
    func hostileLinks() throws {
        let json = #"""
            {"id":"1","name":"X","type":"alcoholic","shortDescription":"s","longDescription":"l","preparationMinutes":1,
             "imageName":"x","ingredients":["1 oz gin"],"video":"javascript:alert(1)","imageURL":"/images/imported/../../cocktailbook.sqlite",
             "imageSource":"data:text/html,hi"}
            """#
        let cocktail = try JSONDecoder().decode(Cocktail.self, from: Data(json.utf8))
        #expect(cocktail.video == nil)
        #expect(cocktail.imageURL == nil)
        #expect(cocktail.imageSource == nil)
    }

    @Test(
        "web links and stored picture names pass",
        arguments: [
            "https://www.youtube.com/watch?v=abc", "http://example.com/a.jpg",
        ])
    func webLinks(_ link: String) {
        #expect(SafeLink.web(link) == link)
        #expect(SafeLink.picture(link) == link)
    }

    @Test("only stored picture names pass as local paths")
    func localPictures() {
        let sha = String(repeating: "ab", count: 32)
        #expect(SafeLink.picture("/images/imported/\(sha).png") != nil)
        #expect(SafeLink.picture("/images/imported/0123456789abcdef.jpg") != nil)
        #expect(SafeLink.picture("/images/imported/\(sha).png/../x") == nil)
        #expect(SafeLink.picture("/etc/passwd") == nil)
        #expect(SafeLink.web("https://exa mple.com") == nil)
        #expect(SafeLink.web("ftp://example.com/x") == nil)
        #expect(SafeLink.web("https://example.com/\u{0009}x") == nil)
    }
}
