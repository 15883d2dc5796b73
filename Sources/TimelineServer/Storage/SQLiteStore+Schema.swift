import GRDB

extension SQLiteStore {
  /// The schema's versions. A version never changes once shipped; a change is a new one.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: timelines and items") { db in
      try db.execute(
        sql: """
          CREATE TABLE timelines (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            time_zone TEXT NOT NULL,
            header_unit TEXT NOT NULL,
            cards TEXT,
            item_count INTEGER NOT NULL DEFAULT 0,
            max_span REAL NOT NULL DEFAULT 0,
            next_seq INTEGER NOT NULL DEFAULT 0
          );
          CREATE TABLE items (
            rowid INTEGER PRIMARY KEY,
            timeline_id INTEGER NOT NULL REFERENCES timelines(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            item_id TEXT NOT NULL,
            parent_seq INTEGER,
            kind TEXT NOT NULL,
            status TEXT NOT NULL,
            node INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            title TEXT NOT NULL,
            subtitle TEXT,
            status_label TEXT,
            substatus_label TEXT,
            description TEXT,
            supporting_text TEXT,
            icon TEXT,
            attributes TEXT NOT NULL,
            priority INTEGER,
            start_instant REAL,
            start_day INTEGER,
            end_instant REAL,
            end_day INTEGER,
            start_ts REAL NOT NULL,
            end_ts REAL NOT NULL,
            last_ts REAL NOT NULL,
            all_day INTEGER NOT NULL,
            section_ts REAL NOT NULL,
            search TEXT NOT NULL,
            attr_fold TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            UNIQUE (timeline_id, item_id)
          );
          CREATE INDEX items_chronological ON items (timeline_id, start_ts, rank, seq)
            WHERE parent_seq IS NULL;
          CREATE INDEX items_sections ON items (timeline_id, section_ts)
            WHERE parent_seq IS NULL;
          CREATE INDEX items_children ON items (timeline_id, parent_seq, seq)
            WHERE parent_seq IS NOT NULL;
          CREATE VIRTUAL TABLE items_search USING fts5(
            search, content='items', content_rowid='rowid', tokenize='trigram');
          CREATE TRIGGER items_search_insert AFTER INSERT ON items BEGIN
            INSERT INTO items_search(rowid, search) VALUES (new.rowid, new.search);
          END;
          CREATE TRIGGER items_search_delete AFTER DELETE ON items BEGIN
            INSERT INTO items_search(items_search, rowid, search)
              VALUES ('delete', old.rowid, old.search);
          END;
          CREATE TRIGGER items_search_update AFTER UPDATE OF search ON items BEGIN
            INSERT INTO items_search(items_search, rowid, search)
              VALUES ('delete', old.rowid, old.search);
            INSERT INTO items_search(rowid, search) VALUES (new.rowid, new.search);
          END;
          """)
    }
    migrator.registerMigration("v2: section counts and revisions") { db in
      // How many top-level rows each section holds by kind and status, kept by triggers:
      // a window's place ("item i of n") and a status filter's total are sums over it
      // rather than counts over the rows. `revision` changes with every write to a
      // timeline's items, keying what readers cache about it; an item's `stamp` is the
      // revision that wrote it, so its tag never comes back after a delete.
      try db.execute(
        sql: """
          ALTER TABLE timelines ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE items ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0;
          CREATE TABLE section_counts (
            timeline_id INTEGER NOT NULL,
            section_ts REAL NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (timeline_id, section_ts, kind, status)
          ) WITHOUT ROWID;
          INSERT INTO section_counts
            SELECT timeline_id, section_ts, kind, status, COUNT(*) FROM items
            WHERE parent_seq IS NULL GROUP BY 1, 2, 3, 4;
          CREATE TRIGGER section_counts_insert AFTER INSERT ON items
          WHEN new.parent_seq IS NULL BEGIN
            INSERT INTO section_counts VALUES (new.timeline_id, new.section_ts, new.kind, new.status, 1)
              ON CONFLICT (timeline_id, section_ts, kind, status) DO UPDATE SET n = n + 1;
          END;
          CREATE TRIGGER section_counts_delete AFTER DELETE ON items
          WHEN old.parent_seq IS NULL BEGIN
            UPDATE section_counts SET n = n - 1
              WHERE timeline_id = old.timeline_id AND section_ts = old.section_ts
                AND kind = old.kind AND status = old.status;
          END;
          CREATE TRIGGER section_counts_update AFTER UPDATE OF section_ts, kind, status ON items
          WHEN old.parent_seq IS NULL BEGIN
            UPDATE section_counts SET n = n - 1
              WHERE timeline_id = old.timeline_id AND section_ts = old.section_ts
                AND kind = old.kind AND status = old.status;
            INSERT INTO section_counts VALUES (new.timeline_id, new.section_ts, new.kind, new.status, 1)
              ON CONFLICT (timeline_id, section_ts, kind, status) DO UPDATE SET n = n + 1;
          END;
          """)
    }
    migrator.registerMigration("v3: rows by sequence number") { db in
      // Changing or deleting an item finds its row and its children by `seq`.
      try db.execute(sql: "CREATE INDEX items_seq ON items (timeline_id, seq)")
    }
    migrator.registerMigration("v4: search index filled once per import") { db in
      // FTS5 writes what it holds at the end of every statement, so one statement per
      // row of an import made thousands of tiny segments to merge (six times the time
      // of the rest of the import). While a timeline is being imported (a row in
      // `bulk_imports`, inside the import's transaction) its rows skip the triggers, and
      // the search index and the section counts are filled by one statement each at the
      // end.
      try db.execute(
        sql: """
          CREATE TABLE bulk_imports (timeline_id INTEGER PRIMARY KEY);
          DROP TRIGGER items_search_insert;
          CREATE TRIGGER items_search_insert AFTER INSERT ON items
          WHEN NOT EXISTS (SELECT 1 FROM bulk_imports WHERE timeline_id = new.timeline_id) BEGIN
            INSERT INTO items_search(rowid, search) VALUES (new.rowid, new.search);
          END;
          DROP TRIGGER section_counts_insert;
          CREATE TRIGGER section_counts_insert AFTER INSERT ON items
          WHEN new.parent_seq IS NULL
            AND NOT EXISTS (SELECT 1 FROM bulk_imports WHERE timeline_id = new.timeline_id) BEGIN
            INSERT INTO section_counts VALUES (new.timeline_id, new.section_ts, new.kind, new.status, 1)
              ON CONFLICT (timeline_id, section_ts, kind, status) DO UPDATE SET n = n + 1;
          END;
          """)
    }
    migrator.registerMigration("v5: the search index follows changed text only") { db in
      // A row rewritten in place names `search` in its update; only a changed text needs
      // the index (a status change does not).
      try db.execute(
        sql: """
          DROP TRIGGER items_search_update;
          CREATE TRIGGER items_search_update AFTER UPDATE OF search ON items
          WHEN old.search IS NOT new.search BEGIN
            INSERT INTO items_search(items_search, rowid, search)
              VALUES ('delete', old.rowid, old.search);
            INSERT INTO items_search(rowid, search) VALUES (new.rowid, new.search);
          END;
          """)
    }
    migrator.registerMigration("v6: changes for live pages") { db in
      // What changed in each revision, for live pages that reconnect (`Last-Event-ID`).
      try db.execute(
        sql: """
          CREATE TABLE changes (
            timeline_id INTEGER NOT NULL REFERENCES timelines(id) ON DELETE CASCADE,
            revision INTEGER NOT NULL,
            item_id TEXT NOT NULL,
            op TEXT NOT NULL,
            PRIMARY KEY (timeline_id, revision)
          ) WITHOUT ROWID
          """)
    }
    migrator.registerMigration("v7: imports in batches") { db in
      // An import commits every few thousand rows while its timeline stays hidden (its
      // row in `bulk_imports`, with the importing process); rows not yet in the search
      // index leave it alone when they are deleted (an import that failed).
      try db.execute(
        sql: """
          ALTER TABLE bulk_imports ADD COLUMN pid INTEGER;
          DROP TRIGGER items_search_delete;
          CREATE TRIGGER items_search_delete AFTER DELETE ON items
          WHEN NOT EXISTS (SELECT 1 FROM bulk_imports WHERE timeline_id = old.timeline_id) BEGIN
            INSERT INTO items_search(items_search, rowid, search)
              VALUES ('delete', old.rowid, old.search);
          END;
          """)
    }
    migrator.registerMigration("v8: the dialog's offers") { db in
      // The Sort & Filter dialog offers a timeline's distinct priorities and attributes,
      // found by walking these indexes from one value to the next (`DialogOffers`); they are
      // on expressions no filter uses, so that no filter is planned through them.
      try db.execute(
        sql: """
          CREATE INDEX items_priority ON items (timeline_id, (priority + 0))
            WHERE priority + 0 IS NOT NULL;
          CREATE INDEX items_attributes ON items (timeline_id, (attributes || ''))
            WHERE attributes || '' <> '[]';
          """)
    }
    migrator.registerMigration("v9: ranked orders") { db in
      // A timeline ranked by priority, status or type (SORT-6) reads its windows in order
      // from these rather than sorting every row for each window (titles have none here:
      // ``SQLDialect/ranksWithIndex(_:)``).
      for index in WindowSQL.rankedIndexes(dialect: .sqlite) {
        try db.execute(sql: "CREATE INDEX items_\(index.name) ON items \(index.definition)")
      }
    }
    migrator.registerMigration("v10: status icons") { db in
      // The status and sub-status images of seed 002.
      try db.execute(
        sql: """
          ALTER TABLE items ADD COLUMN status_icon TEXT;
          ALTER TABLE items ADD COLUMN substatus_icon TEXT;
          """)
    }
    migrator.registerMigration("v11: cards as rows") { db in
      // A feed's cards and their items as rows (``CardRows``), from the `cards` text that
      // earlier versions kept on the timeline's row.
      for statement in CardRows.schema(.sqlite) { try db.execute(sql: statement) }
      for statement in CardRows.adopting(try db.rows(CardRows.legacySQL)) {
        try db.run(statement.sql, statement.values)
      }
    }
    return migrator
  }
}
