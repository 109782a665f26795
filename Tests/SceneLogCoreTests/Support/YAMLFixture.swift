import Testing

@testable import SceneLogCore

/// A YAML file of the user's (`.scenelog.yml`, a rules file) written to a temporary folder and read
/// by its loader.
struct YAMLFixture<Loaded>: Sendable {
    /// The file's name.
    let name: String
    /// Reads the file at the given path.
    let loader: @Sendable (String) throws -> Loaded

    /// Writes `yaml` to a file of this name and loads it.
    func load(_ yaml: String) throws -> Loaded {
        let folder = try TemporaryFolder()
        let path = try folder.write(yaml, to: name)
        return try withExtendedLifetime(folder) { try loader(path) }
    }

    /// The error loading `yaml` gives: it must name the file, and its path is then left out, so
    /// that it compares with `ConfigurationError(path: "", line:column:message:)`.
    func error(loading yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ConfigurationError {
        let error = try #require(throws: ConfigurationError.self, sourceLocation: sourceLocation) { try load(yaml) }
        #expect(error.path.hasSuffix("/" + name), "the error names the file", sourceLocation: sourceLocation)
        return ConfigurationError(path: "", line: error.line, column: error.column, message: error.message)
    }
}
