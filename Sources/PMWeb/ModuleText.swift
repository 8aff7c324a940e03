import Foundation

/// One module's text read for ``CombinedModules``: its imports, its exports, and the module
/// rewritten as a function that returns its exports.
struct ModuleText {
    /// `import { a, b as c } from "./x.js";`: the names (`a`, `b as c`) and the file (`x.js`).
    struct Import: Equatable {
        var names: [String]
        var from: String
    }

    let text: String
    let imports: [Import]
    /// The exported names, in the order they are declared.
    let exports: [String]

    private static let importPattern = try! NSRegularExpression(
        pattern: #"^import\s*\{([^}]*)\}\s*from\s*"\./([A-Za-z0-9_.-]+\.js)";?[ \t]*\n?"#, options: [.anchorsMatchLines]
    )
    private static let exportPattern = try! NSRegularExpression(
        pattern: #"^export\s+((?:async\s+)?(?:function\*?|class|const|let)\s+)([A-Za-z_$][A-Za-z0-9_$]*)"#,
        options: [.anchorsMatchLines])

    init(_ text: String) {
        self.text = text
        let whole = NSRange(text.startIndex..., in: text)
        imports = Self.importPattern.matches(in: text, range: whole).compactMap { match in
            guard let names = Range(match.range(at: 1), in: text), let from = Range(match.range(at: 2), in: text) else {
                return nil
            }
            let list = text[names].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return Import(names: list.filter { !$0.isEmpty }, from: String(text[from]))
        }
        exports = Self.exportPattern.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: 2), in: text).map { String(text[$0]) }
        }
    }

    /// The module as `const VARIABLE = (() => { … return { exports }; })();`, its imports read
    /// from the variables of the modules they name.
    func wrapped(as variable: String, name: String) -> String {
        let whole = NSRange(text.startIndex..., in: text)
        var body = Self.importPattern.stringByReplacingMatches(in: text, range: whole, withTemplate: "")
        body = Self.exportPattern.stringByReplacingMatches(
            in: body, range: NSRange(body.startIndex..., in: body), withTemplate: "$1$2")
        let bindings = imports.map { item in
            let names = item.names.map { $0.replacingOccurrences(of: " as ", with: ": ") }
            return "const { \(names.joined(separator: ", ")) } = \(CombinedModules.variable(item.from));\n"
        }
        return "\n// js/\(name)\nconst \(variable) = (() => {\n" + bindings.joined() + body
            + "\nreturn { \(exports.joined(separator: ", ")) };\n})();\n"
    }
}
