import Foundation

/// A node of HTML or SVG markup. Text and attribute values are escaped when rendered, by
/// one function (`MarkupEscaping.escape`); the only unescaped content is `trusted`, which
/// takes compile-time constants and the package's own script files (the library's CSS and
/// script), never user data.
///
/// ```swift
/// let node: Markup = .element("p", ["class": "title"], [.text("<b>Hi</b>")])
/// MarkupRenderer().render(node)   // <p class="title">&lt;b&gt;Hi&lt;/b&gt;</p>
/// ```
public indirect enum Markup: Sendable, Hashable {
  /// An element with attributes in the given order and children.
  case element(String, [Attribute], [Markup])
  /// Text, escaped.
  case text(String)
  /// The library's own text written as is (CSS, script).
  case trusted(TrustedText)
  /// Children without an element of their own.
  case fragment([Markup])
  /// Markup written straight to the output by a ``MarkupWriter`` (parts made in great
  /// numbers, such as a timeline's rows, without a tree).
  case written(WrittenMarkup)

  /// Markup written by `write` when it is rendered.
  public static func written(_ write: @escaping @Sendable (inout MarkupWriter) -> Void) -> Markup {
    .written(WrittenMarkup(write))
  }

  /// An element with attributes written in order.
  public static func element(
    _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], _ children: [Markup] = []
  ) -> Markup {
    .element(
      name, attributes.compactMap { pair in pair.value.map { Attribute(pair.key, $0) } }, children)
  }

  /// An element without attributes.
  public static func element(_ name: String, _ children: [Markup]) -> Markup {
    .element(name, [Attribute](), children)
  }

  /// An element with a single text child.
  public static func element(
    _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], text: String
  ) -> Markup {
    .element(name, attributes, [.text(text)])
  }

  /// Nothing.
  public static let empty = Markup.fragment([])
}

/// One attribute; the value is escaped when rendered. Names are the library's own.
public struct Attribute: Sendable, Hashable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// Text that is written without escaping: only string literals can become one.
public struct TrustedText: Sendable, Hashable {
  public let value: String

  public init(_ literal: StaticString) { value = literal.description }

  /// A text file the package ships as a resource (a script), trusted as a literal is: it is
  /// part of the source. A missing file is a broken build, not a condition to handle.
  public init(resource name: String, extension type: String, in bundle: Bundle) {
    guard let url = bundle.url(forResource: name, withExtension: type),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { fatalError("the resource \(name).\(type) is missing from the build") }
    value = text
  }

  /// Joins trusted pieces.
  public init(joining parts: [TrustedText], separator: StaticString = "") {
    value = parts.map(\.value).joined(separator: separator.description)
  }

  /// Builds CSS from trusted rules and values that passed `CSSValue` validation.
  init(validated value: String) { self.value = value }
}

/// Markup written by a closure when it is rendered (see `Markup.written(_:)`). Equal only to
/// itself.
public final class WrittenMarkup: Sendable, Hashable {
  let write: @Sendable (inout MarkupWriter) -> Void

  public init(_ write: @escaping @Sendable (inout MarkupWriter) -> Void) { self.write = write }

  public static func == (left: WrittenMarkup, right: WrittenMarkup) -> Bool { left === right }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
