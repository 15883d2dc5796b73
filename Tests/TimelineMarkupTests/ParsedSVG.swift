import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG image read back with Foundation's `XMLParser`: whether it is well-formed, and its
/// elements in document order with their attributes, text and enclosing clip path.
final class ParsedSVG: NSObject, XMLParserDelegate {
  /// One element.
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The element's own character data.
    var text = ""
    /// The index of the parent element.
    var parent: Int?
    /// The id of the nearest enclosing `clip-path="url(#id)"`.
    var clipID: String?

    func number(_ name: String) -> Double { Double(attributes[name] ?? "") ?? 0 }
  }

  private(set) var elements: [Element] = []
  /// Whether the parser read the whole image without an error.
  private(set) var isWellFormed = false
  private(set) var parserError: Error?
  private var stack: [Int] = []

  init(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    isWellFormed = parser.parse()
    parserError = parser.parserError
  }

  /// The elements named `name`.
  func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

  /// The root element.
  var root: Element? { elements.first }

  /// The rectangle of the clip path `id`: x, y, width, height.
  func clipRect(_ id: String) -> (x: Double, y: Double, width: Double, height: Double)? {
    guard
      let clip = elements.firstIndex(where: { $0.name == "clipPath" && $0.attributes["id"] == id }),
      let rect = elements.first(where: { $0.parent == clip && $0.name == "rect" })
    else { return nil }
    return (rect.number("x"), rect.number("y"), rect.number("width"), rect.number("height"))
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    var clipID = stack.last.flatMap { elements[$0].clipID }
    if let clip = attributes["clip-path"], clip.hasPrefix("url(#"), clip.hasSuffix(")") {
      clipID = String(clip.dropFirst(5).dropLast())
    }
    elements.append(
      Element(name: elementName, attributes: attributes, parent: stack.last, clipID: clipID))
    stack.append(elements.count - 1)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let current = stack.last { elements[current].text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    stack.removeLast()
  }
}
