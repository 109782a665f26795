extension Escaping {
    /// A GitHub Actions workflow command's message (actions/toolkit `command.ts`): `%` → `%25`,
    /// CR → `%0D`, LF → `%0A`, so that the command is one line and log text cannot start a
    /// command of its own; every other control character and bidirectional formatting character
    /// is shown as `\u{…}` (as in ``visible(_:limit:)``), so none reaches the job's log.
    static func workflowData(_ text: String) -> String {
        replacingScalars(in: text.unicodeScalars) { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: isControl(scalar) || isLayoutControl(scalar) ? visibleForm(of: scalar) : nil
            }
        }
    }

    /// A workflow command's property value: as ``workflowData(_:)``, and `:` → `%3A`,
    /// `,` → `%2C`, which would otherwise end the value.
    static func workflowProperty(_ text: String) -> String {
        replacingScalars(in: workflowData(text).unicodeScalars) { scalar in
            switch scalar {
            case ":": "%3A"
            case ",": "%2C"
            default: nil
            }
        }
    }
}
