/// The `UISceneSession` role that UIKit prints in its scene-configuration messages
/// (`… for UIWindowSceneSessionRoleApplication contained …`), shared by the rules that report it.
enum SessionRole {
    /// A PCRE2 group capturing the role as `role`: the role constant's value, a bare identifier
    /// (`UIWindowSceneSessionRoleApplication`, `_UIScreenBasedSceneSession`) or `(null)`.
    static let pattern = #"(?<role>[^\s".]{1,255})"#

    /// `UIWindowSceneSessionRoleExternalDisplay`, deprecated in iOS 16 for
    /// `UIWindowSceneSessionRoleExternalDisplayNonInteractive`. UIKit still falls back to the
    /// configurations declared under it when the non-interactive role has none.
    static let deprecatedExternalDisplay = "UIWindowSceneSessionRoleExternalDisplay"

    /// Adds `roleDeprecated` = `true` to a match's data when its `role` is a deprecated role.
    static func annotate(_ data: inout [String: String]) {
        if data["role"] == deprecatedExternalDisplay {
            data["roleDeprecated"] = "true"
        }
    }
}
