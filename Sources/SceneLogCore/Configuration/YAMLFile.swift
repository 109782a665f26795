import Foundation
import Yams

/// A YAML file read as a node tree, with errors that point at file:line:column.
struct YAMLFile {
    let path: String
    let root: Node?

    /// Reads and parses `path`: a regular file of at most ``BoundedFile/configurationLimit`` bytes.
    init(path: String) throws(ConfigurationError) {
        self.path = path
        let data: Data
        do {
            data = try BoundedFile.read(path: path, limit: BoundedFile.configurationLimit, what: "settings and rules files")
        } catch {
            throw ConfigurationError(path: path, message: error.reason)
        }
        // A byte order mark (Windows Notepad writes one) is no part of the document, as YAML says.
        guard let text = String(validating: data.droppingByteOrderMark(), as: UTF8.self) else {
            throw ConfigurationError(path: path, message: "is not UTF-8 text")
        }
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.located(error, path: path)
        } catch {
            throw ConfigurationError(path: path, message: "\(error)")
        }
    }

    private static func located(_ error: YamlError, path: String) -> ConfigurationError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return ConfigurationError(path: path, line: mark.line, column: mark.column, message: "YAML error: \(text)")
        case .reader(let problem, _, _, _):
            return ConfigurationError(path: path, message: "YAML error: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // The context's text is the whole mapping (the whole file at the top level): its place is told instead.
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let what = duplicates.count == 1 ? "a key that appears" : "keys that appear"
            return ConfigurationError(
                path: path, line: context.mark.line, column: context.mark.column,
                message: "YAML error: the mapping that starts here has \(what) more than once: \(keys)")
        default:
            return ConfigurationError(path: path, message: "YAML error: \(error)")
        }
    }

    /// An error at `node`'s position.
    func error(_ message: String, at node: Node?) -> ConfigurationError {
        ConfigurationError(path: path, line: node?.mark?.line, column: node?.mark?.column, message: message)
    }

    /// The top-level mapping (an empty file is an empty mapping).
    func topMapping() throws(ConfigurationError) -> [(key: String, keyNode: Node, value: Node)] {
        guard let root else { return [] }
        return try mapping(root, what: "the top level")
    }

    /// The entries of a mapping node, in order, with string keys.
    func mapping(_ node: Node, what: String) throws(ConfigurationError) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { throw error("\(what) must be a mapping of keys to values", at: node) }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw error("keys must be plain strings", at: key) }
            entries.append((name, key, value))
        }
        return entries
    }

    /// The string value of a scalar node.
    func string(_ node: Node, key: String) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar else { throw error("'\(key)' must be a string", at: node) }
        return scalar.string
    }

    /// The number value of a scalar node.
    func number(_ node: Node, key: String) throws(ConfigurationError) -> Double {
        guard let text = node.scalar?.string, let value = Double(text), value.isFinite else {
            throw error("'\(key)' must be a number", at: node)
        }
        return value
    }

    /// The items of a sequence node.
    func sequence(_ node: Node, key: String) throws(ConfigurationError) -> [Node] {
        guard let sequence = node.sequence else { throw error("'\(key)' must be a list", at: node) }
        return Array(sequence)
    }

    /// The items of a sequence node, or the node itself when it is a single scalar.
    func strings(_ node: Node, key: String) throws(ConfigurationError) -> [Node] {
        node.scalar != nil ? [node] : try sequence(node, key: key)
    }

    /// Rejects a key that is not among `known`, suggesting the nearest one.
    func rejectUnknown(_ key: String, at node: Node, known: [String]) -> ConfigurationError {
        var message = "unknown key '\(key)'"
        if let suggestion = NearestName.suggestion(for: key, among: known) { message += "; did you mean '\(suggestion)'?" }
        return error(message + " (known keys: \(known.joined(separator: ", ")))", at: node)
    }
}
