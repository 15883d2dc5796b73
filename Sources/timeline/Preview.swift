import ArgumentParser
import TimelineCore
import TimelineHTML
import TimelineSVG
import TimelineTerminal
import _TimelineMarkup

/// `timeline preview`: the preview strip of a timeline.
struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render the timeline preview strip: a few objects around now and See All (N).")

  @OptionGroup var options: CommonOptions
  @OptionGroup var queryOptions: QueryOptions

  @Option(help: "compact (2 objects) or regular (4 objects).")
  var size: PreviewSize?

  @Option(help: "How many objects to show (instead of --size).")
  var count: Int?

  @Flag(
    name: .customLong("prioritize-overdue"),
    help: "Show open or in-progress objects that are overdue first.")
  var prioritizeOverdue = false

  @Option(help: "The header title (default: the document's title).")
  var title: String?

  @Option(
    name: .customLong("see-all-href"),
    help:
      "HTML: where See All and the strip's items lead (items as HREF#item-ID). Without it the page holds the full timeline below the strip, and they lead there."
  )
  var seeAllHref: String?

  func validate() throws {
    if size != nil, count != nil {
      throw ValidationError("Use either --size or --count, not both.")
    }
    if let count, count < 1 { throw ValidationError("--count must be at least 1, not \(count).") }
  }

  /// Without `--size` or `--count`: regular on a terminal of 100 cells or more or an SVG of
  /// 600 pixels or more, else compact.
  var defaultSize: PreviewSize {
    switch options.format {
    case .terminal: options.outputWidth >= 100 ? .regular : .compact
    case .svg: options.svgWidth >= 600 ? .regular : .compact
    default: .compact
    }
  }

  func run() throws {
    let document = try options.readDocument()
    let context = options.context(for: document)
    let configuration = TimelineConfiguration(
      headerUnit: document.headerUnit, granularity: options.granularity)
    let presentation = TimelinePresentation(
      document: document, context: context, configuration: configuration,
      query: queryOptions.query)
    let chips = queryOptions.bar?.chips(context: context)
    let preview = TimelinePreview(
      presentation, count: count ?? (size ?? defaultSize).itemCount,
      prioritizeOverdue: prioritizeOverdue, title: title)
    let theme = try options.theme()
    try options.withOutput { output in
      switch options.format {
      case .json:
        PresentationJSON.write(preview, bar: chips, matches: presentation.count, to: &output)
        output.write("\n")
      case .terminal:
        let style = Terminal.style(options.style)
        queryOptions.writeBar(
          chips, matches: presentation.count, context: context, width: options.outputWidth,
          style: style, to: &output)
        PreviewTerminalRenderer(width: options.outputWidth, style: style).render(
          preview, to: &output)
      case .html:
        let html =
          seeAllHref.map { href in
            HTMLRenderer(
              theme: theme, detailLink: { href + "#" + HTMLRenderer.elementID(forItem: $0) },
              seeAllLink: href)
          } ?? HTMLRenderer(theme: theme)
        let adaptive = size == nil && count == nil
        let regular = TimelinePreview(
          presentation, count: PreviewSize.regular.itemCount, prioritizeOverdue: prioritizeOverdue,
          title: title)
        let compact = TimelinePreview(
          presentation, count: PreviewSize.compact.itemCount, prioritizeOverdue: prioritizeOverdue,
          title: title)
        var body = [adaptive ? html.preview(regular, compact: compact) : html.preview(preview)]
        if seeAllHref == nil {
          // The strip and See All lead to the full timeline, with its controls, below.
          let page = TimelinePage(
            filtered: presentation, document: document, configuration: configuration,
            query: queryOptions, limit: 5_000)
          body += page.body(html: html)
        }
        output.write(
          html.page(title: preview.heading, locale: context.locale, body: body))
      case .svg:
        output.write(
          SVGRenderer(theme: theme, appearance: options.appearance, width: options.svgWidth)
            .render(preview))
      }
    }
  }
}
