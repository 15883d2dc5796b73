import Foundation

/// The files the app serves as they are: its OpenAPI description, script and stylesheet.
enum Resources {
  static let openAPI = load("openapi", "json")
  static let script = load("app", "js")
  static let stylesheet = load("app", "css")

  static func load(_ name: String, _ type: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: type),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { fatalError("the resource \(name).\(type) is missing from the build") }
    return text
  }
}
