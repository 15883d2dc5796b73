import Foundation

/// The words of the accessible names and descriptions of an image of a timeline (SVG
/// `title` and `desc`), in one language: "7 items in 6 sections, now before …". Every field
/// can be replaced; ``localized(for:)`` covers the languages of ``TimelineStrings``.
///
/// Formats use `%d` for numbers and `%@` for text, like ``TimelineStrings``. Counts have
/// a form for one and one for any other number; a language whose plurals need more says
/// "label: N" instead (Arabic).
public struct SummaryStrings: Sendable, Hashable {
  /// Default accessible names.
  public var timeline = "Timeline"
  public var preview = "Timeline preview"
  public var cards = "Cards"
  /// Counts, for one and for any other number.
  public var oneItem = "1 item"
  public var itemsFormat = "%d items"
  public var oneSection = "1 section"
  public var sectionsFormat = "%d sections"
  public var oneDay = "1 day"
  public var daysFormat = "%d days"
  public var oneCard = "1 card"
  public var cardsFormat = "%d cards"
  /// "7 items in 6 sections": item count, section count.
  public var timelineFormat = "%@ in %@"
  /// "…, now before Planned Downtime": the summary so far, the title of the row after now.
  public var nowBeforeFormat = "%@, now before %@"
  /// "…, now after the last item".
  public var nowAfterLastFormat = "%@, now after the last item"
  /// "2 of 7 items: A (Today), B (9:00). See All (7)": shown, total, the items, See All.
  public var previewFormat = "%d of %@: %@. %@"
  /// "5 items on 3 days": item count, day count.
  public var listFormat = "%@ on %@"
  /// A standalone page that holds a window of a large timeline: first, last, total.
  public var cardsWindowFormat =
    "Showing cards %d–%d of %d. To see the others, render with --all or --select a card further on."
  public var windowFormat =
    "Showing items %d–%d of %d. To see the others, render with --all, "
    + "choose dates with --from and --to, or open the file in timeline serve."
  /// The accessible name of a titled timeline region: "Timeline: Work Package".
  public var regionFormat = "Timeline: %@"
  /// The accessible name of the timeline list of seed 004.
  public var appointments = "Appointments"
  /// The heading of a card without a title: "Card 3".
  public var cardTitleFormat = "Card %d"
  /// The accessible name of a card without a header: "Card 3 of 10".
  public var cardPositionFormat = "Card %d of %d"
  /// What a folded section holds: "12 items — Open: 3, In progress: 2, Completed: 7" (the
  /// count, then the counts by status joined with ``listSeparator``).
  public var sectionSummaryFormat = "%@ — %@"
  /// One status's count in a folded section's summary: "Open: 3".
  public var statusCountFormat = "%@: %d"
  /// Between the parts of a list in running text.
  public var listSeparator = ", "

  /// English; start from it to make another language (every field is a `var`).
  public static let english = SummaryStrings()

  public func items(_ count: Int) -> String { counted(count, oneItem, itemsFormat) }
  public func sections(_ count: Int) -> String { counted(count, oneSection, sectionsFormat) }
  public func days(_ count: Int) -> String { counted(count, oneDay, daysFormat) }
  public func cards(_ count: Int) -> String { counted(count, oneCard, cardsFormat) }

  /// Substitutes `numbers` and `texts` into `format`, each kind in order.
  public func format(_ format: String, numbers: [Int] = [], _ texts: String...) -> String {
    TimelineStrings.substitute(format, numbers: numbers, texts: texts)
  }

  private func counted(_ count: Int, _ one: String, _ other: String) -> String {
    count == 1 ? one : TimelineStrings.substitute(other, numbers: [count], texts: [])
  }

  /// The strings for `locale`'s language, falling back to English.
  public static func localized(for locale: Locale) -> SummaryStrings {
    table[locale.language.languageCode?.identifier ?? "en"] ?? .english
  }

  private static let table: [String: SummaryStrings] = [
    "en": .english,
    "de": SummaryStrings(
      timeline: "Zeitleiste", preview: "Zeitleistenvorschau", cards: "Karten",
      oneItem: "1 Eintrag", itemsFormat: "%d Einträge", oneSection: "1 Abschnitt",
      sectionsFormat: "%d Abschnitte", oneDay: "1 Tag", daysFormat: "%d Tage",
      // Lists, not "in 6 Abschnitten": the counts keep the nominative.
      oneCard: "1 Karte", cardsFormat: "%d Karten", timelineFormat: "%@, %@",
      nowBeforeFormat: "%@, jetzt vor %@", nowAfterLastFormat: "%@, jetzt nach dem letzten Eintrag",
      previewFormat: "%d von %@: %@. %@", listFormat: "%@, %@",
      cardsWindowFormat: "Karten %d–%d von %d werden gezeigt. Für die übrigen mit --all rendern "
        + "oder mit --select eine spätere Karte wählen.",
      windowFormat: "Einträge %d–%d von %d werden gezeigt. Für die übrigen mit --all "
        + "rendern, Daten mit --from und --to wählen oder die Datei in timeline "
        + "serve öffnen.",
      regionFormat: "Zeitleiste: %@", appointments: "Termine", cardTitleFormat: "Karte %d",
      cardPositionFormat: "Karte %d von %d"),
    "fr": SummaryStrings(
      timeline: "Chronologie", preview: "Aperçu de la chronologie", cards: "Cartes",
      oneItem: "1 élément", itemsFormat: "%d éléments", oneSection: "1 section",
      sectionsFormat: "%d sections", oneDay: "1 jour", daysFormat: "%d jours",
      oneCard: "1 carte", cardsFormat: "%d cartes", timelineFormat: "%@ dans %@",
      nowBeforeFormat: "%@, maintenant avant %@",
      nowAfterLastFormat: "%@, maintenant après le dernier élément",
      previewFormat: "%d sur %@ : %@. %@", listFormat: "%@ sur %@",
      cardsWindowFormat: "Cartes %d à %d sur %d affichées. Pour voir les autres, rendez avec "
        + "--all ou choisissez une carte plus loin avec --select.",
      windowFormat: "Éléments %d à %d sur %d affichés. Pour voir les autres, rendez avec "
        + "--all, choisissez des dates avec --from et --to, ou ouvrez le fichier "
        + "dans timeline serve.",
      regionFormat: "Chronologie : %@", appointments: "Rendez-vous", cardTitleFormat: "Carte %d",
      cardPositionFormat: "Carte %d sur %d", statusCountFormat: "%@ : %d"),
    "es": SummaryStrings(
      timeline: "Cronología", preview: "Vista previa de la cronología", cards: "Tarjetas",
      oneItem: "1 elemento", itemsFormat: "%d elementos", oneSection: "1 sección",
      sectionsFormat: "%d secciones", oneDay: "1 día", daysFormat: "%d días",
      oneCard: "1 tarjeta", cardsFormat: "%d tarjetas", timelineFormat: "%@ en %@",
      nowBeforeFormat: "%@, ahora antes de %@",
      nowAfterLastFormat: "%@, ahora después del último elemento",
      previewFormat: "%d de %@: %@. %@", listFormat: "%@ en %@",
      cardsWindowFormat: "Se muestran las tarjetas %d–%d de %d. Para ver las demás, genere con "
        + "--all o elija una tarjeta posterior con --select.",
      windowFormat: "Se muestran los elementos %d–%d de %d. Para ver los demás, genere con "
        + "--all, elija fechas con --from y --to o abra el archivo en timeline "
        + "serve.",
      regionFormat: "Cronología: %@", appointments: "Citas", cardTitleFormat: "Tarjeta %d",
      cardPositionFormat: "Tarjeta %d de %d"),
    "it": SummaryStrings(
      timeline: "Cronologia", preview: "Anteprima della cronologia", cards: "Schede",
      oneItem: "1 elemento", itemsFormat: "%d elementi", oneSection: "1 sezione",
      sectionsFormat: "%d sezioni", oneDay: "1 giorno", daysFormat: "%d giorni",
      oneCard: "1 scheda", cardsFormat: "%d schede", timelineFormat: "%@ in %@",
      nowBeforeFormat: "%@, adesso prima di %@",
      nowAfterLastFormat: "%@, adesso dopo l’ultimo elemento",
      previewFormat: "%d di %@: %@. %@", listFormat: "%@ in %@",
      cardsWindowFormat: "Sono mostrate le schede %d–%d di %d. Per vedere le altre, esegui con "
        + "--all o scegli una scheda successiva con --select.",
      windowFormat: "Sono mostrati gli elementi %d–%d di %d. Per vedere gli altri, esegui "
        + "con --all, scegli le date con --from e --to oppure apri il file in "
        + "timeline serve.",
      regionFormat: "Cronologia: %@", appointments: "Appuntamenti", cardTitleFormat: "Scheda %d",
      cardPositionFormat: "Scheda %d di %d"),
    "pt": SummaryStrings(
      timeline: "Linha do tempo", preview: "Prévia da linha do tempo", cards: "Cartões",
      oneItem: "1 item", itemsFormat: "%d itens", oneSection: "1 seção",
      sectionsFormat: "%d seções", oneDay: "1 dia", daysFormat: "%d dias",
      oneCard: "1 cartão", cardsFormat: "%d cartões", timelineFormat: "%@ em %@",
      nowBeforeFormat: "%@, agora antes de %@",
      nowAfterLastFormat: "%@, agora depois do último item",
      previewFormat: "%d de %@: %@. %@", listFormat: "%@ em %@",
      cardsWindowFormat: "Mostrando os cartões %d–%d de %d. Para ver os outros, gere com --all "
        + "ou escolha um cartão adiante com --select.",
      windowFormat: "Mostrando os itens %d–%d de %d. Para ver os outros, gere com --all, "
        + "escolha datas com --from e --to ou abra o arquivo no timeline serve.",
      regionFormat: "Linha do tempo: %@", appointments: "Compromissos",
      cardTitleFormat: "Cartão %d",
      cardPositionFormat: "Cartão %d de %d"),
    "nl": SummaryStrings(
      timeline: "Tijdlijn", preview: "Voorbeeld van de tijdlijn", cards: "Kaarten",
      oneItem: "1 item", itemsFormat: "%d items", oneSection: "1 sectie",
      sectionsFormat: "%d secties", oneDay: "1 dag", daysFormat: "%d dagen",
      oneCard: "1 kaart", cardsFormat: "%d kaarten", timelineFormat: "%@ in %@",
      nowBeforeFormat: "%@, nu vóór %@", nowAfterLastFormat: "%@, nu na het laatste item",
      previewFormat: "%d van %@: %@. %@", listFormat: "%@ op %@",
      cardsWindowFormat: "Kaarten %d–%d van %d worden getoond. Om de andere te zien: render met "
        + "--all of kies een latere kaart met --select.",
      windowFormat: "Items %d–%d van %d worden getoond. Om de andere te zien: render met "
        + "--all, kies datums met --from en --to, of open het bestand in timeline "
        + "serve.",
      regionFormat: "Tijdlijn: %@", appointments: "Afspraken", cardTitleFormat: "Kaart %d",
      cardPositionFormat: "Kaart %d van %d"),
    "ja": SummaryStrings(
      timeline: "タイムライン", preview: "タイムラインのプレビュー", cards: "カード",
      oneItem: "1 項目", itemsFormat: "%d 項目", oneSection: "1 セクション",
      sectionsFormat: "%d セクション", oneDay: "1 日", daysFormat: "%d 日", oneCard: "1 枚",
      cardsFormat: "%d 枚", timelineFormat: "%@ (%@)", nowBeforeFormat: "%@、現在は %@ の前",
      nowAfterLastFormat: "%@、現在は最後の項目の後", previewFormat: "%d / %@: %@。%@",
      listFormat: "%@ (%@)",
      cardsWindowFormat: "%d〜%d 枚目を表示しています (全 %d 枚)。残りを見るには --all で出力するか、--select で先のカードを選んでください。",
      windowFormat: "%d〜%d 件目を表示しています (全 %d 件)。残りを見るには --all で出力するか、--from と --to "
        + "で日付を選ぶか、timeline serve で開いてください。",
      regionFormat: "タイムライン：%@", appointments: "予定", cardTitleFormat: "カード %d",
      cardPositionFormat: "カード %d / %d", sectionSummaryFormat: "%@：%@",
      statusCountFormat: "%@ %d", listSeparator: "、"),
    "zh": SummaryStrings(
      timeline: "时间线", preview: "时间线预览", cards: "卡片", oneItem: "1 个项目",
      itemsFormat: "%d 个项目", oneSection: "1 个分组", sectionsFormat: "%d 个分组",
      oneDay: "1 天", daysFormat: "%d 天", oneCard: "1 张卡片", cardsFormat: "%d 张卡片",
      timelineFormat: "%@，分为 %@", nowBeforeFormat: "%@，现在位于 %@ 之前",
      nowAfterLastFormat: "%@，现在位于最后一项之后", previewFormat: "%d / %@：%@。%@",
      listFormat: "%@，共 %@",
      cardsWindowFormat: "显示第 %d–%d 张卡片，共 %d 张。要查看其余卡片，请使用 --all 渲染，或用 --select 选择后面的卡片。",
      windowFormat: "显示第 %d–%d 项，共 %d 项。要查看其余项目，请使用 --all 渲染，或用 --from 和 --to 选择日期，或在 "
        + "timeline serve 中打开文件。",
      regionFormat: "时间线：%@", appointments: "日程", cardTitleFormat: "卡片 %d",
      cardPositionFormat: "卡片 %d / %d", sectionSummaryFormat: "%@：%@",
      statusCountFormat: "%@ %d", listSeparator: "，"),
    "ko": SummaryStrings(
      timeline: "타임라인", preview: "타임라인 미리 보기", cards: "카드", oneItem: "항목 1개",
      itemsFormat: "항목 %d개", oneSection: "섹션 1개", sectionsFormat: "섹션 %d개",
      oneDay: "1일", daysFormat: "%d일", oneCard: "카드 1장", cardsFormat: "카드 %d장",
      timelineFormat: "%@, %@", nowBeforeFormat: "%@, 현재 %@ 앞",
      nowAfterLastFormat: "%@, 현재 마지막 항목 뒤", previewFormat: "%d/%@: %@. %@",
      listFormat: "%@, %@",
      cardsWindowFormat: "카드 %d–%d을(를) 표시합니다(전체 %d장). 나머지는 --all로 렌더링하거나 --select로 뒤의 카드를 고르세요.",
      windowFormat: "항목 %d–%d을(를) 표시합니다(전체 %d개). 나머지는 --all로 렌더링하거나 --from과 --to로 날짜를 고르거나 "
        + "timeline serve에서 파일을 여세요.",
      regionFormat: "타임라인: %@", appointments: "일정", cardTitleFormat: "카드 %d",
      cardPositionFormat: "카드 %d/%d"),
    "ar": SummaryStrings(
      timeline: "المخطط الزمني", preview: "معاينة المخطط الزمني", cards: "البطاقات",
      oneItem: "عنصر واحد", itemsFormat: "العناصر: %d", oneSection: "قسم واحد",
      sectionsFormat: "الأقسام: %d", oneDay: "يوم واحد", daysFormat: "الأيام: %d",
      oneCard: "بطاقة واحدة", cardsFormat: "البطاقات: %d", timelineFormat: "%@، %@",
      nowBeforeFormat: "%@، الآن قبل %@", nowAfterLastFormat: "%@، الآن بعد العنصر الأخير",
      previewFormat: "%d من %@: %@. %@", listFormat: "%@، %@",
      cardsWindowFormat: "عرض البطاقات %d–%d من %d. لرؤية البقية، استخدم --all أو اختر بطاقة "
        + "لاحقة باستخدام --select.",
      windowFormat: "عرض العناصر %d–%d من %d. لرؤية البقية، استخدم --all أو اختر التواريخ "
        + "باستخدام --from و--to أو افتح الملف في timeline serve.",
      regionFormat: "المخطط الزمني: %@", appointments: "المواعيد", cardTitleFormat: "البطاقة %d",
      cardPositionFormat: "البطاقة %d من %d", listSeparator: "، "),
  ]
}
