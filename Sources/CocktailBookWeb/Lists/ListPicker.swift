import CocktailBook
import CocktailBookApp
import Foundation

/// "Add to a list" on the search and filter results: the viewer's lists, ticks beside the drinks
/// found, and after an add the notice with a link to the list. One form posts every ticked drink
/// (``ListPageController``'s `POST /lists/add-drinks`), which comes back to the same results.
struct ListPicker: Sendable {
    struct Option: Sendable {
        var id: String
        var name: String
    }

    var lists: [Option]
    /// The results' own address, to come back to.
    var returnPath: String
    /// "2 drinks added to Party." after an add, with the list's address.
    var notice = ""
    var hasNotice = false
    var noticeHref = ""

    /// The picker for `viewer`'s `lists` on the results at `returnPath`; `nil` when there are no
    /// lists to add to. `added` and `to` are what the last add said (`?added=2&to=5`).
    init?(lists: [DrinkList], returnPath: String, added: String?, to listID: String?, strings: UIStrings) {
        guard !lists.isEmpty else { return nil }
        self.lists = lists.map { Option(id: String($0.id), name: $0.name) }
        self.returnPath = returnPath
        if let added = added.flatMap(Int.init), let list = lists.first(where: { String($0.id) == listID }) {
            notice = strings.count("drinklist_added_to", added, ["name": list.name])
            noticeHref = "/lists/\(list.id)#entries"
            hasNotice = true
        }
    }

    /// Where `POST /lists/add-drinks` sends the person back: `path` (a results address of this
    /// book, never another site) with what was added.
    static func back(to path: String?, added: Int, list: Int64) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            var parts = URLComponents(string: path)
        else { return "/lists/\(list)?added=\(added)#entries" }
        parts.fragment = "results"
        parts.queryItems =
            (parts.queryItems ?? []).filter { $0.name != "added" && $0.name != "to" }
            + [URLQueryItem(name: "added", value: String(added)), URLQueryItem(name: "to", value: String(list))]
        return parts.string ?? "/lists/\(list)?added=\(added)#entries"
    }
}
