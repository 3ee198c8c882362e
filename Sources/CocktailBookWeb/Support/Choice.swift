/// One choice of a form's select or radio group, as every template shows it:
/// `<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>`.
struct Choice: Sendable {
    var value: String
    var label: String
    /// Whether the form comes with this choice made (`selected`, or `checked` for a radio).
    var selected: Bool
    /// The choice's own language when it differs from the page's (a language named in itself).
    var langAttribute: String? = nil
}
