import ArgumentParser

/// `timeline`: render timelines from JSON, iCalendar or CSV documents in the terminal or
/// as JSON, and convert between formats.
@main
struct TimelineCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract:
      "Timelines from JSON, iCalendar and CSV documents: in the terminal, or as JSON for programs.",
    discussion: """
      Exit status: 0 on success, 64 on a usage error, 65 when the input is not a valid \
      timeline document (the message names FILE:LINE:COLUMN), 73 when the output cannot be \
      written. What an import skipped (such as VJOURNAL components) is listed on standard error.
      """,
    subcommands: [
      Render.self, Preview.self, Convert.self, Serve.self, Import.self, Export.self, Copy.self,
    ]
  )
}
