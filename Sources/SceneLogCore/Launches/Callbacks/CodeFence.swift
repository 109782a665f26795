/// Where a record stands among the Markdown fences of a page pasted as a log (a bug report, a
/// blog's notes): outside them, inside one that holds output, or inside one that shows code.
///
/// A fence holds code once one of its lines is a comment or a declaration (`// Scene-Based`,
/// `func sceneDidBecomeActive(_ scene: UIScene) {`): the callbacks named after it are a listing
/// of what a page says is called, not a trace of the app. Which language a fence is tagged with
/// says nothing: consoles are pasted under ```` ```swift ```` as often as under ```` ```text ````.
enum CodeFence: Equatable {
    case outside
    case output
    case code

    /// Moves past the record whose message is `message`: a fence opens or closes a block, a line
    /// of code inside one makes it code, and a line that names its process (`namesAProcess`: a
    /// log's own line, which no page's code is) makes it output again: a fence an app logged and
    /// never closed does not hide the callbacks after it.
    mutating func read(_ message: Bytes, namesAProcess: Bool) {
        let start = message.skippingBlanks(from: 0)
        if message.startsMarkdownFence(at: start) {
            self = self == .outside ? .output : .outside
        } else if self == .code, namesAProcess {
            self = .output
        } else if self == .output, !namesAProcess, Self.codeLineStarts.contains(where: { message.matches($0, at: start) }) {
            self = .code
        }
    }

    /// Whether `message` is a Markdown code fence (```` ``` ````, ```` ```text ````, `~~~`), which a
    /// capture pasted into a bug report starts with.
    static func isFence(_ message: Bytes) -> Bool {
        message.startsMarkdownFence(at: message.skippingBlanks(from: 0))
    }

    /// How a line of Swift, Objective-C, Kotlin, Dart or JavaScript code starts, and no log line.
    private static let codeLineStarts: [StaticString] = ["// ", "/* ", "func ", "override func ", "- (void)", "@main", "class "]
}
