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
    var output = ""
    output.reserveCapacity(4096)
    write(node, depth: 0, to: &output)
    return output
  }

  /// Writes `node` to `output`.
  public func write(_ node: Markup, depth: Int = 0, to output: inout some TextOutputStream) {
    switch node {
    case .text(let text): output.write(MarkupEscaping.escape(text))
    case .trusted(let trusted): output.write(trusted.value)
    case .fragment(let children):
      for child in children { write(child, depth: depth, to: &output) }
    case .deferred(let deferred):
      deferred.parts { write($0, depth: depth, to: &output) }
    case .element(let name, let attributes, let children):
      guard MarkupEscaping.isSafeName(name) else { return }
      if indented, depth > 0 { output.write("\n" + String(repeating: "  ", count: depth)) }
      output.write("<")
      output.write(name)
      for attribute in attributes where MarkupEscaping.isSafeName(attribute.name) {
        output.write(" ")
        output.write(attribute.name)
        output.write("=\"")
        output.write(MarkupEscaping.escape(attribute.value))
        output.write("\"")
      }
      if dialect == .html, Self.voidElements.contains(name) {
        output.write(">")
        return
      }
      if dialect == .xml, children.isEmpty {
        output.write("/>")
        return
      }
      output.write(">")
      let keepsText = Self.preformatted.contains(name) || children.allSatisfy(Self.isInline)
      for child in children {
        write(child, depth: indented && !keepsText ? depth + 1 : depth, to: &output)
      }
      if indented, !keepsText { output.write("\n" + String(repeating: "  ", count: depth)) }
      output.write("</")
      output.write(name)
      output.write(">")
    }
  }

  private static func isInline(_ node: Markup) -> Bool {
    switch node {
    case .text, .trusted: true
    case .fragment(let children): children.allSatisfy(isInline)
    case .element, .deferred: false
    }
  }
}
