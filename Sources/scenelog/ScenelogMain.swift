import SceneLogCommandLine

/// The `scenelog` executable: the commands of ``ScenelogProgram``, without OTLP export (which
/// `scenelog-otlp` adds).
@main
enum ScenelogMain {
    static func main() {
        ScenelogProgram.run()
    }
}
