import TimelineCore

/// Writes markup as text: minified by default, indented on request.
public struct MarkupRenderer: Sendable {
  /// The dialect: HTML has void elements (`<br>`), XML self-closes empty ones (`<path/>`).
  public enum Dialect: Sendable { case html, xml }

  public var dialect: Dialect
  public var indented: Bool

  public init(dialect: Dialect = .html, indented: Bool = false) {
    self.dialect = dialect
    self.indented = indented
  }

  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
  ]
  /// Elements whose text content is kept exactly (no indentation inside).
  static let preformatted: Set<String> = [
    "pre", "textarea", "style", "script", "text", "tspan", "title", "desc",
  ]

  /// The markup of `node`.
  public func render(_ node: Markup) -> String {
    TextSink.text { write(node, to: $0) }
  }

  /// Writes `node` to `output`.
  public func write(_ node: Markup, to output: inout some TextOutputStream) {
    TextSink.writing(to: &output) { write(node, to: $0) }
  }

  /// Writes `node` to `sink`.
  public func write(_ node: Markup, to sink: TextSink) {
    var writer = MarkupWriter(sink: sink, dialect: dialect, indented: indented)
    write(node, to: &writer)
  }

  /// Writes `node` with `writer`, at its depth.
  public func write(_ node: Markup, to writer: inout MarkupWriter) {
    switch node {
    case .text(let text): writer.write(text: text)
    case .trusted(let trusted): writer.sink.write(trusted.value)
    case .fragment(let children):
      for child in children { write(child, to: &writer) }
    case .written(let written): written.write(&writer)
    case .element(let name, let attributes, let children):
      guard writer.start(name) else { return }
      for attribute in attributes { writer.attribute(attribute.name, attribute.value) }
      if (dialect == .html && Self.isVoid(name)) || (dialect == .xml && children.isEmpty) {
        return writer.emptyElement(name)
      }
      if !indented || Self.preformatted.contains(name) || children.allSatisfy(Self.isInline) {
        writer.inlineChildren()
        // HTML drops one line break right after `<pre>` or `<textarea>`: a text that starts
        // with one gets another, so that it keeps it.
        if dialect == .html, name == "pre" || name == "textarea",
          case .text(let text) = children.first, text.utf8.first == 0x0A || text.utf8.first == 0x0D
        {
          writer.sink.write("\n")
        }
        for child in children { write(child, to: &writer) }
        writer.closeInline(name)
      } else {
        writer.children()
        for child in children { write(child, to: &writer) }
        writer.close(name)
      }
    }
  }

  /// Whether `name` is one of HTML's void elements (`<br>`), which have no end tag.
  static func isVoid(_ name: String) -> Bool {
    name.utf8.count <= 6 && voidElements.contains(name)
  }

  private static func isInline(_ node: Markup) -> Bool {
    switch node {
    case .text, .trusted: true
    case .fragment(let children): children.allSatisfy(isInline)
    case .element, .written: false
    }
  }
}
