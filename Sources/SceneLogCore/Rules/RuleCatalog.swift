/// The one registry of built-in rules. A test fails when a file under `Rules/BuiltIn` is missing here.
public enum RuleCatalog {
    /// Every built-in rule type, in the order reports list them.
    static let builtInTypes: [any BuiltInRule.Type] = [
        SceneLifecycleNotAdoptedRule.self,
        SceneLifecycleRequiredRule.self,
        DefaultConfigurationMissingRule.self,
        SceneConfigurationMissingRule.self,
        SceneClassNotLoadedRule.self,
        SceneDelegateClassNotLoadedRule.self,
        SceneStoryboardNotFoundRule.self,
        NoSceneDelegateForStoryboardRule.self,
        SceneDelegateMissingWindowRule.self,
        AppDelegateMissingWindowRule.self,
        AppDelegateWindowUnrecognizedRule.self,
        StoryboardEntryPointMissingRule.self,
        RootViewControllerMissingRule.self,
        UnknownInterfaceBuilderClassRule.self,
        WindowCreatedBeforeActivationRule.self,
        LaunchWatchdogTerminationRule.self,
        BackgroundTaskExpiredRule.self,
        PrivacyUsageDescriptionMissingRule.self,
        LibraryNotLoadedRule.self,
        SymbolNotFoundRule.self,
        OpenRequestDeniedRule.self,
        UncaughtExceptionRule.self,
        SwiftRuntimeErrorRule.self,
        MainThreadHangRule.self,
        MainThreadIOAtLaunchRule.self,
    ]

    /// Whether `rule` is one of the built-in rules. Compares metatypes, where `rule is any BuiltInRule`
    /// would make the runtime scan every conformance record of the program once per rule type.
    static func isBuiltIn(_ rule: any Rule) -> Bool {
        let ruleType = ObjectIdentifier(type(of: rule))
        return builtInTypes.contains { ObjectIdentifier($0) == ruleType }
    }

    /// Instances of every built-in rule.
    public static var builtIn: [any Rule] { builtInTypes.map { $0.init() } }

    /// The findings no line pattern makes: the launch diagnoses and crash reports.
    public static var diagnoses: [RuleDescription] {
        LaunchDiagnosis.allCases.map(\.description) + [CrashReportDiagnosis.description]
    }

    /// The built-in rule with this id.
    public static func builtInRule(id: String) -> (any Rule)? {
        builtInTypes.first { $0.description.id == id }.map { $0.init() }
    }
}
