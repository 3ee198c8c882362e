import Foundation

/// What `cocktailbook --version` prints: the release in the repository's `VERSION` file, and the
/// commit it was built from when that is known (a release writes it beside `VERSION`; a build
/// from a checkout reads the checkout's `HEAD`).
enum BuildVersion {
    static var text: String {
        let version = resource("VERSION") ?? "unknown"
        guard let commit = resource("COMMIT") ?? checkoutCommit() else { return version }
        return "\(version) (\(commit.prefix(12)))"
    }

    private static func resource(_ name: String) -> String? {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The commit `HEAD` names in the checkout this file was compiled from, if it is still there:
    /// read from `.git` directly (no `git` needed), through a branch's ref or `packed-refs`.
    private static func checkoutCommit() -> String? {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        let git = root.appendingPathComponent(".git")
        guard let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8) else {
            return nil
        }
        let line = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("ref: ") else { return isCommit(line) ? line : nil }
        let ref = String(line.dropFirst(5))
        if let direct = try? String(contentsOf: git.appendingPathComponent(ref), encoding: .utf8) {
            let commit = direct.trimmingCharacters(in: .whitespacesAndNewlines)
            return isCommit(commit) ? commit : nil
        }
        let packed = (try? String(contentsOf: git.appendingPathComponent("packed-refs"), encoding: .utf8)) ?? ""
        return packed.split(separator: "\n").first { $0.hasSuffix(" " + ref) }.map { String($0.prefix(40)) }
            .flatMap { isCommit($0) ? $0 : nil }
    }

    private static func isCommit(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy(\.isHexDigit)
    }
}
