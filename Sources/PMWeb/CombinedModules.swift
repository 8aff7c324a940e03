import Foundation

/// The board's JavaScript modules as one script, so a first open asks for one file instead of
/// one per module (each request costs a round trip, and a browser opens at most six at once).
/// No bundler: the modules are the files in `js/`, joined in the order a browser would run them,
/// each in a function of its own so their names stay apart:
///
///     const $m_clock = (() => { …clock.js without `export`…; return { HybridClock, … }; })();
///
/// An import (`import { a, b as c } from "./x.js";`) becomes `const { a, b: c } = $m_x;`. This
/// holds for how the board's modules are written, which the tests check for every one of them:
/// imports of the form above only, exports only as `export function|class|const`, no cycles.
struct CombinedModules {
    /// The module the page starts from.
    static let entry = "app.js"

    /// A module's text by file name (`merge.js`), or `nil` when there is none.
    let read: (String) -> String?

    /// Why the modules could not be combined.
    enum Problem: Error, Equatable {
        case missing(String)
        case cycle(String)
    }

    /// The script: every module `entry` reaches, dependencies first.
    func script() throws(Problem) -> String {
        var done: [String] = []
        var visiting: Set<String> = []
        var parts: [String] = []
        try add(Self.entry, done: &done, visiting: &visiting, parts: &parts)
        return "// The board's modules in one script, as StaticFilesController serves it.\n" + parts.joined()
    }

    private func add(_ name: String, done: inout [String], visiting: inout Set<String>, parts: inout [String])
        throws(Problem)
    {
        if done.contains(name) { return }
        if visiting.contains(name) { throw .cycle(name) }
        guard let text = read(name) else { throw .missing(name) }
        visiting.insert(name)
        let module = ModuleText(text)
        for dependency in module.imports.map(\.from) {
            try add(dependency, done: &done, visiting: &visiting, parts: &parts)
        }
        visiting.remove(name)
        done.append(name)
        parts.append(module.wrapped(as: Self.variable(name), name: name))
    }

    /// The variable holding module `name`'s exports: `$m_` and its name without `.js`.
    static func variable(_ name: String) -> String {
        let base = name.hasSuffix(".js") ? String(name.dropLast(3)) : name
        return "$m_" + String(base.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
