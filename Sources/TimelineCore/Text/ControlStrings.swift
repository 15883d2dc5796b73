import Foundation

/// The words of the controls around a timeline, in one language: the filter feedback bar
/// (FFB), the Sort & Filter dialog and its sort options (SORT). Every field can be
/// replaced; ``localized(for:)`` covers the languages of ``TimelineStrings``.
///
/// Formats use `%d` for numbers and `%@` for text, like ``TimelineStrings``. Start from
/// ``english`` to make another language.
///
/// ```swift
/// ControlStrings.localized(for: Locale(identifier: "de_DE")).results(3)  // "3 Ergebnisse"
/// ```
public struct ControlStrings: Sendable, Hashable {
  /// The dialog's title.
  public var sortAndFilter = "Sort & Filter"
  /// The heading of the sort options.
  public var sortBy = "Sort by"
  /// The accessible name of the feedback bar.
  public var filterBar = "Filter feedback bar"
  public var reset = "Reset"
  public var cancel = "Cancel"
  public var apply = "Apply"
  /// The sort chip: "Sort By: %@" with the criteria, comma-separated.
  public var sortChipFormat = "Sort By: %@"
  /// The counter chip's accessible name: "Sort and filter, %d applied".
  public var counterFormat = "Sort and filter, %d applied"
  /// A selected filter chip's accessible name: "%@, applied".
  public var appliedFormat = "%@, applied"
  /// The number of matching objects (FFB-9): one, and more than one.
  public var oneResult = "1 result"
  public var resultsFormat = "%d results"
  /// A sort option's drag handle: "Reorder %@".
  public var reorderFormat = "Reorder %@"
  /// How to order the sort criteria, under the options.
  public var sortHelp =
    "Select criteria and drag them, or use the arrow keys on a handle, to set their order."
  /// Shown when no sort criterion is selected (SORT-5).
  public var sortError = "Select at least one criterion"
  /// The sort options and filter groups.
  public var date = "Date"
  public var title = "Title"
  public var status = "Status"
  public var priority = "Priority"
  public var type = "Type"
  /// The direction toggles (SORT-4), by what is sorted.
  public var oldestFirst = "Oldest first"
  public var newestFirst = "Newest first"
  public var aToZ = "A to Z"
  public var zToA = "Z to A"
  public var lowToHigh = "Low to High"
  public var highToLow = "High to Low"
  public var openFirst = "Open first"
  public var completedFirst = "Completed first"
  /// The chip of the `kind=event` filter.
  public var events = "Events"
  /// Filter chips whose value alone would be ambiguous (FFB-7).
  public var priorityFormat = "Priority: %@"
  public var fromFormat = "From: %@"
  public var toFormat = "To: %@"
  /// Said when a criterion moves: "Title, position 2 of 5".
  public var positionFormat = "%@, position %d of %d"
  /// The page's search field (TL-10).
  public var search = "Search"
  /// The link to the now indicator (TL-6).
  public var jumpToNow = "Jump to now"
  /// The dialog's attribute group.
  public var attribute = "Attribute"
  /// The dialog's date range group and its two fields.
  public var dateRange = "Date range"
  public var from = "From"
  public var to = "To"
  /// Shown when filters or a search leave no row.
  public var noMatches = "No matching items"
  /// The links to the rows before and after a window of a long timeline.
  public var earlier = "Earlier"
  public var later = "Later"
  /// The header of a section of one priority when the timeline is ranked by priority
  /// (SORT-6), and of the rows without one.
  public var priorityGroupFormat = "Priority %d"
  public var noPriority = "No priority"
  /// The sort chip's criterion and its direction (SORT-7): "Priority, High to Low".
  public var criterionDirectionFormat = "%@, %@"
  /// A chosen criterion's buttons that move it without the page's script: "Move %@ up".
  public var moveUpFormat = "Move %@ up"
  public var moveDownFormat = "Move %@ down"
  /// How to order the sort criteria where only those buttons do it (no script).
  public var sortHelpButtons =
    "Selected criteria apply in this order: move one with its up and down buttons. A criterion you select joins the end."
  /// The locale whose digits and grouping write counts ("100,000 results", "100.000
  /// Ergebnisse"); ``localized(for:)`` sets it to the locale asked for.
  public var numberLocale = Locale(identifier: "en_US")

  /// `count` with the digits and grouping of ``numberLocale``.
  public func number(_ count: Int) -> String {
    count.formatted(.number.locale(numberLocale))
  }

  /// English; start from it to make another language (every field is a `var`).
  public static let english = ControlStrings()

  /// "1 result", "12 results".
  public func results(_ count: Int) -> String {
    count == 1 ? oneResult : resultsFormat.replacingOccurrences(of: "%d", with: number(count))
  }

  /// Substitutes `texts` into `format` in order.
  public func format(_ format: String, _ texts: String...) -> String {
    TimelineStrings.substitute(format, numbers: [], texts: texts)
  }

  /// Substitutes `number` into `format`.
  public func format(_ format: String, number: Int) -> String {
    TimelineStrings.substitute(format, numbers: [number], texts: [])
  }

  /// The strings for `locale`'s language, falling back to English.
  public static func localized(for locale: Locale) -> ControlStrings {
    var strings = table[locale.language.languageCode?.identifier ?? "en"] ?? .english
    strings.numberLocale = locale
    return strings
  }

  private static let table: [String: ControlStrings] = [
    "en": .english,
    "de": ControlStrings(
      sortAndFilter: "Sortieren & Filtern", sortBy: "Sortieren nach",
      filterBar: "Filterleiste", reset: "Zurücksetzen", cancel: "Abbrechen",
      apply: "Anwenden", sortChipFormat: "Sortiert nach: %@",
      counterFormat: "Sortieren und Filtern, %d angewendet", appliedFormat: "%@, angewendet",
      oneResult: "1 Ergebnis", resultsFormat: "%d Ergebnisse", reorderFormat: "%@ verschieben",
      sortHelp:
        "Kriterien auswählen und ziehen oder mit den Pfeiltasten am Griff in die Reihenfolge bringen.",
      sortError: "Mindestens ein Kriterium auswählen", date: "Datum", title: "Titel",
      status: "Status", priority: "Priorität", type: "Typ", oldestFirst: "Älteste zuerst",
      newestFirst: "Neueste zuerst", aToZ: "A bis Z", zToA: "Z bis A",
      lowToHigh: "Aufsteigend", highToLow: "Absteigend", openFirst: "Offene zuerst",
      completedFirst: "Erledigte zuerst", events: "Ereignisse", priorityFormat: "Priorität: %@",
      fromFormat: "Ab: %@", toFormat: "Bis: %@", positionFormat: "%@, Position %d von %d",
      search: "Suchen", jumpToNow: "Zu jetzt springen", attribute: "Attribut",
      dateRange: "Zeitraum", from: "Von", to: "Bis", noMatches: "Keine passenden Einträge",
      earlier: "Früher", later: "Später",
      priorityGroupFormat: "Priorität %d", noPriority: "Keine Priorität",
      moveUpFormat: "%@ nach oben", moveDownFormat: "%@ nach unten",
      sortHelpButtons:
        "Die ausgewählten Kriterien gelten in dieser Reihenfolge; die Schaltflächen nach oben und unten verschieben eines. Ein neu ausgewähltes Kriterium kommt ans Ende."
    ),
    "fr": ControlStrings(
      sortAndFilter: "Trier et filtrer", sortBy: "Trier par",
      filterBar: "Barre des filtres", reset: "Réinitialiser", cancel: "Annuler",
      apply: "Appliquer", sortChipFormat: "Trié par : %@",
      counterFormat: "Tri et filtres, %d appliqués", appliedFormat: "%@, appliqué",
      oneResult: "1 résultat", resultsFormat: "%d résultats", reorderFormat: "Déplacer %@",
      sortHelp:
        "Sélectionnez des critères et faites-les glisser, ou utilisez les flèches sur une poignée, pour les ordonner.",
      sortError: "Sélectionnez au moins un critère", date: "Date", title: "Titre",
      status: "Statut", priority: "Priorité", type: "Type", oldestFirst: "Plus anciens d’abord",
      newestFirst: "Plus récents d’abord", aToZ: "De A à Z", zToA: "De Z à A",
      lowToHigh: "Croissant", highToLow: "Décroissant", openFirst: "Ouverts d’abord",
      completedFirst: "Terminés d’abord", events: "Événements",
      priorityFormat: "Priorité : %@", fromFormat: "Du : %@", toFormat: "Au : %@",
      positionFormat: "%@, position %d sur %d", search: "Rechercher",
      jumpToNow: "Aller à maintenant", attribute: "Attribut", dateRange: "Période", from: "Du",
      to: "Au", noMatches: "Aucun élément correspondant", earlier: "Plus tôt", later: "Plus tard",
      priorityGroupFormat: "Priorité %d", noPriority: "Sans priorité",
      moveUpFormat: "Monter %@", moveDownFormat: "Descendre %@",
      sortHelpButtons:
        "Les critères sélectionnés s’appliquent dans cet ordre ; les boutons monter et descendre en déplacent un. Un critère que vous sélectionnez s’ajoute à la fin."
    ),
    "es": ControlStrings(
      sortAndFilter: "Ordenar y filtrar", sortBy: "Ordenar por",
      filterBar: "Barra de filtros", reset: "Restablecer", cancel: "Cancelar",
      apply: "Aplicar", sortChipFormat: "Ordenado por: %@",
      counterFormat: "Ordenar y filtrar, %d aplicados", appliedFormat: "%@, aplicado",
      oneResult: "1 resultado", resultsFormat: "%d resultados", reorderFormat: "Mover %@",
      sortHelp:
        "Selecciona criterios y arrástralos, o usa las flechas en un asa, para ordenarlos.",
      sortError: "Selecciona al menos un criterio", date: "Fecha", title: "Título",
      status: "Estado", priority: "Prioridad", type: "Tipo",
      oldestFirst: "Más antiguos primero", newestFirst: "Más recientes primero",
      aToZ: "De la A a la Z", zToA: "De la Z a la A", lowToHigh: "De menor a mayor",
      highToLow: "De mayor a menor", openFirst: "Abiertos primero",
      completedFirst: "Completados primero", events: "Eventos",
      priorityFormat: "Prioridad: %@", fromFormat: "Desde: %@", toFormat: "Hasta: %@",
      positionFormat: "%@, posición %d de %d", search: "Buscar", jumpToNow: "Ir a ahora",
      attribute: "Atributo", dateRange: "Intervalo de fechas", from: "Desde", to: "Hasta",
      noMatches: "Ningún elemento coincide", earlier: "Anteriores", later: "Posteriores",
      priorityGroupFormat: "Prioridad %d", noPriority: "Sin prioridad",
      moveUpFormat: "Subir %@", moveDownFormat: "Bajar %@",
      sortHelpButtons:
        "Los criterios seleccionados se aplican en este orden; los botones de subir y bajar mueven uno. Un criterio que selecciones se añade al final."
    ),
    "it": ControlStrings(
      sortAndFilter: "Ordina e filtra", sortBy: "Ordina per",
      filterBar: "Barra dei filtri", reset: "Reimposta", cancel: "Annulla",
      apply: "Applica", sortChipFormat: "Ordinato per: %@",
      counterFormat: "Ordinamento e filtri, %d applicati", appliedFormat: "%@, applicato",
      oneResult: "1 risultato", resultsFormat: "%d risultati", reorderFormat: "Sposta %@",
      sortHelp:
        "Seleziona i criteri e trascinali, o usa i tasti freccia su una maniglia, per ordinarli.",
      sortError: "Seleziona almeno un criterio", date: "Data", title: "Titolo",
      status: "Stato", priority: "Priorità", type: "Tipo",
      oldestFirst: "Prima i meno recenti", newestFirst: "Prima i più recenti",
      aToZ: "Dalla A alla Z", zToA: "Dalla Z alla A", lowToHigh: "Crescente",
      highToLow: "Decrescente", openFirst: "Prima gli aperti",
      completedFirst: "Prima i completati", events: "Eventi",
      priorityFormat: "Priorità: %@", fromFormat: "Dal: %@", toFormat: "Al: %@",
      positionFormat: "%@, posizione %d di %d", search: "Cerca", jumpToNow: "Vai ad adesso",
      attribute: "Attributo", dateRange: "Intervallo di date", from: "Dal", to: "Al",
      noMatches: "Nessun elemento corrispondente", earlier: "Precedenti", later: "Successivi",
      priorityGroupFormat: "Priorità %d", noPriority: "Nessuna priorità",
      moveUpFormat: "Sposta su %@", moveDownFormat: "Sposta giù %@",
      sortHelpButtons:
        "I criteri selezionati si applicano in quest’ordine; i pulsanti su e giù ne spostano uno. Un criterio che selezioni si aggiunge alla fine."
    ),
    "pt": ControlStrings(
      sortAndFilter: "Ordenar e filtrar", sortBy: "Ordenar por",
      filterBar: "Barra de filtros", reset: "Redefinir", cancel: "Cancelar",
      apply: "Aplicar", sortChipFormat: "Ordenado por: %@",
      counterFormat: "Ordenar e filtrar, %d aplicados", appliedFormat: "%@, aplicado",
      oneResult: "1 resultado", resultsFormat: "%d resultados", reorderFormat: "Mover %@",
      sortHelp:
        "Selecione critérios e arraste-os, ou use as setas em uma alça, para ordená-los.",
      sortError: "Selecione pelo menos um critério", date: "Data", title: "Título",
      status: "Status", priority: "Prioridade", type: "Tipo",
      oldestFirst: "Mais antigos primeiro", newestFirst: "Mais recentes primeiro",
      aToZ: "De A a Z", zToA: "De Z a A", lowToHigh: "Crescente", highToLow: "Decrescente",
      openFirst: "Abertos primeiro", completedFirst: "Concluídos primeiro", events: "Eventos",
      priorityFormat: "Prioridade: %@", fromFormat: "De: %@", toFormat: "Até: %@",
      positionFormat: "%@, posição %d de %d", search: "Pesquisar", jumpToNow: "Ir para agora",
      attribute: "Atributo", dateRange: "Intervalo de datas", from: "De", to: "Até",
      noMatches: "Nenhum item corresponde", earlier: "Anteriores", later: "Posteriores",
      priorityGroupFormat: "Prioridade %d", noPriority: "Sem prioridade",
      moveUpFormat: "Mover %@ para cima", moveDownFormat: "Mover %@ para baixo",
      sortHelpButtons:
        "Os critérios selecionados aplicam-se nesta ordem; os botões para cima e para baixo movem um deles. Um critério que você selecionar entra no fim."
    ),
    "nl": ControlStrings(
      sortAndFilter: "Sorteren en filteren", sortBy: "Sorteren op",
      filterBar: "Filterbalk", reset: "Herstellen", cancel: "Annuleren", apply: "Toepassen",
      sortChipFormat: "Gesorteerd op: %@", counterFormat: "Sorteren en filteren, %d toegepast",
      appliedFormat: "%@, toegepast", oneResult: "1 resultaat", resultsFormat: "%d resultaten",
      reorderFormat: "%@ verplaatsen",
      sortHelp:
        "Selecteer criteria en sleep ze, of gebruik de pijltoetsen op een greep, om ze te ordenen.",
      sortError: "Selecteer ten minste één criterium", date: "Datum", title: "Titel",
      status: "Status", priority: "Prioriteit", type: "Type", oldestFirst: "Oudste eerst",
      newestFirst: "Nieuwste eerst", aToZ: "A tot Z", zToA: "Z tot A", lowToHigh: "Oplopend",
      highToLow: "Aflopend", openFirst: "Open eerst", completedFirst: "Voltooid eerst",
      events: "Gebeurtenissen", priorityFormat: "Prioriteit: %@", fromFormat: "Vanaf: %@",
      toFormat: "Tot: %@", positionFormat: "%@, positie %d van %d", search: "Zoeken",
      jumpToNow: "Naar nu gaan", attribute: "Kenmerk", dateRange: "Periode", from: "Van", to: "Tot",
      noMatches: "Geen overeenkomende items", earlier: "Eerder", later: "Later",
      priorityGroupFormat: "Prioriteit %d", noPriority: "Geen prioriteit",
      moveUpFormat: "%@ omhoog", moveDownFormat: "%@ omlaag",
      sortHelpButtons:
        "Geselecteerde criteria gelden in deze volgorde; de knoppen omhoog en omlaag verplaatsen er een. Een criterium dat je selecteert, komt achteraan."
    ),
    "ja": ControlStrings(
      sortAndFilter: "並べ替えとフィルタ", sortBy: "並べ替え", filterBar: "フィルタバー",
      reset: "リセット", cancel: "キャンセル", apply: "適用", sortChipFormat: "並べ替え: %@",
      counterFormat: "並べ替えとフィルタ、%d 件適用中", appliedFormat: "%@、適用中",
      oneResult: "1 件", resultsFormat: "%d 件", reorderFormat: "%@ を移動",
      sortHelp: "条件を選んでドラッグするか、ハンドルで矢印キーを使って順序を決めます。",
      sortError: "条件を 1 つ以上選んでください", date: "日付", title: "タイトル",
      status: "ステータス", priority: "優先度", type: "種類", oldestFirst: "古い順",
      newestFirst: "新しい順", aToZ: "昇順 (A→Z)", zToA: "降順 (Z→A)", lowToHigh: "低い順",
      highToLow: "高い順", openFirst: "未着手から", completedFirst: "完了から",
      events: "イベント", priorityFormat: "優先度: %@", fromFormat: "開始: %@",
      toFormat: "終了: %@", positionFormat: "%@、%d / %d 番目", search: "検索", jumpToNow: "現在へ移動",
      attribute: "属性", dateRange: "期間", from: "開始", to: "終了", noMatches: "一致する項目はありません",
      earlier: "前へ", later: "後へ",
      priorityGroupFormat: "優先度 %d", noPriority: "優先度なし",
      criterionDirectionFormat: "%@、%@",
      moveUpFormat: "%@ を上へ", moveDownFormat: "%@ を下へ",
      sortHelpButtons: "選んだ条件はこの順に適用されます。上下のボタンで移動できます。新しく選んだ条件は最後に加わります。"),
    "zh": ControlStrings(
      sortAndFilter: "排序和筛选", sortBy: "排序方式", filterBar: "筛选栏", reset: "重置",
      cancel: "取消", apply: "应用", sortChipFormat: "排序：%@",
      counterFormat: "排序和筛选，已应用 %d 项", appliedFormat: "%@，已应用",
      oneResult: "1 个结果", resultsFormat: "%d 个结果", reorderFormat: "移动 %@",
      sortHelp: "选择条件并拖动，或在拖动柄上使用方向键，来设置顺序。",
      sortError: "请至少选择一个条件", date: "日期", title: "标题", status: "状态",
      priority: "优先级", type: "类型", oldestFirst: "最早优先", newestFirst: "最新优先",
      aToZ: "A 到 Z", zToA: "Z 到 A", lowToHigh: "从低到高", highToLow: "从高到低",
      openFirst: "未开始优先", completedFirst: "已完成优先", events: "事件",
      priorityFormat: "优先级：%@", fromFormat: "从：%@", toFormat: "至：%@",
      positionFormat: "%@，第 %d 位，共 %d 位", search: "搜索", jumpToNow: "跳到现在", attribute: "属性",
      dateRange: "日期范围", from: "从", to: "至", noMatches: "没有匹配的项目", earlier: "更早", later: "更晚",
      priorityGroupFormat: "优先级 %d", noPriority: "无优先级",
      criterionDirectionFormat: "%@，%@",
      moveUpFormat: "上移 %@", moveDownFormat: "下移 %@",
      sortHelpButtons: "所选条件按此顺序应用；用上移和下移按钮移动条件。新选择的条件排在最后。"),
    "ko": ControlStrings(
      sortAndFilter: "정렬 및 필터", sortBy: "정렬 기준", filterBar: "필터 막대",
      reset: "초기화", cancel: "취소", apply: "적용", sortChipFormat: "정렬: %@",
      counterFormat: "정렬 및 필터, %d개 적용됨", appliedFormat: "%@, 적용됨",
      oneResult: "결과 1개", resultsFormat: "결과 %d개", reorderFormat: "%@ 이동",
      sortHelp: "기준을 선택하고 끌거나 핸들에서 화살표 키를 사용해 순서를 정하세요.",
      sortError: "기준을 하나 이상 선택하세요", date: "날짜", title: "제목", status: "상태",
      priority: "우선순위", type: "유형", oldestFirst: "오래된 순", newestFirst: "최신 순",
      aToZ: "A에서 Z", zToA: "Z에서 A", lowToHigh: "낮은 순", highToLow: "높은 순",
      openFirst: "열린 항목 먼저", completedFirst: "완료된 항목 먼저", events: "이벤트",
      priorityFormat: "우선순위: %@", fromFormat: "시작: %@", toFormat: "종료: %@",
      positionFormat: "%@, %d/%d번째", search: "검색", jumpToNow: "지금으로 이동", attribute: "속성",
      dateRange: "기간", from: "시작", to: "종료", noMatches: "일치하는 항목 없음", earlier: "이전", later: "이후",
      priorityGroupFormat: "우선순위 %d", noPriority: "우선순위 없음",
      moveUpFormat: "%@ 위로", moveDownFormat: "%@ 아래로",
      sortHelpButtons: "선택한 기준은 이 순서로 적용됩니다. 위아래 버튼으로 옮길 수 있습니다. 새로 선택한 기준은 끝에 추가됩니다."),
    "ar": ControlStrings(
      sortAndFilter: "الترتيب والتصفية", sortBy: "الترتيب حسب", filterBar: "شريط التصفية",
      reset: "إعادة تعيين", cancel: "إلغاء", apply: "تطبيق", sortChipFormat: "الترتيب حسب: %@",
      // Counts as "label: N", which needs none of Arabic's six plural forms.
      counterFormat: "الترتيب والتصفية، المطبّق: %d", appliedFormat: "%@، مطبّق",
      oneResult: "نتيجة واحدة", resultsFormat: "النتائج: %d", reorderFormat: "نقل %@",
      sortHelp: "اختر المعايير واسحبها، أو استخدم مفاتيح الأسهم على المقبض، لتحديد ترتيبها.",
      sortError: "اختر معيارًا واحدًا على الأقل", date: "التاريخ", title: "العنوان",
      status: "الحالة", priority: "الأولوية", type: "النوع", oldestFirst: "الأقدم أولًا",
      newestFirst: "الأحدث أولًا", aToZ: "من أ إلى ي", zToA: "من ي إلى أ",
      lowToHigh: "من الأدنى إلى الأعلى", highToLow: "من الأعلى إلى الأدنى",
      openFirst: "المفتوحة أولًا", completedFirst: "المكتملة أولًا", events: "الأحداث",
      priorityFormat: "الأولوية: %@", fromFormat: "من: %@", toFormat: "إلى: %@",
      positionFormat: "%@، الموضع %d من %d", search: "بحث", jumpToNow: "الانتقال إلى الآن",
      attribute: "السمة", dateRange: "النطاق الزمني", from: "من", to: "إلى",
      noMatches: "لا توجد عناصر مطابقة", earlier: "الأقدم", later: "الأحدث",
      priorityGroupFormat: "الأولوية %d", noPriority: "بلا أولوية",
      criterionDirectionFormat: "%@، %@",
      moveUpFormat: "نقل %@ لأعلى", moveDownFormat: "نقل %@ لأسفل",
      sortHelpButtons:
        "تُطبَّق المعايير المختارة بهذا الترتيب، ويحرّك زرّا الأعلى والأسفل أحدها. المعيار الذي تختاره يُضاف في النهاية."
    ),
  ]
}
