/// The tool's identity, written in this one place: the command line's `--version`, the `tool`
/// of every report and the HTML report's generator all read it.
public enum SceneLog {
    /// The command's name.
    public static let name = "scenelog"
    /// THE version of scenelog (semantic versioning), and of the SceneLogCore library with it.
    public static let version = "0.1.0"
}
