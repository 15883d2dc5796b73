import Foundation

extension TimelineStrings {
  /// English.
  public static let english = TimelineStrings(
    today: "Today", now: "Now", seeAllFormat: "See All (%d)",
    rowAccessibilityFormat: "Item %d of %d, %@, %@, %@", emptyState: "No items",
    open: "Open", inProgress: "In progress", completed: "Completed", empty: "No status",
    start: "Start", end: "End", inactive: "Inactive", earlyEnd: "Early end")

  /// The strings for `locale`'s language, falling back to English.
  ///
  /// Built in: English, German, French, Spanish, Italian, Portuguese, Dutch, Japanese,
  /// Chinese, Korean and Arabic.
  public static func localized(for locale: Locale) -> TimelineStrings {
    let language = locale.language.languageCode?.identifier ?? "en"
    var strings = table[language] ?? .english
    strings.controls = .localized(for: locale)
    strings.summaries = .localized(for: locale)
    return strings
  }

  private static let table: [String: TimelineStrings] = [
    "en": .english,
    "de": TimelineStrings(
      today: "Heute", now: "Jetzt", seeAllFormat: "Alle anzeigen (%d)",
      rowAccessibilityFormat: "Eintrag %d von %d, %@, %@, %@", emptyState: "Keine Einträge",
      open: "Offen", inProgress: "In Bearbeitung", completed: "Erledigt", empty: "Kein Status",
      start: "Start", end: "Ende", inactive: "Inaktiv", earlyEnd: "Vorzeitiges Ende"),
    "fr": TimelineStrings(
      today: "Aujourd’hui", now: "Maintenant", seeAllFormat: "Tout afficher (%d)",
      rowAccessibilityFormat: "Élément %d sur %d, %@, %@, %@", emptyState: "Aucun élément",
      open: "Ouvert", inProgress: "En cours", completed: "Terminé", empty: "Sans statut",
      start: "Début", end: "Fin", inactive: "Inactif", earlyEnd: "Fin anticipée"),
    "es": TimelineStrings(
      today: "Hoy", now: "Ahora", seeAllFormat: "Ver todo (%d)",
      rowAccessibilityFormat: "Elemento %d de %d, %@, %@, %@", emptyState: "No hay elementos",
      open: "Abierto", inProgress: "En curso", completed: "Completado", empty: "Sin estado",
      start: "Inicio", end: "Fin", inactive: "Inactivo", earlyEnd: "Fin anticipado"),
    "it": TimelineStrings(
      today: "Oggi", now: "Adesso", seeAllFormat: "Mostra tutto (%d)",
      rowAccessibilityFormat: "Elemento %d di %d, %@, %@, %@", emptyState: "Nessun elemento",
      open: "Aperto", inProgress: "In corso", completed: "Completato", empty: "Nessuno stato",
      start: "Inizio", end: "Fine", inactive: "Inattivo", earlyEnd: "Fine anticipata"),
    "pt": TimelineStrings(
      today: "Hoje", now: "Agora", seeAllFormat: "Ver tudo (%d)",
      rowAccessibilityFormat: "Item %d de %d, %@, %@, %@", emptyState: "Nenhum item",
      open: "Aberto", inProgress: "Em andamento", completed: "Concluído", empty: "Sem status",
      start: "Início", end: "Fim", inactive: "Inativo", earlyEnd: "Término antecipado"),
    "nl": TimelineStrings(
      today: "Vandaag", now: "Nu", seeAllFormat: "Alles weergeven (%d)",
      rowAccessibilityFormat: "Item %d van %d, %@, %@, %@", emptyState: "Geen items",
      open: "Open", inProgress: "Bezig", completed: "Voltooid", empty: "Geen status",
      start: "Start", end: "Einde", inactive: "Inactief", earlyEnd: "Vroegtijdig einde"),
    "ja": TimelineStrings(
      today: "今日", now: "現在", seeAllFormat: "すべて表示 (%d)",
      rowAccessibilityFormat: "項目 %d/%d、%@、%@、%@", emptyState: "項目はありません",
      open: "未着手", inProgress: "進行中", completed: "完了", empty: "ステータスなし",
      start: "開始", end: "終了", inactive: "非アクティブ", earlyEnd: "早期終了"),
    "zh": TimelineStrings(
      today: "今天", now: "现在", seeAllFormat: "查看全部 (%d)",
      rowAccessibilityFormat: "第 %d 项，共 %d 项，%@，%@，%@", emptyState: "没有项目",
      open: "未开始", inProgress: "进行中", completed: "已完成", empty: "无状态",
      start: "开始", end: "结束", inactive: "未激活", earlyEnd: "提前结束"),
    "ko": TimelineStrings(
      today: "오늘", now: "지금", seeAllFormat: "모두 보기 (%d)",
      rowAccessibilityFormat: "항목 %d/%d, %@, %@, %@", emptyState: "항목 없음",
      open: "열림", inProgress: "진행 중", completed: "완료", empty: "상태 없음",
      start: "시작", end: "종료", inactive: "비활성", earlyEnd: "조기 종료"),
    "ar": TimelineStrings(
      today: "اليوم", now: "الآن", seeAllFormat: "عرض الكل (%d)",
      rowAccessibilityFormat: "العنصر %d من %d، %@، %@، %@", emptyState: "لا توجد عناصر",
      open: "مفتوح", inProgress: "قيد التنفيذ", completed: "مكتمل", empty: "بلا حالة",
      start: "البداية", end: "النهاية", inactive: "غير نشط", earlyEnd: "انتهاء مبكر"),
  ]
}
