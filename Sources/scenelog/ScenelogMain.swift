import SceneLogCommandLine

/// The `scenelog` executable: the commands of ``ScenelogProgram``, without OTLP export, which it
/// hands over to `scenelog-otlp`.
@main
enum ScenelogMain {
    static func main() {
        ScenelogProgram.run()
    }
}
