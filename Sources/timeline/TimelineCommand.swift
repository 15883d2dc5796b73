import ArgumentParser

/// `timeline`: render timelines from JSON documents in the terminal or as JSON.
@main
struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Timelines from JSON documents: in the terminal, or as JSON for programs.",
    discussion: """
      Exit status: 0 on success, 64 on a usage error, 65 when the input is not a valid \
      timeline document (the message names FILE:LINE:COLUMN).
      """,
    subcommands: [Render.self, Preview.self]
  )
}
