import Foundation
import TimelineCore

extension HTMLRenderer {
  public func timeline(_ presentation: TimelinePresentation) -> Markup { .empty }
  public func preview(_ preview: TimelinePreview) -> Markup { .empty }
  public func list(_ list: TimelineList) -> Markup { .empty }
  public func feedbackBar(_ chips: [FilterChip], matchCount: Int?) -> Markup { .empty }
  public func page(title: String, locale: Locale, body: [Markup]) -> String {
    render(.fragment(body))
  }
}
