import Foundation

/// The JSON parts of an `.ips` crash report, read with `JSONDecoder`. Apple's reports vary by OS
/// version and bug type, so every member is read leniently (``Lenient``, ``Text``): one that is
/// missing, `null` or of another type than expected reads as `nil`, and never fails its object.
enum CrashReportJSON {
    /// `bytes` decoded as a `Value`; `nil` when they are not valid JSON or not an object.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: ArraySlice<UInt8>) -> Value? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }

    /// The one-line metadata object: `{"bug_type":"309","bundleID":…,"name":…}`. A `bug_type` is
    /// what makes it a crash report's.
    struct Metadata: Decodable {
        @Text var bugType: String?
        @Text var bundleID: String?
        @Text var name: String?
        @Text var appName: String?
        @Text var osVersion: String?
        @Text var timestamp: String?

        enum CodingKeys: String, CodingKey {
            case bugType = "bug_type", bundleID, name, appName = "app_name", osVersion = "os_version", timestamp
        }
    }

    /// The pretty-printed body of a JSON report (`bug_type` 309 and others).
    struct Body: Decodable {
        @Text var procName: String?
        @Text var pid: String?
        @Lenient var bundleInfo: BundleInfo?
        @Text var captureTime: String?
        @Lenient var exception: Exception?
        @Lenient var termination: Termination?
        @Text var faultingThread: String?
        @Lenient var threads: [Lenient<Thread>]?
        /// The frames of the uncaught exception that ended the process, when one did.
        @Lenient var lastExceptionBacktrace: [Lenient<Frame>]?
        @Lenient var usedImages: [Lenient<Image>]?

        enum CodingKeys: String, CodingKey {
            case procName, pid, bundleInfo, captureTime, exception, termination, faultingThread, threads, lastExceptionBacktrace, usedImages
        }
    }

    /// `bundleInfo`: `{"CFBundleIdentifier":…}`.
    struct BundleInfo: Decodable {
        @Text var identifier: String?

        enum CodingKeys: String, CodingKey {
            case identifier = "CFBundleIdentifier"
        }
    }

    /// `exception`: `{"type":"EXC_CRASH","signal":"SIGABRT","codes":…}`.
    struct Exception: Decodable {
        @Text var type: String?
        @Text var signal: String?
        @Text var codes: String?

        enum CodingKeys: String, CodingKey {
            case type, signal, codes
        }
    }

    /// `termination`: `{"namespace":"FRONTBOARD","code":2343432205,"reasons":[…],"indicator":…}`.
    struct Termination: Decodable {
        @Text var namespace: String?
        /// The code's text: decimal in JSON, sometimes written as a string.
        @Text var code: String?
        @Lenient var reasons: [Text]?
        @Text var indicator: String?

        enum CodingKeys: String, CodingKey {
            case namespace, code, reasons, indicator
        }
    }

    /// A `threads` entry: whether it triggered the crash, and its frames.
    struct Thread: Decodable {
        @Lenient var triggered: Bool?
        @Lenient var frames: [Lenient<Frame>]?

        enum CodingKeys: String, CodingKey {
            case triggered, frames
        }
    }

    /// A frame: `{"imageIndex":3,"imageOffset":123,"symbol":"main","symbolLocation":8}`.
    struct Frame: Decodable {
        @Text var imageIndex: String?
        @Text var imageOffset: String?
        @Text var symbol: String?
        @Text var symbolLocation: String?

        enum CodingKeys: String, CodingKey {
            case imageIndex, imageOffset, symbol, symbolLocation
        }
    }

    /// A `usedImages` entry: `{"name":"libsystem_kernel.dylib",…}`.
    struct Image: Decodable {
        @Text var name: String?

        enum CodingKeys: String, CodingKey {
            case name
        }
    }

    /// A value that reads as `nil` instead of failing: as a member, when it is missing, `null`
    /// or of another type; as an array element, so that one odd element does not fail its array.
    @propertyWrapper
    struct Lenient<Value: Decodable>: Decodable {
        var wrappedValue: Value?

        init(wrappedValue: Value?) {
            self.wrappedValue = wrappedValue
        }

        init(from decoder: any Decoder) throws {
            wrappedValue = try? Value(from: decoder)
        }
    }

    /// A JSON string, or a number's decimal text (reports write `pid`, indexes and codes either
    /// way), read leniently as ``Lenient`` is.
    @propertyWrapper
    struct Text: Decodable {
        var wrappedValue: String?

        init(wrappedValue: String?) {
            self.wrappedValue = wrappedValue
        }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.singleValueContainer() else { return }
            if let string = try? container.decode(String.self) {
                wrappedValue = string
            } else if let integer = try? container.decode(Int64.self) {
                wrappedValue = String(integer)
            } else if let integer = try? container.decode(UInt64.self) {
                wrappedValue = String(integer)
            } else if let number = try? container.decode(Double.self) {
                wrappedValue = String(number)
            }
        }
    }
}

extension KeyedDecodingContainer {
    /// A lenient member that is missing or `null` reads as `nil` rather than failing.
    func decode<Value>(_ type: CrashReportJSON.Lenient<Value>.Type, forKey key: Key) throws -> CrashReportJSON.Lenient<Value> {
        (try? decodeIfPresent(type, forKey: key)) ?? CrashReportJSON.Lenient(wrappedValue: nil)
    }

    /// A text member that is missing or `null` reads as `nil` rather than failing.
    func decode(_ type: CrashReportJSON.Text.Type, forKey key: Key) throws -> CrashReportJSON.Text {
        (try? decodeIfPresent(type, forKey: key)) ?? CrashReportJSON.Text(wrappedValue: nil)
    }
}
