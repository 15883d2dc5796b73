import TimelineCore

/// Writes markup straight to a `TextSink`, element by element, with the rules of
/// ``MarkupRenderer`` (which writes its trees through it): escaping by
/// ``MarkupEscaping``, void and self-closing elements, and indentation. Parts of a page
/// made in great numbers (a timeline's rows) are written this way without building a tree.
///
/// ```swift
/// writer.start("p")
/// writer.attribute("class", "tl-title")
/// writer.text("<b>Hi</b>", closing: "p")  // <p class="tl-title">&lt;b&gt;Hi&lt;/b&gt;</p>
/// ```
public struct MarkupWriter {
  public let sink: TextSink
  public let dialect: MarkupRenderer.Dialect
  public let indented: Bool
  /// How deep the next element is.
  public private(set) var depth: Int

  public init(sink: TextSink, dialect: MarkupRenderer.Dialect, indented: Bool, depth: Int = 0) {
    self.sink = sink
    self.dialect = dialect
    self.indented = indented
    self.depth = depth
  }

  /// Opens the start tag of `name` (one of the library's own names); attributes follow.
  public func start(_ name: StaticString) {
    startTag()
    sink.write(name)
  }

  /// Opens the start tag of `name`; `false` when it is not a safe name (nothing written).
  func start(_ name: String) -> Bool {
    guard MarkupEscaping.isSafeName(name) else { return false }
    startTag()
    sink.write(name)
    return true
  }

  private func startTag() {
    if indented, depth > 0 {
      sink.write(ascii: 0x0A)
      sink.write(spaces: 2 * depth)
    }
    sink.write(ascii: UInt8(ascii: "<"))
  }

  /// An attribute of the open start tag; none when `value` is `nil`.
  public func attribute(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    attribute(name) { MarkupEscaping.escape(value, to: $0) }
  }

  /// A numeric attribute of the open start tag.
  public func attribute(_ name: StaticString, _ value: Int?) {
    guard let value else { return }
    attribute(name) { $0.write(decimal: value) }
  }

  /// An attribute whose value is one of the library's own constants (no escaping needed).
  public func attribute(_ name: StaticString, constant value: StaticString) {
    attribute(name) { $0.write(value) }
  }

  /// An attribute of a tree's element: its name is checked, its value escaped.
  func attribute(_ name: String, _ value: String) {
    guard MarkupEscaping.isSafeName(name) else { return }
    sink.write(ascii: UInt8(ascii: " "))
    sink.write(name)
    writeValue { MarkupEscaping.escape(value, to: $0) }
  }

  /// ` name="…"`, the value written by `value` (which must write only what needs no
  /// escaping, such as digits).
  public func attribute(_ name: StaticString, value: (TextSink) -> Void) {
    sink.write(ascii: UInt8(ascii: " "))
    sink.write(name)
    writeValue(value)
  }

  private func writeValue(_ write: (TextSink) -> Void) {
    sink.write("=\"" as StaticString)
    write(sink)
    sink.write(ascii: UInt8(ascii: "\""))
  }

  /// Ends the open start tag of an element with text only (or none) and closes it: text
  /// stays on the line of its tags.
  public func text(_ text: String?, closing name: StaticString) {
    sink.write(ascii: UInt8(ascii: ">"))
    if let text { MarkupEscaping.escape(text, to: sink) }
    sink.write("</" as StaticString)
    sink.write(name)
    sink.write(ascii: UInt8(ascii: ">"))
  }

  /// Ends the open start tag of an element without content: `<br>` for HTML's void
  /// elements, `<path/>` in XML, `<span></span>` otherwise.
  public func empty(closing name: StaticString) {
    emptyElement(name.description)
  }

  func emptyElement(_ name: String) {
    if dialect == .xml {
      sink.write("/>" as StaticString)
    } else if MarkupRenderer.isVoid(name) {
      sink.write(ascii: UInt8(ascii: ">"))
    } else {
      sink.write("></" as StaticString)
      sink.write(name)
      sink.write(ascii: UInt8(ascii: ">"))
    }
  }

  /// Ends the open start tag of an element whose children are elements: they go one level
  /// deeper, each on a line of its own when indented.
  public mutating func children() {
    sink.write(ascii: UInt8(ascii: ">"))
    depth += 1
  }

  /// Ends the open start tag of an element whose children are text only: they stay on the
  /// line of the tag.
  public func inlineChildren() {
    sink.write(ascii: UInt8(ascii: ">"))
  }

  /// Closes an element opened with ``children()``.
  public mutating func close(_ name: StaticString) {
    depth -= 1
    endBlock()
    sink.write("</" as StaticString)
    sink.write(name)
    sink.write(ascii: UInt8(ascii: ">"))
  }

  /// Closes an element opened with ``inlineChildren()``.
  public func closeInline(_ name: StaticString) {
    sink.write("</" as StaticString)
    sink.write(name)
    sink.write(ascii: UInt8(ascii: ">"))
  }

  mutating func close(_ name: String) {
    depth -= 1
    endBlock()
    closeInline(name)
  }

  func closeInline(_ name: String) {
    sink.write("</" as StaticString)
    sink.write(name)
    sink.write(ascii: UInt8(ascii: ">"))
  }

  func endBlock() {
    if indented {
      sink.write(ascii: 0x0A)
      sink.write(spaces: 2 * depth)
    }
  }

  /// Escaped text.
  public func write(text: String) { MarkupEscaping.escape(text, to: sink) }
}
