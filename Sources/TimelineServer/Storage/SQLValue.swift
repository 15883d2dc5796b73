import Foundation
import TimelineCore

/// A value bound to, or read from, an SQL statement: what both stores (SQLite and
/// PostgreSQL) share, so the windowed queries, cursors and item rows are written once.
enum SQLValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  init(_ value: Int64?) { self = value.map(SQLValue.integer) ?? .null }
  init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
  init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }
  init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
  init(_ value: Bool) { self = .integer(value ? 1 : 0) }

  var integer: Int64? {
    switch self {
    case .integer(let value): value
    case .real(let value): Int64(exactly: value)
    default: nil
    }
  }

  var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }
}

/// A row read from either store: its values by position.
struct SQLRow: Sendable {
  var values: [SQLValue]

  subscript(_ index: Int) -> SQLValue { values[index] }
}

/// Reads the columns of a row by position, whichever store it came from.
protocol SQLColumns {
  func integer(_ index: Int) -> Int64?
  func real(_ index: Int) -> Double?
  func text(_ index: Int) -> String?
}

extension SQLColumns {
  /// A column of `ItemColumns.itemSelection`, by name.
  func integer(_ column: ItemColumns.Selected) -> Int64? { integer(column.rawValue) }
  func real(_ column: ItemColumns.Selected) -> Double? { real(column.rawValue) }
  func text(_ column: ItemColumns.Selected) -> String? { text(column.rawValue) }
}

extension SQLRow: SQLColumns {
  func integer(_ index: Int) -> Int64? { values[index].integer }
  func real(_ index: Int) -> Double? { values[index].real }
  func text(_ index: Int) -> String? { values[index].text }
}

/// Where the two stores' SQL differs: each query is written once, with these pieces.
enum SQLDialect: Sendable {
  case sqlite
  /// PostgreSQL, titles ordered by the named (ICU, case- and accent-blind) collation.
  case postgres(collation: String)

  /// Whether folded `column` contains the folded text bound at the placeholder.
  func contains(_ column: String) -> String {
    switch self {
    case .sqlite: "instr(\(column), ?) > 0"
    case .postgres: "strpos(\(column), ?) > 0"
    }
  }

  /// Titles in the core's title order (SORT-6).
  var titleOrder: String {
    switch self {
    case .sqlite: "title COLLATE timeline_text"
    case .postgres(let collation): "title COLLATE \"\(collation)\""
    }
  }

  /// Whether a timeline ranked by `field` (SORT-6) has an index in its order
  /// (``WindowSQL/rankedIndexes(dialect:)``). SQLite has none for titles: its title
  /// comparisons call into Swift, about 18 per row written, and two title indexes tripled
  /// the time of an import (200,000 rows: 5.9 s, 17.4 s with them).
  func ranksWithIndex(_ field: SortField) -> Bool {
    switch self {
    case .sqlite: field != .date && field != .title
    case .postgres: field != .date
    }
  }

  /// Names the index a count should search (SQLite's planner needs telling; PostgreSQL's
  /// does not).
  func indexed(by index: String) -> String {
    switch self {
    case .sqlite: " INDEXED BY \(index)"
    case .postgres: ""
    }
  }

  /// The larger of two values.
  var greatest: String {
    switch self {
    case .sqlite: "max"
    case .postgres: "GREATEST"
    }
  }
}

extension String {
  /// The statement with PostgreSQL's numbered placeholders (`$1`, `$2`, …) for `?` outside
  /// quoted literals and identifiers.
  var numberingPlaceholders: String {
    var result = ""
    result.reserveCapacity(utf8.count + 16)
    var number = 0
    var quote: Character?
    for character in self {
      if let open = quote {
        if character == open { quote = nil }
        result.append(character)
      } else if character == "'" || character == "\"" {
        quote = character
        result.append(character)
      } else if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
