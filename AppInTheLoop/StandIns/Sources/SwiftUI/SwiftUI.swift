// Stand-in for the part of SwiftUI that ParallaxRecorderControl (AppInTheLoop/Recorder) uses, so that it is
// type-checked here in both default isolations (https://developer.apple.com/documentation/swiftui): `View`,
// `Button(_:action:)`, `Text`, `@State`. Nothing is drawn or updated: no body of a primitive view is ever asked
// for. Not part of the replay's stand-ins (no app file the replay compiles imports SwiftUI).

/// A type that represents part of your app's user interface (Apple: `@MainActor @preconcurrency protocol View`,
/// https://developer.apple.com/documentation/swiftui/view).
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    /// The content and behavior of the view (Apple: `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`).
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// A primitive view's body (Apple: `extension Never : View`).
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
}

/// Builds views from closures (Apple: `@resultBuilder struct ViewBuilder`,
/// https://developer.apple.com/documentation/swiftui/viewbuilder): one view passes through.
@resultBuilder public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// A view that displays one or more lines of read-only text (Apple: `struct Text`,
/// https://developer.apple.com/documentation/swiftui/text; `init<S>(_ content: S) where S : StringProtocol`).
public struct Text: View {
    public let content: String
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A control that initiates an action (Apple: `@MainActor @preconcurrency struct Button<Label> where Label : View`,
/// https://developer.apple.com/documentation/swiftui/button).
public struct Button<Label: View>: View {
    public let label: Label
    public let action: @MainActor () -> Void

    /// Apple: `init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)`.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
    }

    public var body: Never { fatalError("a primitive view has no body") }
}

extension Button where Label == Text {
    /// A button that generates its label from a string (Apple: `init<S>(_ title: S, action: @escaping @MainActor () ->
    /// Void) where S : StringProtocol`, https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7).
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// A property wrapper type that can read and write a value managed by SwiftUI (Apple: `@frozen @propertyWrapper
/// struct State<Value>`, https://developer.apple.com/documentation/swiftui/state; its setter is `nonmutating`).
/// Here a box: the value lives as long as the view value.
@propertyWrapper public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    public init(wrappedValue value: Value) { box = Box(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}
