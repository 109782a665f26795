/// A storyboard or XIB names a custom class that the app's binary does not contain.
///
/// For simple Swift class names (`_TtC9Capacitor23CAPBridgeViewController`) the finding also carries
/// the demangled `module` and `swiftClass`.
struct UnknownInterfaceBuilderClassRule: BuiltInRule {
    static let description = RuleDescription(
        id: "unknown-interface-builder-class",
        severity: .warning,
        title: "Storyboard or XIB names a class the app does not contain",
        explanation: """
            UIKit logs this from the app's process when it unarchives a storyboard or XIB whose Custom \
            Class field names a class the Objective-C runtime cannot find. It then uses the base class \
            (a plain UIViewController or UIView) instead, so none of the class's code runs: viewDidLoad, \
            outlets and actions are missing and the screen stays blank or black although no error \
            follows. When it is the scene storyboard's initial view controller, the whole app is blank \
            at launch. Swift classes appear mangled: _TtC9Capacitor23CAPBridgeViewController is class \
            CAPBridgeViewController in module Capacitor. Usual causes: the Module field does not name the \
            module the class is compiled into (after renaming a target, or when the module differs from \
            the target name, as with SwiftPM or Bazel builds), the file is not a member of the app target, \
            the framework that defines the class is not linked, or the linker dropped a class that only \
            the storyboard refers to.
            """,
        fix: """
            In Interface Builder select the object, open the Identity inspector and check Custom Class: \
            the Class must exist, and Module must be the module it is compiled into (tick "Inherit Module \
            From Target" for classes in the app itself; for classes in a framework, such as \
            CAPBridgeViewController, name that framework and make sure the app target links and embeds \
            it). Check the class's target membership. For classes in static libraries that only a \
            storyboard uses, link with -ObjC or reference the class from code so the linker keeps it.
            """,
        references: [AppleReference.tn3187],
        messageTemplate: "{process} loaded a storyboard or XIB naming class {className}, which it does not contain",
        patterns: [
            RulePattern(
                literal: "in Interface Builder file",
                regex: "Unknown class (?<className>[^ ]{1,1024}) in Interface Builder file"
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2015-06-02 11:27:42.626 ILSwift[2431:379047] Unknown class _TtC7ILSwift33ILNotFindSwiftTagByObjcController in Interface Builder file.",
                data: [
                    "className": "_TtC7ILSwift33ILNotFindSwiftTagByObjcController", "module": "ILSwift",
                    "swiftClass": "ILNotFindSwiftTagByObjcController",
                ]),
            RuleExample(
                "2023-11-14 09:12:30.518204+0100 App[3120:118467] Unknown class _TtC9Capacitor23CAPBridgeViewController in Interface Builder file.",
                data: [
                    "className": "_TtC9Capacitor23CAPBridgeViewController", "module": "Capacitor",
                    "swiftClass": "CAPBridgeViewController",
                ]),
            RuleExample(
                "2015-06-02 11:27:42.626 ILSwift[2431:379047] Unknown class ILRootViewController in Interface Builder file.",
                data: ["className": "ILRootViewController"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] Failed to instantiate the default view controller for UIMainStoryboardFile 'Main' - perhaps the designated entry point is not set?"
            ),
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'Main' in bundle NSBundle </var/containers/Bundle/Application/HelloWorld.app> (loaded)'"
            ),
        ]
    )

    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        if let className = data["className"], let name = Self.demangle(className) {
            data["module"] = name.module
            data["swiftClass"] = name.swiftClass
        }
        return true
    }

    /// Module and class of a top-level Swift class in the simple mangled form `_TtC<n><module><n><class>`;
    /// `nil` for any other name (Objective-C names, nested, private or generic classes).
    static func demangle(_ name: String) -> (module: String, swiftClass: String)? {
        let bytes = Array(name.utf8)
        let prefix = Array("_TtC".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        var index = prefix.count
        guard let module = identifier(in: bytes, at: &index), let swiftClass = identifier(in: bytes, at: &index),
            index == bytes.count
        else { return nil }
        return (module, swiftClass)
    }

    /// The length-prefixed identifier at `index` (`9Capacitor`), moving `index` past it.
    private static func identifier(in bytes: [UInt8], at index: inout Int) -> String? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard index < bytes.count, digits.contains(bytes[index]), bytes[index] != UInt8(ascii: "0") else { return nil }
        var length = 0
        var cursor = index
        while cursor < bytes.count, digits.contains(bytes[cursor]), length <= bytes.count {
            length = length * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        guard length <= bytes.count - cursor else { return nil }
        index = cursor + length
        return String(decoding: bytes[cursor..<index], as: UTF8.self)
    }
}
