import Foundation
import PostgresNIO

extension PostgresStore {
  /// The schema's versions, each a list of statements. A version never changes once
  /// shipped; a change is a new one.
  static let migrations: [(version: Int, name: String, statements: [String])] = [
    (
      1, "timelines, items, section counts and changes",
      [
        """
        CREATE TABLE timelines (
          id BIGSERIAL PRIMARY KEY,
          title TEXT NOT NULL,
          time_zone TEXT NOT NULL,
          header_unit TEXT NOT NULL,
          cards TEXT,
          item_count BIGINT NOT NULL DEFAULT 0,
          max_span DOUBLE PRECISION NOT NULL DEFAULT 0,
          next_seq BIGINT NOT NULL DEFAULT 0,
          revision BIGINT NOT NULL DEFAULT 0
        )
        """,
        // A partition per timeline: an import fills a table of its own and builds its
        // indexes in one pass (several times faster than growing them row by row), then
        // attaches it; deleting a timeline drops its table.
        "CREATE SEQUENCE items_rowid",
        """
        CREATE TABLE items (
          rowid BIGINT NOT NULL DEFAULT nextval('items_rowid'),
          timeline_id BIGINT NOT NULL REFERENCES timelines(id) ON DELETE CASCADE,
          seq BIGINT NOT NULL,
          item_id TEXT NOT NULL,
          parent_seq BIGINT,
          kind TEXT NOT NULL,
          status TEXT NOT NULL,
          node BIGINT NOT NULL,
          rank BIGINT NOT NULL,
          title TEXT NOT NULL,
          subtitle TEXT,
          status_label TEXT,
          substatus_label TEXT,
          description TEXT,
          supporting_text TEXT,
          icon TEXT,
          attributes TEXT NOT NULL,
          priority BIGINT,
          start_instant DOUBLE PRECISION,
          start_day BIGINT,
          end_instant DOUBLE PRECISION,
          end_day BIGINT,
          start_ts DOUBLE PRECISION NOT NULL,
          end_ts DOUBLE PRECISION NOT NULL,
          last_ts DOUBLE PRECISION NOT NULL,
          all_day BIGINT NOT NULL,
          section_ts DOUBLE PRECISION NOT NULL,
          search TEXT NOT NULL,
          attr_fold TEXT NOT NULL,
          stamp BIGINT NOT NULL DEFAULT 0,
          version BIGINT NOT NULL DEFAULT 1
        ) PARTITION BY LIST (timeline_id)
        """,
      ]
        + firstIndexes.filter { !$0.constraint.isEmpty }.map {
          "ALTER TABLE items ADD " + $0.constraint
        }
        + firstIndexes.compactMap { index in
          index.definition.map { "CREATE INDEX items_\(index.name) ON items \($0)" }
        }
        + [
          """
          CREATE TABLE section_counts (
            timeline_id BIGINT NOT NULL,
            section_ts DOUBLE PRECISION NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL,
            n BIGINT NOT NULL,
            PRIMARY KEY (timeline_id, section_ts, kind, status)
          )
          """,
          // The counts follow the rows, one statement at a time (an import's `COPY` is one
          // statement, so its counts are one grouped insert, not a million updates).
          """
          CREATE FUNCTION section_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN \(addCounts(from: "new_rows")); RETURN NULL; END $$
          """,
          """
          CREATE FUNCTION section_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN \(removeCounts(of: "old_rows")); RETURN NULL; END $$
          """,
          """
          CREATE FUNCTION section_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            \(removeCounts(of: "old_rows")); \(addCounts(from: "new_rows"));
            RETURN NULL;
          END $$
          """,
          """
          CREATE TRIGGER items_counts_insert AFTER INSERT ON items
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_counts_add()
          """,
          """
          CREATE TRIGGER items_counts_delete AFTER DELETE ON items
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_counts_remove()
          """,
          """
          CREATE TRIGGER items_counts_update AFTER UPDATE ON items
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION section_counts_move()
          """,
          // What changed in each revision, for live pages that reconnect (`Last-Event-ID`).
          """
          CREATE TABLE changes (
            timeline_id BIGINT NOT NULL REFERENCES timelines(id) ON DELETE CASCADE,
            revision BIGINT NOT NULL,
            item_id TEXT NOT NULL,
            op TEXT NOT NULL,
            PRIMARY KEY (timeline_id, revision)
          )
          """,
        ]
    ),
    (
      2, "the dialog's offers",
      // The Sort & Filter dialog offers a timeline's distinct priorities and attributes,
      // found by walking these indexes from one value to the next (`DialogOffers`).
      offerIndexes.compactMap { index in
        index.definition.map { "CREATE INDEX items_\(index.name) ON items \($0)" }
      }
    ),
    (
      3, "ranked orders",
      // A timeline ranked by priority, status or type (SORT-6) reads its windows in order
      // from these rather than sorting every row for each window. The title's depend on
      // the app's collation: `migrate` makes them (``titleIndexes(_:)``).
      rankedIndexes.compactMap { index in
        index.definition.map { "CREATE INDEX items_\(index.name) ON items \($0)" }
      }
    ),
    (
      4, "status icons",
      // The status and sub-status images of seed 002 (every partition gets the columns).
      ["ALTER TABLE items ADD COLUMN status_icon TEXT, ADD COLUMN substatus_icon TEXT"]
    ),
    (
      5, "cards as rows",
      // A feed's cards and their items as rows (``CardRows``); `migrate` then moves the
      // `cards` text of earlier versions into them and drops its column.
      CardRows.schema(.postgres(collation: ""))
    ),
  ]

  /// Adds the top-level rows of `rows` (a table, or a trigger's transition table) to the
  /// section counts.
  static func addCounts(from rows: String) -> String {
    """
    INSERT INTO section_counts AS c (timeline_id, section_ts, kind, status, n)
      SELECT timeline_id, section_ts, kind, status, COUNT(*) FROM \(rows)
      WHERE parent_seq IS NULL GROUP BY 1, 2, 3, 4
      ON CONFLICT (timeline_id, section_ts, kind, status) DO UPDATE SET n = c.n + EXCLUDED.n
    """
  }

  /// Takes the top-level rows of `rows` out of the section counts.
  static func removeCounts(of rows: String) -> String {
    """
    UPDATE section_counts AS c SET n = c.n - o.n
      FROM (SELECT timeline_id, section_ts, kind, status, COUNT(*) AS n FROM \(rows)
            WHERE parent_seq IS NULL GROUP BY 1, 2, 3, 4) AS o
      WHERE c.timeline_id = o.timeline_id AND c.section_ts = o.section_ts
        AND c.kind = o.kind AND c.status = o.status
    """
  }

  /// The keys and indexes of `items`, made once on the partitioned table and again on each
  /// new partition before it is attached (the same definitions, so attaching adopts them).
  static let itemIndexes = firstIndexes + offerIndexes + rankedIndexes

  /// The keys and indexes of the first version.
  static let firstIndexes: [(name: String, constraint: String, definition: String?)] = [
    ("key", "PRIMARY KEY (timeline_id, rowid)", nil),
    ("ids", "UNIQUE (timeline_id, item_id)", nil),
    ("chronological", "", "(timeline_id, start_ts, rank, seq) WHERE parent_seq IS NULL"),
    ("sections", "", "(timeline_id, section_ts) WHERE parent_seq IS NULL"),
    ("children", "", "(timeline_id, parent_seq, seq) WHERE parent_seq IS NOT NULL"),
    ("seq", "", "(timeline_id, seq)"),
    // Search words are found with `LIKE '%word%'`, which a trigram index answers.
    ("search", "", "USING gin (search public.gin_trgm_ops)"),
  ]

  /// The indexes the dialog's offers walk (version 2).
  static let offerIndexes: [(name: String, constraint: String, definition: String?)] = [
    // On expressions no filter uses, so that no filter is planned through them.
    ("priority", "", "(timeline_id, (priority + 0)) WHERE priority + 0 IS NOT NULL"),
    ("attributes", "", "(timeline_id, (attributes || '')) WHERE attributes || '' <> '[]'"),
  ]

  /// The ranked orders' indexes but the title's (version 3).
  static let rankedIndexes: [(name: String, constraint: String, definition: String?)] =
    WindowSQL.rankedIndexes(dialect: .postgres(collation: ""), fields: [.status, .priority, .kind])
    .map { ($0.name, "", $0.definition) }

  /// The title's ranked-order indexes in `dialect`'s collation, named after it (an app in
  /// another language makes its own).
  static func titleIndexes(_ dialect: SQLDialect) -> [(name: String, definition: String)] {
    guard case .postgres(let collation) = dialect else { return [] }
    return WindowSQL.rankedIndexes(dialect: dialect, fields: [.title])
      .map { index in
        let suffix = collation.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        return (index.name + "_" + String(suffix), index.definition)
      }
  }

  /// The statements that index a new partition (filled, not yet attached): plain indexes,
  /// the title's in `dialect`'s collation, and the unique indexes its keys will use
  /// (``partitionKeys(_:)``).
  static func partitionIndexes(_ table: String, dialect: SQLDialect) -> [String] {
    titleIndexes(dialect).map { "CREATE INDEX \(table)_\($0.name) ON \(table) \($0.definition)" }
      + partitionIndexes(table)
  }

  static func partitionIndexes(_ table: String) -> [String] {
    itemIndexes.map { index in
      if let definition = index.definition {
        return "CREATE INDEX \(table)_\(index.name) ON \(table) \(definition)"
      }
      let columns = index.constraint.drop { $0 != "(" }
      return "CREATE UNIQUE INDEX \(table)_\(index.name) ON \(table) \(columns)"
    }
  }

  /// The statements that make a new partition's unique indexes its keys (as the table it
  /// joins has them), before it is attached.
  static func partitionKeys(_ timeline: Int64) -> [String] {
    let table = partition(timeline)
    return itemIndexes.filter { $0.definition == nil }.map { index in
      let kind = index.constraint.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
      return
        "ALTER TABLE \(table) ADD CONSTRAINT \(table)_\(index.name) \(kind) USING INDEX \(table)_\(index.name)"
    } + ["ALTER TABLE \(table) ADD CONSTRAINT \(table)_timeline CHECK (timeline_id = \(timeline))"]
  }

  /// The partition of `items` that holds `timeline`'s rows.
  /// The table of a timeline's items. Ids are positive; a negative one (never stored) still
  /// makes a plain identifier (`items_tm5`), so a statement naming it stays well formed.
  static func partition(_ timeline: Int64) -> String {
    timeline < 0 ? "items_tm\(timeline.magnitude)" : "items_t\(timeline)"
  }

  /// Brings the schema up to date, one version at a time, under the schema's lock
  /// (instances that start together migrate it once), and makes the title collation of
  /// `language`.
  func migrate(schema: String, language: String) async throws {
    guard case .postgres(let collation) = dialect else { return }
    // A minute: instances that start together wait for the first one's migration.
    let client = client
    try await StoreUnavailable.within(.seconds(60)) {
      try await client.withConnection { connection in
        try await Self.transaction(on: connection) { connection in
          // The extension is the database's: the first instance to find it missing creates
          // it under a lock for the whole database. Everything else is the schema's, under a
          // lock of its own, so stores of different schemas migrate side by side.
          let hasExtension = try await !connection.rows(
            "SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'"
          ).isEmpty
          if !hasExtension {
            try await connection.run("SELECT pg_advisory_xact_lock(741152026)")
            try await connection.run("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
          }
          try await connection.run(
            "SELECT pg_advisory_xact_lock(741152026, hashtext(?))", [.text(schema)])
          try await connection.run("CREATE SCHEMA IF NOT EXISTS \(schema)")
          try await connection.run(
            """
            CREATE TABLE IF NOT EXISTS \(schema).timeline_migrations (
              version INTEGER PRIMARY KEY, name TEXT NOT NULL,
              applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
            """)
          let applied = Set(
            try await connection.rows("SELECT version FROM \(schema).timeline_migrations")
              .compactMap { $0.integer(0) })
          for migration in Self.migrations where !applied.contains(Int64(migration.version)) {
            for statement in migration.statements { try await connection.run(statement) }
            if migration.version == 5 {
              let legacy = try await connection.rows(CardRows.legacySQL)
              for statement in CardRows.adopting(legacy) {
                try await connection.run(statement.sql, statement.values)
              }
            }
            try await connection.run(
              "INSERT INTO \(schema).timeline_migrations (version, name) VALUES (?, ?)",
              [.integer(Int64(migration.version)), .text(migration.name)])
          }
          // Titles compare as the core compares them: case and accents aside (ICU's primary
          // strength), in the app's language.
          try await connection.run(
            """
            CREATE COLLATION IF NOT EXISTS \(schema)."\(collation)" (
              provider = icu, locale = '\(language)-u-ks-level1', deterministic = false)
            """)
          for index in Self.titleIndexes(.postgres(collation: collation)) {
            try await connection.run(
              "CREATE INDEX IF NOT EXISTS items_\(index.name) ON items \(index.definition)")
          }
        }
      }
    }
  }
}
