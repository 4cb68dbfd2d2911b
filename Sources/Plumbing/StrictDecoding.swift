import Foundation
import Yams

/// A coding key for any string, used to list the keys a mapping really has.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws when the mapping being decoded has a key outside `known`: a misspelt option in a spec or suite
    /// file is an error, not a silently ignored line.
    package func rejectUnknownKeys<Key: CodingKey & CaseIterable>(_ keys: Key.Type) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        let known = Set(Key.allCases.map(\.stringValue))
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)'; expected one of: \(Key.allCases.map(\.stringValue).sorted().joined(separator: ", "))"))
        }
    }
}

/// Loads a `Decodable` from a YAML or JSON file (by extension: `.json` is JSON, anything else YAML),
/// turning decoding errors into one line that names the file and the field path.
package enum SpecFile {
    package static func load<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
        guard let data = (try? FileContents.read(path)).map({ Data($0) }) else {
            throw SpecError(file: path, message: "cannot read the file")
        }
        do {
            if path.lowercased().hasSuffix(".json") {
                return try JSONDecoder().decode(T.self, from: data)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw SpecError(file: path, message: "not UTF-8 text")
            }
            do {
                try YAMLAliasBudget.check(text)
            } catch {
                throw SpecError(file: path, message: "line \(error.line): \(error.description)")
            }
            return try YAMLDecoder().decode(T.self, from: text)
        } catch let error as SpecError {
            throw error
        } catch let error as DecodingError {
            throw SpecError(file: path, message: error.fieldDescription)
        } catch {
            throw SpecError(file: path, message: "\(error)")
        }
    }
}

extension DecodingError {
    /// The coding path of the value the error is about.
    package var codingPath: [CodingKey] {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): return context.codingPath
        case .keyNotFound(let key, let context): return context.codingPath + [key]
        @unknown default: return []
        }
    }

    /// The one description of a decoding error ParallaxLab prints: "motion[1].amplitude: expected a number; …".
    package var fieldDescription: String {
        switch self {
        case .typeMismatch(let type, let context):
            return "\(Self.path(context.codingPath)): expected \(Self.describe(type)); \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(Self.path(context.codingPath)): expected \(Self.describe(type)), found nothing"
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])): missing required key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            // An underlying error the description already tells (a value parser's `FieldError`) is not repeated.
            let underlying = context.underlyingError.map { "\($0)" }.flatMap { $0 == context.debugDescription ? nil : ": \($0)" } ?? ""
            return "\(Self.path(context.codingPath)): \(context.debugDescription)\(underlying)"
        @unknown default:
            return "\(self)"
        }
    }

    /// `motion[1].amplitude`, or `(top level)`.
    package static func path(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text.isEmpty ? "(top level)" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is UInt64.Type, is Int64.Type: return "an integer"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return "\(type)"
        }
    }
}

/// A spec or suite file that cannot be used, with the file and the field path.
package struct SpecError: Error, Equatable, CustomStringConvertible {
    package var file: String
    package var message: String
    package init(file: String, message: String) {
        self.file = file
        self.message = message
    }
    package var description: String { "\(file): \(message)" }
}
