import Foundation
import TimelineCore
import TimelineImport
import _TimelineTestSupport

/// Documents, worlds and strings the SVG tests share; every test pins `now`.
enum SVGFixtures {
  /// The "now" of the seed 002 work package: its active row is current.
  static let workPackageNow = "2026-11-21T10:00:00-08:00"

  /// Text that would break out of an element, an attribute, a style or CDATA block, or run
  /// script, if it were not escaped; with control characters that XML forbids.
  static let hostile =
    "<script>alert(1)</script> \" onmouseover=\"alert(2)\" ' onload='x' </style> ]]> "
    + "javascript:alert(3) <![CDATA[x]]> &amp; \u{0}\u{1}\u{7}\u{1B}[2J\u{FFFE} <svg onload=alert(4)>"

  /// An example document from `examples/`.
  static func document(_ name: String) throws -> TimelineDocument {
    try TimelineJSONReader.read(path: Fixtures.examplesDirectory.appendingPathComponent(name).path)
  }

  /// The presentation of an example at `now` in its own time zone.
  static func presentation(
    _ name: String, now: String, locale: String = "en_US",
    configure: (inout TimelineConfiguration) -> Void = { _ in }
  ) throws -> TimelinePresentation {
    let document = try document(name)
    var configuration = TimelineConfiguration(headerUnit: document.headerUnit)
    configure(&configuration)
    return TimelinePresentation(
      document: document,
      context: Fixtures.context(
        now: Fixtures.instant(now), zone: document.timeZone.identifier, locale: locale),
      configuration: configuration)
  }

  /// A presentation of `items` at noon, 2026-11-21 UTC.
  static func presentation(_ items: [TimelineItem], title: String? = nil)
    -> TimelinePresentation
  {
    TimelinePresentation(items: items, title: title, context: Fixtures.context())
  }

  /// An event at `start` with every text field set to `text`.
  static func item(_ id: String, _ start: String, text: String, status: ItemStatus = .open)
    -> TimelineItem
  {
    TimelineItem(
      id: id, title: text, subtitle: text, start: .instant(Fixtures.instant(start)),
      status: status, statusLabel: text, substatusLabel: text, description: text,
      supportingText: text, attributes: [text, text], icon: text)
  }
}
