import Foundation
import TimelineCore

/// The words of the web app's own pages, in one language: the list of timelines, the
/// timeline page's links and live announcements, the item's side sheet, the add and edit
/// forms, the cards page, and the sign-in and error pages. The timeline itself speaks
/// ``TimelineStrings`` and its controls ``ControlStrings``; ``localized(for:)`` covers the
/// same languages.
///
/// Formats use `%d` for numbers and `%@` for text, like ``TimelineStrings``. Start from
/// ``english`` to make another language.
///
/// ```swift
/// let words = AppStrings.localized(for: Locale(identifier: "de_DE"))
/// words.format(words.addItemToFormat, "Release")  // "Eintrag zu Release hinzufügen"
/// ```
struct AppStrings: Sendable, Hashable {
  /// The first link of a page with a side sheet, which jumps over the timeline to it.
  var skipToItem = "Skip to the item"
  /// The accessible name of the app's navigation bar.
  var appNavigation = "App"
  /// The link to the list of timelines, and that page's title.
  var allTimelines = "All timelines"
  var timelines = "Timelines"
  /// Shown on the list page when there is no timeline; the command and path stay as they are.
  var noTimelines =
    "No timelines yet. Import one with `timeline import FILE --db PATH` or POST it to /api/timelines."
  /// Said (live region) when another client changed, removed or added a row.
  var itemUpdated = "An item was updated"
  var itemDeleted = "An item was deleted"
  var itemAdded = "An item was added"
  /// The button that brings the reader to rows that arrived above the viewport: "%d new above".
  var newAboveFormat = "%d new above"
  /// Said when the "Earlier" or "Later" link loaded rows in place.
  var moreRowsLoaded = "More rows loaded"
  /// The link to the cards page, and its title.
  /// The link to the timeline list (`?view=list`, LIST-1).
  var list = "List"
  /// The link to the add form, and the form's accessible name.
  var addItem = "Add an item"
  /// The add page's title: "Add an item to %@" with the timeline's title.
  var addItemToFormat = "Add an item to %@"
  /// The menu of the timeline's exports (JSON, CSV, iCalendar) of the view on screen: its
  /// search, filters and sort, every row of it.
  var exportView = "Export this view"
  /// The export menu's entry for the printable view, and its page's button.
  var print = "Print"
  /// Said above a printed view that holds more rows than a printout takes.
  var printedRowsFormat = "The first %@ of the view's %@ rows are shown."
  /// The link that folds every section of past rows (each says what it holds), and the one
  /// that shows them again.
  var foldPast = "Fold the past"
  var unfoldPast = "Show the past"
  /// Said above a printed view with a search, before its filters and sort: "Matching “%@”".
  var printedSearchFormat = "Matching “%@”"
  /// The link from the side sheet, the add page and the cards page back to the timeline.
  var backToTimeline = "Back to the timeline"
  /// The side sheet's way back when the item was opened from the list.
  var backToList = "Back to the list"
  /// Above the rows when the selected item (as after a change to it) is not among them, and
  /// the link that shows the view without its search and filters, the item selected.
  var selectedHidden = "The selected item does not match the search or filters."
  var showWithoutFilters = "Show it without them"
  /// The heading of an item's children in the side sheet.
  var children = "Children"
  /// The item's kind and the names of its values.
  var kind = "Kind"
  var kindEvent = "Event"
  var kindStart = "Start marker"
  var kindEnd = "End marker"
  /// The item's fields, in the side sheet and the forms.
  var subtitle = "Subtitle"
  var allDay = "All day"
  /// Under the date pickers: "Times are in the timeline's zone, %@." with the zone's id.
  var timesInZoneFormat = "Times are in the timeline's zone, %@."
  /// The item's own text for its status, and the text of its second status.
  var statusLabel = "Status label"
  var secondStatus = "Second status"
  var description = "Description"
  /// The supporting text, shown as the item's type.
  var attributes = "Attributes"
  /// Hints beside a field's label.
  var onePerLine = "one per line"
  var priorityHint = "a whole number, higher is more important"
  var icon = "Icon"
  /// The icons beside the status label and the second status (seed 002's status images).
  var statusIcon = "Status icon"
  var secondStatusIcon = "Second status icon"
  var identifier = "Id"
  var optionalUnique = "optional, unique"
  /// The edit and delete forms of the side sheet, and the add form's button.
  var edit = "Edit"
  var editItem = "Edit the item"
  var save = "Save"
  var add = "Add"
  var deleteItem = "Delete the item"
  var deleteThisItem = "Delete this item"
  /// The page that asks before deleting: its question, what it means, and the button that
  /// deletes (its other choice is the controls' Cancel).
  var deleteQuestion = "Delete this item?"
  var deleteCannotBeUndone = "Deleting it cannot be undone."
  var deleteNow = "Delete"
  /// Said on that page when the item has children: "Its children (%d) are deleted with it."
  var deleteChildrenFormat = "Its children (%d) are deleted with it."
  /// 412 on the item's page after its delete was refused: it was changed since it was shown.
  var changedNotDeleted =
    "This item was changed meanwhile, so it was not deleted. Here it is as it is now."
  /// Said (and focused) on the timeline after the reader deleted an item.
  var itemWasDeleted = "The item was deleted."
  /// The links to the cards before and after a window of the cards page.
  var earlierCards = "Earlier cards"
  var laterCards = "Later cards"
  /// Shown on the cards page of a timeline without cards.
  var noCards = "This timeline has no cards."
  /// The cards page's link to the other layout: cards side by side, or one above another.
  var horizontal = "Side by side"
  var vertical = "One above another"
  /// A card item's page: the link back to the feed, and the field naming the card.
  var backToCards = "Back to the cards"
  var card = "Card"
  /// The title of an error page: "Error %d" with the HTTP status code.
  var errorFormat = "Error %d"
  /// The first sentence of an error page, by what went wrong.
  /// 404: the timeline, item or page does not exist.
  var errorNotFound = "There is nothing at this address."
  /// Said after that when the missing thing is an item (or a card's item), or a timeline.
  var missingItem =
    "There is no such item in this timeline: it was deleted, or the address is wrong."
  var missingTimeline = "There is no such timeline: it was deleted, or the address is wrong."
  /// 400: a value of the address or the form.
  var errorBadValue = "The address or the form holds a value that cannot be used."
  /// 422: an item the document reader refuses.
  var errorInvalidItem = "The item cannot be saved as it is."
  /// 403: a form whose token does not match.
  var errorRefused = "This change was refused. Reload the page and try again."
  /// 409: an id another item has.
  var errorRepeatedID = "Another item of this timeline already has this id."
  /// 412: an item changed since the form was drawn.
  var errorChanged = "The item was changed meanwhile. Reload it and try again."
  /// 412 on the item's own page, which shows the item as it is now.
  var changedShownAgain =
    "This item was changed meanwhile, so nothing was changed. Here it is as it is now."
  /// 413: a body over the size limit.
  var errorTooLarge = "What was sent is too large."
  /// 421: an address whose host name the server does not answer for (see --public-url).
  var errorMisdirected =
    "This server does not answer for this host name (whoever runs it can allow it with "
    + "--public-url)."
  /// 503 and 507: the database is away, busy or full.
  var errorUnavailable =
    "The database cannot take this right now; nothing was written. Try again in a moment."
  /// 500 and anything else.
  var errorServer = "Something went wrong on the server."
  /// What to fix, said instead of the reader's detail above a form whose field it refused:
  /// a title left empty, an end before the start, an id too long or taken.
  var titleRequired = "Enter a title."
  var endBeforeStart = "The end must not be before the start."
  /// A date the reader cannot read, and a priority that is not a whole number.
  var dateInvalid = "Enter a valid date."
  var priorityNumber = "Enter a whole number, such as 2."
  /// An id over ``ItemEditing/maximumIDLength``, one another item has, and one that is
  /// only `.` or `..` (an address cannot hold it).
  var idTooLong = "An id has at most 1,000 characters."
  var idTaken = "Choose an id no other item has."
  var idDots = "An id cannot be only “.” or “..”."
  /// Any other refused value; with the name of the parameter it was sent as (of the
  /// address or a form), when that is a plain name.
  var valueUnusable = "This value cannot be used."
  var parameterUnusableFormat = "The value of “%@” cannot be used."
  /// Between a label and what follows it: a refused field and what to fix, a timeline's
  /// title and "Cards" (French puts a no-break space before the colon, Chinese and Japanese
  /// a full-width colon).
  var labelSeparator = ": "
  /// The sign-in page: the message after a wrong token, the one after five wrong tokens in
  /// a minute from one address (until the minute has passed), the field and the button.
  var wrongToken = "That token is not right."
  var tooManyTokens = "Too many wrong tokens. Try again in a minute."
  var accessToken = "Access token"
  var signIn = "Sign in"
  /// The button that ends the session (shown when the app runs with a token).
  var signOut = "Sign out"

  /// The timeline's own words in the same language, where the app's pages say the same
  /// thing: one translation each, kept in the core's tables.
  var core = TimelineStrings.english

  var kindInactive: String { core.inactive }
  var kindEarlyEnd: String { core.earlyEnd }
  var start: String { core.start }
  var end: String { core.end }
  var title: String { core.controls.title }
  var status: String { core.controls.status }
  var type: String { core.controls.type }
  var priority: String { core.controls.priority }
  var cards: String { core.summaries.cards }

  /// English; start from it to make another language (every field is a `var`).
  static let english = AppStrings()

  /// The first sentence of an error page for `error`.
  func lead(of error: AppError) -> String {
    switch error.status.code {
    case 404: errorNotFound
    case 422: errorInvalidItem
    case 403: errorRefused
    case 409: errorRepeatedID
    case 412, 428: errorChanged
    case 413: errorTooLarge
    case 421: errorMisdirected
    case 503, 507: errorUnavailable
    case 500...: errorServer
    default: errorBadValue
    }
  }

  /// The page's words for what a 404 says is missing; `nil` for an address no route
  /// answers, where the lead sentence says all there is.
  func missing(_ missing: AppError.Missing) -> String? {
    switch missing {
    case .item, .cardItem, .timelineOrItem: missingItem
    case .timeline: missingTimeline
    case .page: nil
    }
  }

  /// What to fix in the refused `field` of a form, in the page's language, for the refusals
  /// a person meets (the document reader's `detail` names JSON members); `nil` for others,
  /// whose detail is shown as the reader wrote it.
  func problem(field: String, detail: String) -> String? {
    switch field {
    case "title" where detail.hasPrefix("expected a non-empty string"): titleRequired
    case "end" where detail.contains("must not be before"): endBeforeStart
    case "start" where detail.hasPrefix("invalid date"),
      "end" where detail.hasPrefix("invalid date"):
      dateInvalid
    case "priority" where detail.hasPrefix("expected an integer"): priorityNumber
    case "id" where detail.hasPrefix("an id has at most"): idTooLong
    case "id" where detail.hasSuffix("is used twice"): idTaken
    case "id" where detail.hasPrefix("an id cannot be"): idDots
    default: nil
    }
  }

  /// Substitutes `texts` into `format` in order.
  func format(_ format: String, _ texts: String...) -> String {
    TimelineStrings.substitute(format, numbers: [], texts: texts)
  }

  /// Substitutes `number` into `format`.
  func format(_ format: String, number: Int) -> String {
    TimelineStrings.substitute(format, numbers: [number], texts: [])
  }

  /// The strings for `locale`'s language, falling back to English.
  static func localized(for locale: Locale) -> AppStrings {
    var words = table[locale.language.languageCode?.identifier ?? "en"] ?? .english
    words.core = TimelineStrings.localized(for: locale)
    return words
  }

  private static let table: [String: AppStrings] = [
    "en": .english,
    "de": AppStrings(
      skipToItem: "Zum Eintrag springen", appNavigation: "App", allTimelines: "Alle Zeitleisten",
      timelines: "Zeitleisten",
      noTimelines:
        "Noch keine Zeitleisten. Mit `timeline import FILE --db PATH` eine importieren oder per POST an /api/timelines senden.",
      itemUpdated: "Ein Eintrag wurde geändert", itemDeleted: "Ein Eintrag wurde gelöscht",
      itemAdded: "Ein Eintrag wurde hinzugefügt", newAboveFormat: "%d neu weiter oben",
      moreRowsLoaded: "Weitere Zeilen geladen",
      list: "Liste", addItem: "Eintrag hinzufügen",
      addItemToFormat: "Eintrag zu %@ hinzufügen",
      exportView: "Diese Ansicht exportieren", print: "Drucken",
      printedRowsFormat: "Die ersten %@ der %@ Zeilen dieser Ansicht werden gezeigt.",
      foldPast: "Vergangenes einklappen", unfoldPast: "Vergangenes zeigen",
      printedSearchFormat: "Passend zu „%@“",
      backToTimeline: "Zurück zur Zeitleiste",
      backToList: "Zurück zur Liste",
      selectedHidden: "Der ausgewählte Eintrag passt nicht zur Suche oder zu den Filtern.",
      showWithoutFilters: "Ohne sie zeigen",
      children: "Untereinträge", kind: "Art", kindEvent: "Ereignis", kindStart: "Startmarke",
      kindEnd: "Endmarke",
      subtitle: "Untertitel", allDay: "Ganztägig",
      timesInZoneFormat: "Die Zeiten gelten in der Zeitzone der Zeitleiste, %@.",
      statusLabel: "Statusbezeichnung", secondStatus: "Zweiter Status", description: "Beschreibung",
      attributes: "Attribute", onePerLine: "eines pro Zeile",
      priorityHint: "eine ganze Zahl, höher ist wichtiger", icon: "Symbol",
      statusIcon: "Statussymbol", secondStatusIcon: "Symbol des zweiten Status", identifier: "ID",
      optionalUnique: "optional, eindeutig", edit: "Bearbeiten",
      editItem: "Eintrag bearbeiten", save: "Speichern", add: "Hinzufügen",
      deleteItem: "Eintrag löschen", deleteThisItem: "Diesen Eintrag löschen",
      deleteQuestion: "Diesen Eintrag löschen?",
      deleteCannotBeUndone: "Das Löschen kann nicht rückgängig gemacht werden.",
      deleteNow: "Löschen",
      deleteChildrenFormat: "Seine Untereinträge (%d) werden mit ihm gelöscht.",
      changedNotDeleted:
        "Dieser Eintrag wurde inzwischen geändert, daher wurde er nicht gelöscht. Hier ist er im aktuellen Stand.",
      itemWasDeleted: "Der Eintrag wurde gelöscht.",
      earlierCards: "Frühere Karten", laterCards: "Spätere Karten",
      noCards: "Diese Zeitleiste hat keine Karten.", horizontal: "Nebeneinander",
      vertical: "Untereinander", backToCards: "Zurück zu den Karten", card: "Karte",
      errorFormat: "Fehler %d",
      errorNotFound: "Unter dieser Adresse gibt es nichts.",
      missingItem:
        "Diesen Eintrag gibt es in dieser Zeitleiste nicht: Er wurde gelöscht, oder die Adresse ist falsch.",
      missingTimeline:
        "Diese Zeitleiste gibt es nicht: Sie wurde gelöscht, oder die Adresse ist falsch.",
      errorBadValue:
        "Die Adresse oder das Formular enthält einen Wert, der nicht verwendet werden kann.",
      errorInvalidItem: "Der Eintrag kann so nicht gespeichert werden.",
      errorRefused:
        "Diese Änderung wurde abgelehnt. Laden Sie die Seite neu und versuchen Sie es noch einmal.",
      errorRepeatedID: "Ein anderer Eintrag dieser Zeitleiste hat bereits diese ID.",
      errorChanged:
        "Der Eintrag wurde inzwischen geändert. Laden Sie ihn neu und versuchen Sie es noch einmal.",
      changedShownAgain:
        "Dieser Eintrag wurde inzwischen geändert, daher wurde nichts verändert. Hier ist er im aktuellen Stand.",
      errorTooLarge: "Das Gesendete ist zu groß.",
      errorMisdirected:
        "Dieser Server antwortet nicht unter diesem Hostnamen (wer ihn betreibt, kann ihn mit --public-url zulassen).",
      errorUnavailable:
        "Die Datenbank kann das gerade nicht annehmen; es wurde nichts geschrieben. Versuchen Sie es gleich noch einmal.",
      errorServer: "Auf dem Server ist etwas schiefgegangen.",
      titleRequired: "Bitte einen Titel eingeben.",
      endBeforeStart: "Das Ende darf nicht vor dem Beginn liegen.",
      dateInvalid: "Bitte ein gültiges Datum eingeben.",
      priorityNumber: "Bitte eine ganze Zahl eingeben, etwa 2.",
      idTooLong: "Eine ID hat höchstens 1.000 Zeichen.",
      idTaken: "Wählen Sie eine ID, die kein anderer Eintrag hat.",
      idDots: "Eine ID kann nicht nur „.“ oder „..“ sein.",
      valueUnusable: "Dieser Wert kann nicht verwendet werden.",
      parameterUnusableFormat: "Der Wert von „%@“ kann nicht verwendet werden.",
      labelSeparator: ": ",
      wrongToken: "Dieses Token stimmt nicht.",
      tooManyTokens: "Zu viele falsche Tokens. Versuchen Sie es in einer Minute erneut.",
      accessToken: "Zugriffstoken", signIn: "Anmelden",
      signOut: "Abmelden"),
    "fr": AppStrings(
      skipToItem: "Aller à l’élément", appNavigation: "Application",
      allTimelines: "Toutes les chronologies", timelines: "Chronologies",
      noTimelines:
        "Aucune chronologie pour l’instant. Importez-en une avec `timeline import FILE --db PATH` ou envoyez-la par POST à /api/timelines.",
      itemUpdated: "Un élément a été modifié", itemDeleted: "Un élément a été supprimé",
      itemAdded: "Un élément a été ajouté", newAboveFormat: "%d nouveaux plus haut",
      moreRowsLoaded: "Lignes supplémentaires chargées",
      list: "Liste", addItem: "Ajouter un élément",
      addItemToFormat: "Ajouter un élément à %@",
      exportView: "Exporter cette vue", print: "Imprimer",
      printedRowsFormat: "Les %@ premières des %@ lignes de cette vue sont affichées.",
      foldPast: "Replier le passé", unfoldPast: "Afficher le passé",
      printedSearchFormat: "Correspondant à « %@ »",
      backToTimeline: "Retour à la chronologie",
      backToList: "Retour à la liste",
      selectedHidden: "L’élément sélectionné ne correspond pas à la recherche ou aux filtres.",
      showWithoutFilters: "L’afficher sans eux",
      children: "Sous-éléments", kind: "Nature", kindEvent: "Événement",
      kindStart: "Marqueur de début", kindEnd: "Marqueur de fin",
      subtitle: "Sous-titre",
      allDay: "Toute la journée",
      timesInZoneFormat: "Les heures sont dans le fuseau horaire de la chronologie, %@.",
      statusLabel: "Libellé du statut", secondStatus: "Second statut",
      description: "Description", attributes: "Attributs", onePerLine: "un par ligne",

      priorityHint: "un nombre entier, plus il est élevé, plus c’est important", icon: "Icône",
      statusIcon: "Icône du statut", secondStatusIcon: "Icône du second statut",
      identifier: "Identifiant", optionalUnique: "facultatif, unique",
      edit: "Modifier", editItem: "Modifier l’élément", save: "Enregistrer", add: "Ajouter",
      deleteItem: "Supprimer l’élément", deleteThisItem: "Supprimer cet élément",
      deleteQuestion: "Supprimer cet élément ?",
      deleteCannotBeUndone: "La suppression est définitive.", deleteNow: "Supprimer",
      deleteChildrenFormat: "Ses sous-éléments (%d) sont supprimés avec lui.",
      changedNotDeleted:
        "Cet élément a été modifié entre-temps ; il n’a donc pas été supprimé. Le voici tel qu’il est maintenant.",
      itemWasDeleted: "L’élément a été supprimé.",
      earlierCards: "Cartes précédentes", laterCards: "Cartes suivantes",
      noCards: "Cette chronologie n’a aucune carte.", horizontal: "Côte à côte",
      vertical: "Les unes sous les autres", backToCards: "Retour aux cartes", card: "Carte",
      errorFormat: "Erreur %d",
      errorNotFound: "Il n’y a rien à cette adresse.",
      missingItem:
        "Cet élément n’existe pas dans cette chronologie : il a été supprimé, ou l’adresse est erronée.",
      missingTimeline:
        "Cette chronologie n’existe pas : elle a été supprimée, ou l’adresse est erronée.",
      errorBadValue: "L’adresse ou le formulaire contient une valeur inutilisable.",
      errorInvalidItem: "L’élément ne peut pas être enregistré tel quel.",
      errorRefused: "Cette modification a été refusée. Rechargez la page et réessayez.",
      errorRepeatedID: "Un autre élément de cette chronologie a déjà cet identifiant.",
      errorChanged: "L’élément a été modifié entre-temps. Rechargez-le et réessayez.",
      changedShownAgain:
        "Cet élément a été modifié entre-temps : rien n’a été changé. Le voici tel qu’il est maintenant.",
      errorTooLarge: "Ce qui a été envoyé est trop volumineux.",
      errorMisdirected:
        "Ce serveur ne répond pas à ce nom d’hôte (son administrateur peut l’autoriser avec --public-url).",
      errorUnavailable:
        "La base de données ne peut pas traiter cela pour l’instant ; rien n’a été écrit. Réessayez dans un instant.",
      errorServer: "Une erreur s’est produite sur le serveur.",
      titleRequired: "Saisissez un titre.", endBeforeStart: "La fin ne doit pas précéder le début.",
      dateInvalid: "Saisissez une date valide.",
      priorityNumber: "Saisissez un nombre entier, par exemple 2.",
      idTooLong: "Un identifiant compte au plus 1 000 caractères.",
      idTaken: "Choisissez un identifiant qu’aucun autre élément n’utilise.",
      idDots: "Un identifiant ne peut pas être seulement « . » ou « .. ».",
      valueUnusable: "Cette valeur est inutilisable.",
      parameterUnusableFormat: "La valeur de « %@ » est inutilisable.", labelSeparator: " : ",
      wrongToken: "Ce jeton n’est pas correct.",
      tooManyTokens: "Trop de jetons incorrects. Réessayez dans une minute.",
      accessToken: "Jeton d’accès",
      signIn: "Se connecter", signOut: "Se déconnecter"),
    "es": AppStrings(
      skipToItem: "Ir al elemento", appNavigation: "Aplicación",
      allTimelines: "Todas las cronologías", timelines: "Cronologías",
      noTimelines:
        "Aún no hay cronologías. Importa una con `timeline import FILE --db PATH` o envíala por POST a /api/timelines.",
      itemUpdated: "Se actualizó un elemento", itemDeleted: "Se eliminó un elemento",
      itemAdded: "Se añadió un elemento", newAboveFormat: "%d nuevos más arriba",
      moreRowsLoaded: "Se cargaron más filas",
      list: "Lista", addItem: "Añadir un elemento",
      addItemToFormat: "Añadir un elemento a %@",
      exportView: "Exportar esta vista", print: "Imprimir",
      printedRowsFormat: "Se muestran las primeras %@ de las %@ filas de esta vista.",
      foldPast: "Plegar el pasado", unfoldPast: "Mostrar el pasado",
      printedSearchFormat: "Coincide con «%@»",
      backToTimeline: "Volver a la cronología",
      backToList: "Volver a la lista",
      selectedHidden: "El elemento seleccionado no coincide con la búsqueda o los filtros.",
      showWithoutFilters: "Mostrarlo sin ellos",
      children: "Subelementos", kind: "Clase", kindEvent: "Evento", kindStart: "Marcador de inicio",
      kindEnd: "Marcador de fin",
      subtitle: "Subtítulo", allDay: "Todo el día",
      timesInZoneFormat: "Las horas están en la zona horaria de la cronología, %@.",
      statusLabel: "Etiqueta de estado", secondStatus: "Segundo estado",
      description: "Descripción", attributes: "Atributos",
      onePerLine: "uno por línea",
      priorityHint: "un número entero; cuanto mayor, más importante", icon: "Icono",
      statusIcon: "Icono de estado", secondStatusIcon: "Icono del segundo estado",
      identifier: "Identificador", optionalUnique: "opcional, único",
      edit: "Editar", editItem: "Editar el elemento", save: "Guardar", add: "Añadir",
      deleteItem: "Eliminar el elemento", deleteThisItem: "Eliminar este elemento",
      deleteQuestion: "¿Eliminar este elemento?",
      deleteCannotBeUndone: "La eliminación no se puede deshacer.", deleteNow: "Eliminar",
      deleteChildrenFormat: "Sus subelementos (%d) se eliminan con él.",
      changedNotDeleted:
        "Este elemento se modificó entretanto, así que no se eliminó. Aquí está tal como es ahora.",
      itemWasDeleted: "Se eliminó el elemento.",
      earlierCards: "Tarjetas anteriores", laterCards: "Tarjetas posteriores",
      noCards: "Esta cronología no tiene tarjetas.", horizontal: "Una al lado de otra",
      vertical: "Una debajo de otra", backToCards: "Volver a las tarjetas", card: "Tarjeta",
      errorFormat: "Error %d",
      errorNotFound: "No hay nada en esta dirección.",
      missingItem:
        "Este elemento no está en esta cronología: se eliminó o la dirección es incorrecta.",
      missingTimeline: "Esta cronología no existe: se eliminó o la dirección es incorrecta.",
      errorBadValue: "La dirección o el formulario contiene un valor que no se puede usar.",
      errorInvalidItem: "El elemento no se puede guardar así.",
      errorRefused: "Se rechazó este cambio. Vuelva a cargar la página e inténtelo de nuevo.",
      errorRepeatedID: "Otro elemento de esta cronología ya tiene este identificador.",
      errorChanged: "El elemento cambió mientras tanto. Vuelva a cargarlo e inténtelo de nuevo.",
      changedShownAgain:
        "Este elemento se modificó mientras tanto, así que no se cambió nada. Aquí está tal como es ahora.",
      errorTooLarge: "Lo enviado es demasiado grande.",
      errorMisdirected:
        "Este servidor no responde a este nombre de host (quien lo administra puede permitirlo con --public-url).",
      errorUnavailable:
        "La base de datos no puede atender esto ahora; no se escribió nada. Inténtelo de nuevo en un momento.",
      errorServer: "Algo salió mal en el servidor.",
      titleRequired: "Escribe un título.",
      endBeforeStart: "El final no puede ser anterior al inicio.",
      dateInvalid: "Introduzca una fecha válida.",
      priorityNumber: "Introduzca un número entero, por ejemplo 2.",
      idTooLong: "Un identificador tiene como máximo 1000 caracteres.",
      idTaken: "Elige un identificador que no tenga ningún otro elemento.",
      idDots: "Un identificador no puede ser solo «.» o «..».",
      valueUnusable: "Este valor no se puede usar.",
      parameterUnusableFormat: "El valor de «%@» no se puede usar.", labelSeparator: ": ",
      wrongToken: "Ese token no es correcto.",
      tooManyTokens: "Demasiados tokens incorrectos. Inténtelo de nuevo dentro de un minuto.",
      accessToken: "Token de acceso",
      signIn: "Iniciar sesión", signOut: "Cerrar sesión"),
    "it": AppStrings(
      skipToItem: "Vai all’elemento", appNavigation: "App", allTimelines: "Tutte le cronologie",
      timelines: "Cronologie",
      noTimelines:
        "Ancora nessuna cronologia. Importane una con `timeline import FILE --db PATH` o inviala con POST a /api/timelines.",
      itemUpdated: "Un elemento è stato aggiornato", itemDeleted: "Un elemento è stato eliminato",
      itemAdded: "Un elemento è stato aggiunto", newAboveFormat: "%d nuovi più in alto",
      moreRowsLoaded: "Altre righe caricate",
      list: "Elenco", addItem: "Aggiungi un elemento",
      addItemToFormat: "Aggiungi un elemento a %@", exportView: "Esporta questa vista",
      print: "Stampa",
      printedRowsFormat: "Sono mostrate le prime %@ delle %@ righe di questa vista.",
      foldPast: "Comprimi il passato", unfoldPast: "Mostra il passato",
      printedSearchFormat: "Corrispondenti a «%@»",
      backToTimeline: "Torna alla cronologia",
      backToList: "Torna all’elenco",
      selectedHidden: "L’elemento selezionato non corrisponde alla ricerca o ai filtri.",
      showWithoutFilters: "Mostralo senza di essi", children: "Sottoelementi", kind: "Genere",
      kindEvent: "Evento", kindStart: "Indicatore di inizio", kindEnd: "Indicatore di fine",

      subtitle: "Sottotitolo", allDay: "Tutto il giorno",
      timesInZoneFormat: "Gli orari sono nel fuso orario della cronologia, %@.",
      statusLabel: "Etichetta dello stato", secondStatus: "Secondo stato",
      description: "Descrizione", attributes: "Attributi", onePerLine: "uno per riga",
      priorityHint: "un numero intero, più alto è più importante",
      icon: "Icona", statusIcon: "Icona dello stato", secondStatusIcon: "Icona del secondo stato",
      identifier: "ID", optionalUnique: "facoltativo, univoco",
      edit: "Modifica", editItem: "Modifica l’elemento", save: "Salva", add: "Aggiungi",
      deleteItem: "Elimina l’elemento", deleteThisItem: "Elimina questo elemento",
      deleteQuestion: "Eliminare questo elemento?",
      deleteCannotBeUndone: "L’eliminazione non può essere annullata.", deleteNow: "Elimina",
      deleteChildrenFormat: "I suoi sottoelementi (%d) vengono eliminati con esso.",
      changedNotDeleted:
        "Questo elemento è stato modificato nel frattempo, quindi non è stato eliminato. Eccolo com’è ora.",
      itemWasDeleted: "L’elemento è stato eliminato.",
      earlierCards: "Schede precedenti", laterCards: "Schede successive",
      noCards: "Questa cronologia non ha schede.", horizontal: "Affiancate",
      vertical: "Una sotto l’altra", backToCards: "Torna alle schede", card: "Scheda",
      errorFormat: "Errore %d",
      errorNotFound: "A questo indirizzo non c’è nulla.",
      missingItem:
        "Questo elemento non è in questa cronologia: è stato eliminato, oppure l’indirizzo è sbagliato.",
      missingTimeline:
        "Questa cronologia non esiste: è stata eliminata, oppure l’indirizzo è sbagliato.",
      errorBadValue: "L’indirizzo o il modulo contiene un valore che non si può usare.",
      errorInvalidItem: "L’elemento non può essere salvato così.",
      errorRefused: "Questa modifica è stata rifiutata. Ricarica la pagina e riprova.",
      errorRepeatedID: "Un altro elemento di questa cronologia ha già questo identificatore.",
      errorChanged: "L’elemento è stato modificato nel frattempo. Ricaricalo e riprova.",
      changedShownAgain:
        "Questo elemento è stato modificato nel frattempo, quindi non è stato cambiato nulla. Eccolo com’è ora.",
      errorTooLarge: "Quanto inviato è troppo grande.",
      errorMisdirected:
        "Questo server non risponde a questo nome host (chi lo gestisce può consentirlo con --public-url).",
      errorUnavailable:
        "Il database non può accettarlo in questo momento; non è stato scritto nulla. Riprova tra poco.",
      errorServer: "Qualcosa è andato storto sul server.",
      titleRequired: "Inserisci un titolo.", endBeforeStart: "La fine non può precedere l’inizio.",
      dateInvalid: "Inserisci una data valida.",
      priorityNumber: "Inserisci un numero intero, ad esempio 2.",
      idTooLong: "Un ID ha al massimo 1.000 caratteri.",
      idTaken: "Scegli un ID che nessun altro elemento usa.",
      idDots: "Un ID non può essere solo «.» o «..».",
      valueUnusable: "Questo valore non può essere usato.",
      parameterUnusableFormat: "Il valore di «%@» non può essere usato.", labelSeparator: ": ",
      wrongToken: "Quel token non è corretto.",
      tooManyTokens: "Troppi token errati. Riprova tra un minuto.", accessToken: "Token di accesso",
      signIn: "Accedi",
      signOut: "Esci"),
    "pt": AppStrings(
      skipToItem: "Ir para o item", appNavigation: "Aplicativo",
      allTimelines: "Todas as linhas do tempo", timelines: "Linhas do tempo",
      noTimelines:
        "Ainda não há linhas do tempo. Importe uma com `timeline import FILE --db PATH` ou envie-a por POST para /api/timelines.",
      itemUpdated: "Um item foi atualizado", itemDeleted: "Um item foi excluído",
      itemAdded: "Um item foi adicionado", newAboveFormat: "%d novos mais acima",
      moreRowsLoaded: "Mais linhas carregadas",
      list: "Lista", addItem: "Adicionar um item",
      addItemToFormat: "Adicionar um item a %@",
      exportView: "Exportar esta vista", print: "Imprimir",
      printedRowsFormat: "São mostradas as primeiras %@ das %@ linhas desta vista.",
      foldPast: "Recolher o passado", unfoldPast: "Mostrar o passado",
      printedSearchFormat: "Correspondendo a “%@”",
      backToTimeline: "Voltar para a linha do tempo",
      backToList: "Voltar para a lista",
      selectedHidden: "O item selecionado não corresponde à pesquisa ou aos filtros.",
      showWithoutFilters: "Mostrá-lo sem eles",
      children: "Subitens", kind: "Categoria", kindEvent: "Evento", kindStart: "Marcador de início",
      kindEnd: "Marcador de fim",
      subtitle: "Subtítulo", allDay: "Dia inteiro",
      timesInZoneFormat: "Os horários estão no fuso horário da linha do tempo, %@.",
      statusLabel: "Rótulo do status", secondStatus: "Segundo status",
      description: "Descrição", attributes: "Atributos", onePerLine: "um por linha",
      priorityHint: "um número inteiro; quanto maior, mais importante",
      icon: "Ícone", statusIcon: "Ícone do status", secondStatusIcon: "Ícone do segundo status",
      identifier: "ID", optionalUnique: "opcional, único",
      edit: "Editar", editItem: "Editar o item", save: "Salvar", add: "Adicionar",
      deleteItem: "Excluir o item", deleteThisItem: "Excluir este item",
      deleteQuestion: "Excluir este item?",
      deleteCannotBeUndone: "A exclusão não pode ser desfeita.", deleteNow: "Excluir",
      deleteChildrenFormat: "Os seus subitens (%d) são excluídos com ele.",
      changedNotDeleted:
        "Este item foi alterado entretanto, por isso não foi excluído. Aqui está como está agora.",
      itemWasDeleted: "O item foi excluído.",
      earlierCards: "Cartões anteriores", laterCards: "Cartões posteriores",
      noCards: "Esta linha do tempo não tem cartões.", horizontal: "Lado a lado",
      vertical: "Uma abaixo da outra", backToCards: "Voltar aos cartões", card: "Cartão",
      errorFormat: "Erro %d",
      errorNotFound: "Não há nada neste endereço.",
      missingItem:
        "Este item não está nesta linha do tempo: foi excluído ou o endereço está errado.",
      missingTimeline: "Esta linha do tempo não existe: foi excluída ou o endereço está errado.",
      errorBadValue: "O endereço ou o formulário contém um valor que não pode ser usado.",
      errorInvalidItem: "O item não pode ser guardado assim.",
      errorRefused: "Esta alteração foi recusada. Recarregue a página e tente novamente.",
      errorRepeatedID: "Outro item desta cronologia já tem este identificador.",
      errorChanged: "O item foi alterado entretanto. Recarregue-o e tente novamente.",
      changedShownAgain:
        "Este item foi alterado entretanto, por isso nada foi mudado. Aqui está como está agora.",
      errorTooLarge: "O que foi enviado é demasiado grande.",
      errorMisdirected:
        "Este servidor não responde a este nome de anfitrião (quem o administra pode permiti-lo com --public-url).",
      errorUnavailable:
        "A base de dados não pode aceitar isto agora; nada foi escrito. Tente novamente daqui a pouco.",
      errorServer: "Algo correu mal no servidor.",
      titleRequired: "Introduza um título.",
      endBeforeStart: "O fim não pode ser anterior ao início.",
      dateInvalid: "Digite uma data válida.",
      priorityNumber: "Digite um número inteiro, por exemplo 2.",
      idTooLong: "Um ID tem no máximo 1000 caracteres.",
      idTaken: "Escolha um ID que nenhum outro item tenha.",
      idDots: "Um ID não pode ser apenas «.» ou «..».",
      valueUnusable: "Este valor não pode ser usado.",
      parameterUnusableFormat: "O valor de «%@» não pode ser usado.", labelSeparator: ": ",
      wrongToken: "Esse token não está correto.",
      tooManyTokens: "Muitos tokens incorretos. Tente novamente em um minuto.",
      accessToken: "Token de acesso", signIn: "Entrar",
      signOut: "Sair"),
    "nl": AppStrings(
      skipToItem: "Naar het item", appNavigation: "App", allTimelines: "Alle tijdlijnen",
      timelines: "Tijdlijnen",
      noTimelines:
        "Nog geen tijdlijnen. Importeer er een met `timeline import FILE --db PATH` of stuur hem met POST naar /api/timelines.",
      itemUpdated: "Er is een item bijgewerkt", itemDeleted: "Er is een item verwijderd",
      itemAdded: "Er is een item toegevoegd", newAboveFormat: "%d nieuw hierboven",
      moreRowsLoaded: "Meer rijen geladen",
      list: "Lijst", addItem: "Item toevoegen",
      addItemToFormat: "Item toevoegen aan %@",
      exportView: "Deze weergave exporteren", print: "Afdrukken",
      printedRowsFormat: "De eerste %@ van de %@ rijen van deze weergave worden getoond.",
      foldPast: "Verleden inklappen", unfoldPast: "Verleden tonen",
      printedSearchFormat: "Overeenkomend met ‘%@’",
      backToTimeline: "Terug naar de tijdlijn",
      backToList: "Terug naar de lijst",
      selectedHidden: "Het geselecteerde item past niet bij de zoekopdracht of de filters.",
      showWithoutFilters: "Toon het zonder",
      children: "Subitems",
      kind: "Soort", kindEvent: "Gebeurtenis", kindStart: "Startmarkering",
      kindEnd: "Eindmarkering",
      subtitle: "Ondertitel", allDay: "Hele dag",
      timesInZoneFormat: "Tijden staan in de tijdzone van de tijdlijn, %@.",
      statusLabel: "Statuslabel", secondStatus: "Tweede status", description: "Beschrijving",
      attributes: "Kenmerken", onePerLine: "één per regel",
      priorityHint: "een geheel getal, hoger is belangrijker", icon: "Pictogram",
      statusIcon: "Statuspictogram", secondStatusIcon: "Pictogram van de tweede status",
      identifier: "ID",
      optionalUnique: "optioneel, uniek", edit: "Bewerken",
      editItem: "Item bewerken", save: "Opslaan", add: "Toevoegen", deleteItem: "Item verwijderen",
      deleteThisItem: "Dit item verwijderen",
      deleteQuestion: "Dit item verwijderen?",
      deleteCannotBeUndone: "Verwijderen kan niet ongedaan worden gemaakt.",
      deleteNow: "Verwijderen",
      deleteChildrenFormat: "De subitems (%d) worden mee verwijderd.",
      changedNotDeleted:
        "Dit item is intussen gewijzigd en is daarom niet verwijderd. Hier is het zoals het nu is.",
      itemWasDeleted: "Het item is verwijderd.", earlierCards: "Eerdere kaarten",
      laterCards: "Latere kaarten", noCards: "Deze tijdlijn heeft geen kaarten.",
      horizontal: "Naast elkaar", vertical: "Onder elkaar", backToCards: "Terug naar de kaarten",
      card: "Kaart",
      errorFormat: "Fout %d", errorNotFound: "Op dit adres is niets te vinden.",
      missingItem:
        "Dit item staat niet in deze tijdlijn: het is verwijderd, of het adres klopt niet.",
      missingTimeline: "Deze tijdlijn bestaat niet: hij is verwijderd, of het adres klopt niet.",
      errorBadValue: "Het adres of het formulier bevat een waarde die niet bruikbaar is.",
      errorInvalidItem: "Het item kan zo niet worden opgeslagen.",
      errorRefused: "Deze wijziging is geweigerd. Laad de pagina opnieuw en probeer het nog eens.",
      errorRepeatedID: "Een ander item van deze tijdlijn heeft deze id al.",
      errorChanged: "Het item is intussen gewijzigd. Laad het opnieuw en probeer het nog eens.",
      changedShownAgain:
        "Dit item is intussen gewijzigd, dus er is niets veranderd. Hier is het zoals het nu is.",
      errorTooLarge: "Wat is verzonden, is te groot.",
      errorMisdirected:
        "Deze server antwoordt niet op deze hostnaam (de beheerder kan hem toestaan met --public-url).",
      errorUnavailable:
        "De database kan dit nu niet aannemen; er is niets geschreven. Probeer het zo dadelijk opnieuw.",
      errorServer: "Er is iets misgegaan op de server.",
      titleRequired: "Vul een titel in.",
      endBeforeStart: "Het einde mag niet vóór het begin liggen.",
      dateInvalid: "Voer een geldige datum in.",
      priorityNumber: "Voer een geheel getal in, bijvoorbeeld 2.",
      idTooLong: "Een id heeft hoogstens 1.000 tekens.",
      idTaken: "Kies een id die geen ander item heeft.",
      idDots: "Een id kan niet alleen ‘.’ of ‘..’ zijn.",
      valueUnusable: "Deze waarde kan niet worden gebruikt.",
      parameterUnusableFormat: "De waarde van ‘%@’ kan niet worden gebruikt.", labelSeparator: ": ",
      wrongToken: "Dat token klopt niet.",
      tooManyTokens: "Te veel onjuiste tokens. Probeer het over een minuut opnieuw.",
      accessToken: "Toegangstoken",
      signIn: "Inloggen", signOut: "Uitloggen"),
    "ja": AppStrings(
      skipToItem: "項目へ移動", appNavigation: "アプリ", allTimelines: "すべてのタイムライン", timelines: "タイムライン",
      noTimelines:
        "タイムラインはまだありません。`timeline import FILE --db PATH` でインポートするか、/api/timelines に POST してください。",
      itemUpdated: "項目が更新されました", itemDeleted: "項目が削除されました", itemAdded: "項目が追加されました",
      newAboveFormat: "上に新着 %d 件",
      moreRowsLoaded: "さらに行を読み込みました", list: "リスト", addItem: "項目を追加",
      addItemToFormat: "%@ に項目を追加",
      exportView: "この表示をエクスポート", print: "印刷", printedRowsFormat: "最初の %@ 行を表示しています(この表示は全 %@ 行)。",
      foldPast: "過去を折りたたむ", unfoldPast: "過去を表示", printedSearchFormat: "「%@」に一致",
      backToTimeline: "タイムラインに戻る",
      backToList: "リストに戻る",
      selectedHidden: "選択した項目は検索またはフィルタに一致しません。", showWithoutFilters: "検索とフィルタを外して表示",
      children: "子項目", kind: "区分",
      kindEvent: "イベント", kindStart: "開始マーカー", kindEnd: "終了マーカー",
      subtitle: "サブタイトル", allDay: "終日",
      timesInZoneFormat: "時刻はタイムラインのタイムゾーン (%@) で表示されます。",
      statusLabel: "ステータスのラベル", secondStatus: "2 つ目のステータス", description: "説明",
      attributes: "属性", onePerLine: "1 行に 1 つ", priorityHint: "整数。大きいほど重要です",
      icon: "アイコン", statusIcon: "ステータスのアイコン", secondStatusIcon: "2 つ目のステータスのアイコン", identifier: "ID",
      optionalUnique: "省略可、一意", edit: "編集",
      editItem: "項目を編集", save: "保存", add: "追加", deleteItem: "項目を削除", deleteThisItem: "この項目を削除",
      deleteQuestion: "この項目を削除しますか？", deleteCannotBeUndone: "削除すると元に戻せません。", deleteNow: "削除",
      deleteChildrenFormat: "子項目（%d 件）も一緒に削除されます。",
      changedNotDeleted: "この項目はその間に変更されたため、削除されませんでした。現在の内容を表示しています。",
      itemWasDeleted: "項目を削除しました。",
      earlierCards: "前のカード", laterCards: "後のカード", noCards: "このタイムラインにはカードがありません。",
      horizontal: "横に並べる", vertical: "縦に並べる", backToCards: "カードに戻る", card: "カード",
      errorFormat: "エラー %d", errorNotFound: "このアドレスが示すものは存在しません。",
      missingItem: "このタイムラインにその項目はありません。削除されたか、アドレスが間違っています。",
      missingTimeline: "そのタイムラインはありません。削除されたか、アドレスが間違っています。",
      errorBadValue: "アドレスまたはフォームに使用できない値が含まれています。", errorInvalidItem: "この項目はこのままでは保存できません。",
      errorRefused: "この変更は拒否されました。ページを再読み込みして、もう一度お試しください。",
      errorRepeatedID: "このタイムラインの別の項目が、すでにこのIDを使っています。",
      errorChanged: "この項目はその間に変更されました。再読み込みして、もう一度お試しください。",
      changedShownAgain: "この項目はその間に変更されたため、何も変更されませんでした。現在の内容を表示しています。",
      errorTooLarge: "送信された内容が大きすぎます。",
      errorMisdirected: "このサーバーはこのホスト名では応答しません（管理者は --public-url で許可できます）。",
      errorUnavailable: "データベースは現在これを受け付けられません。何も書き込まれていません。しばらくしてからもう一度お試しください。",
      errorServer: "サーバーで問題が発生しました。",
      titleRequired: "タイトルを入力してください。", endBeforeStart: "終了を開始より前にすることはできません。",
      dateInvalid: "有効な日付を入力してください。", priorityNumber: "2 のような整数を入力してください。",
      idTooLong: "IDは1,000文字以内です。", idTaken: "ほかの項目が使っていないIDを選んでください。",
      idDots: "IDを「.」や「..」だけにすることはできません。", valueUnusable: "この値は使用できません。",
      parameterUnusableFormat: "「%@」の値は使用できません。", labelSeparator: "：",
      wrongToken: "トークンが正しくありません。", tooManyTokens: "誤ったトークンの入力が多すぎます。1分後にもう一度お試しください。",
      accessToken: "アクセストークン",
      signIn: "サインイン", signOut: "サインアウト"),
    "zh": AppStrings(
      skipToItem: "跳到项目", appNavigation: "应用", allTimelines: "所有时间线", timelines: "时间线",
      noTimelines: "还没有时间线。请用 `timeline import FILE --db PATH` 导入，或将其 POST 到 /api/timelines。",
      itemUpdated: "有项目已更新", itemDeleted: "有项目已删除", itemAdded: "有项目已添加",
      newAboveFormat: "上方有 %d 条新内容", moreRowsLoaded: "已加载更多行",
      list: "列表", addItem: "添加项目", addItemToFormat: "向 %@ 添加项目", exportView: "导出此视图", print: "打印",
      printedRowsFormat: "显示前 %@ 行(此视图共 %@ 行)。", foldPast: "折叠过去", unfoldPast: "显示过去",
      printedSearchFormat: "匹配“%@”",
      backToTimeline: "返回时间线",
      backToList: "返回列表",
      selectedHidden: "所选项目与搜索或筛选条件不匹配。", showWithoutFilters: "去掉搜索和筛选后显示", children: "子项目",
      kind: "类别", kindEvent: "事件", kindStart: "开始标记",
      kindEnd: "结束标记", subtitle: "副标题",
      allDay: "全天", timesInZoneFormat: "时间采用时间线的时区：%@。",
      statusLabel: "状态标签", secondStatus: "第二状态", description: "描述", attributes: "属性",
      onePerLine: "每行一个", priorityHint: "整数，越大越重要", icon: "图标", statusIcon: "状态图标",
      secondStatusIcon: "第二状态图标", identifier: "ID",
      optionalUnique: "可选，唯一", edit: "编辑", editItem: "编辑项目", save: "保存", add: "添加",
      deleteItem: "删除项目", deleteThisItem: "删除此项目",
      deleteQuestion: "要删除此项目吗？", deleteCannotBeUndone: "删除后无法撤销。", deleteNow: "删除",
      deleteChildrenFormat: "其子项目（%d 个）也会一并删除。", changedNotDeleted: "此项目在此期间已被更改，因此未被删除。以下是它现在的样子。",
      itemWasDeleted: "项目已删除。", earlierCards: "更早的卡片", laterCards: "更晚的卡片",
      noCards: "此时间线没有卡片。", horizontal: "横向排列", vertical: "纵向排列", backToCards: "返回卡片", card: "卡片",
      errorFormat: "错误 %d",
      errorNotFound: "此地址所指的内容不存在。",
      missingItem: "此时间线中没有该项目：它已被删除，或地址有误。", missingTimeline: "没有该时间线：它已被删除，或地址有误。",
      errorBadValue: "地址或表单中包含无法使用的值。",
      errorInvalidItem: "该项目无法按原样保存。", errorRefused: "此更改被拒绝。请重新加载页面后再试。",
      errorRepeatedID: "此时间线中的另一个项目已使用此 ID。", errorChanged: "该项目在此期间已被更改。请重新加载后再试。",
      changedShownAgain: "此项目在此期间已被更改，因此未做任何更改。以下是它现在的样子。",
      errorTooLarge: "发送的内容过大。", errorMisdirected: "此服务器不响应此主机名（管理员可以用 --public-url 允许它）。",
      errorUnavailable: "数据库目前无法处理此请求；未写入任何内容。请稍后再试。",
      errorServer: "服务器出现问题。",
      titleRequired: "请输入标题。", endBeforeStart: "结束时间不能早于开始时间。",
      dateInvalid: "请输入有效的日期。", priorityNumber: "请输入整数，例如 2。",
      idTooLong: "ID 最多 1,000 个字符。", idTaken: "请选择其他项目未使用的 ID。", idDots: "ID 不能只是“.”或“..”。",
      valueUnusable: "无法使用此值。", parameterUnusableFormat: "“%@”的值无法使用。", labelSeparator: "：",
      wrongToken: "该令牌不正确。", tooManyTokens: "令牌错误次数过多。请一分钟后再试。", accessToken: "访问令牌",
      signIn: "登录", signOut: "退出登录"),
    "ko": AppStrings(
      skipToItem: "항목으로 건너뛰기", appNavigation: "앱", allTimelines: "모든 타임라인", timelines: "타임라인",
      noTimelines:
        "아직 타임라인이 없습니다. `timeline import FILE --db PATH`로 가져오거나 /api/timelines에 POST하세요.",
      itemUpdated: "항목이 업데이트되었습니다", itemDeleted: "항목이 삭제되었습니다", itemAdded: "항목이 추가되었습니다",
      newAboveFormat: "위에 새 항목 %d개",
      moreRowsLoaded: "행을 더 불러왔습니다", list: "목록", addItem: "항목 추가",
      addItemToFormat: "%@에 항목 추가",
      exportView: "이 보기 내보내기", print: "인쇄", printedRowsFormat: "처음 %@개 행을 표시합니다(이 보기의 전체 행 %@개).",
      foldPast: "지난 항목 접기", unfoldPast: "지난 항목 보기", printedSearchFormat: "“%@”와 일치",
      backToTimeline: "타임라인으로 돌아가기",
      backToList: "목록으로 돌아가기",
      selectedHidden: "선택한 항목이 검색어 또는 필터와 일치하지 않습니다.", showWithoutFilters: "검색과 필터 없이 보기",
      children: "하위 항목", kind: "종류",
      kindEvent: "이벤트", kindStart: "시작 표시", kindEnd: "종료 표시",
      subtitle: "부제목", allDay: "종일",
      timesInZoneFormat: "시간은 타임라인의 시간대(%@) 기준입니다.", statusLabel: "상태 레이블",
      secondStatus: "두 번째 상태", description: "설명", attributes: "속성",
      onePerLine: "한 줄에 하나씩", priorityHint: "정수, 높을수록 중요", icon: "아이콘", statusIcon: "상태 아이콘",
      secondStatusIcon: "두 번째 상태 아이콘",
      identifier: "ID", optionalUnique: "선택 사항, 고유", edit: "편집", editItem: "항목 편집",
      save: "저장", add: "추가", deleteItem: "항목 삭제", deleteThisItem: "이 항목 삭제",
      deleteQuestion: "이 항목을 삭제할까요?", deleteCannotBeUndone: "삭제하면 되돌릴 수 없습니다.", deleteNow: "삭제",
      deleteChildrenFormat: "하위 항목(%d개)도 함께 삭제됩니다.",
      changedNotDeleted: "그사이 이 항목이 변경되어 삭제되지 않았습니다. 현재 상태를 표시합니다.",
      itemWasDeleted: "항목을 삭제했습니다.", earlierCards: "이전 카드",
      laterCards: "이후 카드", noCards: "이 타임라인에는 카드가 없습니다.", horizontal: "가로로 나란히",
      vertical: "세로로 나란히", backToCards: "카드로 돌아가기", card: "카드", errorFormat: "오류 %d",
      errorNotFound: "이 주소가 가리키는 항목이 없습니다.",
      missingItem: "이 타임라인에 그 항목이 없습니다. 삭제되었거나 주소가 잘못되었습니다.",
      missingTimeline: "그 타임라인이 없습니다. 삭제되었거나 주소가 잘못되었습니다.",
      errorBadValue: "주소나 양식에 사용할 수 없는 값이 있습니다.", errorInvalidItem: "이 항목은 이대로 저장할 수 없습니다.",
      errorRefused: "이 변경은 거부되었습니다. 페이지를 새로 고친 후 다시 시도하세요.",
      errorRepeatedID: "이 타임라인의 다른 항목이 이미 이 ID를 사용합니다.",
      errorChanged: "그사이 이 항목이 변경되었습니다. 다시 불러온 후 다시 시도하세요.",
      changedShownAgain: "그사이 이 항목이 변경되어 아무것도 바뀌지 않았습니다. 현재 상태를 표시합니다.",
      errorTooLarge: "보낸 내용이 너무 큽니다.",
      errorMisdirected: "이 서버는 이 호스트 이름으로는 응답하지 않습니다(관리자가 --public-url로 허용할 수 있습니다).",
      errorUnavailable: "데이터베이스가 지금은 이를 처리할 수 없습니다. 아무것도 기록되지 않았습니다. 잠시 후 다시 시도하세요.",
      errorServer: "서버에서 문제가 발생했습니다.",
      titleRequired: "제목을 입력하세요.", endBeforeStart: "종료는 시작보다 앞설 수 없습니다.",
      dateInvalid: "올바른 날짜를 입력하세요.", priorityNumber: "2와 같은 정수를 입력하세요.",
      idTooLong: "ID는 최대 1,000자입니다.", idTaken: "다른 항목이 쓰지 않는 ID를 고르세요.",
      idDots: "ID는 “.”이나 “..”만으로 될 수 없습니다.", valueUnusable: "이 값은 사용할 수 없습니다.",
      parameterUnusableFormat: "“%@” 값은 사용할 수 없습니다.", labelSeparator: ": ",
      wrongToken: "토큰이 올바르지 않습니다.", tooManyTokens: "잘못된 토큰 입력이 너무 많습니다. 1분 후에 다시 시도하세요.",
      accessToken: "액세스 토큰", signIn: "로그인", signOut: "로그아웃"),
    "ar": AppStrings(
      skipToItem: "الانتقال إلى العنصر", appNavigation: "التطبيق",
      allTimelines: "كل المخططات الزمنية", timelines: "المخططات الزمنية",
      noTimelines:
        "لا توجد مخططات زمنية بعد. استورد واحدًا باستخدام `timeline import FILE --db PATH` أو أرسله بطلب POST إلى /api/timelines.",
      itemUpdated: "تم تحديث عنصر", itemDeleted: "تم حذف عنصر", itemAdded: "تمت إضافة عنصر",
      newAboveFormat: "%d جديدة في الأعلى",
      moreRowsLoaded: "تم تحميل صفوف أخرى", list: "القائمة",
      addItem: "إضافة عنصر",
      addItemToFormat: "إضافة عنصر إلى %@", exportView: "تصدير هذا العرض", print: "طباعة",
      printedRowsFormat: "تُعرض أول %@ من صفوف هذا العرض البالغة %@.", foldPast: "طيّ الماضي",
      unfoldPast: "إظهار الماضي", printedSearchFormat: "مطابقة لـ «%@»",
      backToTimeline: "العودة إلى المخطط الزمني",
      backToList: "العودة إلى القائمة",
      selectedHidden: "العنصر المحدد لا يطابق البحث أو عوامل التصفية.",
      showWithoutFilters: "اعرضه بدونها", children: "العناصر الفرعية", kind: "الصنف",
      kindEvent: "حدث", kindStart: "علامة البداية", kindEnd: "علامة النهاية",

      subtitle: "العنوان الفرعي", allDay: "طوال اليوم",
      timesInZoneFormat: "الأوقات بحسب المنطقة الزمنية للمخطط الزمني، %@.",
      statusLabel: "تسمية الحالة", secondStatus: "الحالة الثانية", description: "الوصف",
      attributes: "السمات", onePerLine: "واحدة في كل سطر",
      priorityHint: "عدد صحيح، والأعلى أهم", icon: "الأيقونة", statusIcon: "أيقونة الحالة",
      secondStatusIcon: "أيقونة الحالة الثانية", identifier: "المعرّف",
      optionalUnique: "اختياري، فريد", edit: "تعديل", editItem: "تعديل العنصر",
      save: "حفظ", add: "إضافة", deleteItem: "حذف العنصر", deleteThisItem: "حذف هذا العنصر",
      deleteQuestion: "أتريد حذف هذا العنصر؟", deleteCannotBeUndone: "لا يمكن التراجع عن الحذف.",
      deleteNow: "حذف",
      deleteChildrenFormat: "تُحذف معه عناصره الفرعية (%d).",
      changedNotDeleted: "تغيّر هذا العنصر في الأثناء، لذا لم يُحذف. هذا هو بحالته الآن.",
      itemWasDeleted: "حُذف العنصر.",
      earlierCards: "البطاقات السابقة", laterCards: "البطاقات اللاحقة",
      noCards: "لا توجد بطاقات في هذا المخطط الزمني.", horizontal: "جنبًا إلى جنب",
      vertical: "واحدة تحت الأخرى", backToCards: "العودة إلى البطاقات", card: "البطاقة",
      errorFormat: "خطأ %d",
      errorNotFound: "ما يشير إليه هذا العنوان غير موجود.",
      missingItem: "لا يوجد هذا العنصر في هذا المخطط الزمني: فقد حُذف، أو أن العنوان خاطئ.",
      missingTimeline: "لا يوجد هذا المخطط الزمني: فقد حُذف، أو أن العنوان خاطئ.",
      errorBadValue: "يحتوي العنوان أو النموذج على قيمة لا يمكن استخدامها.",
      errorInvalidItem: "لا يمكن حفظ العنصر كما هو.",
      errorRefused: "رُفض هذا التغيير. أعد تحميل الصفحة وحاول مرة أخرى.",
      errorRepeatedID: "يستخدم عنصر آخر في هذا المخطط الزمني هذا المعرّف بالفعل.",
      errorChanged: "تغيّر العنصر في هذه الأثناء. أعد تحميله وحاول مرة أخرى.",
      changedShownAgain: "تغيّر هذا العنصر في الأثناء، لذلك لم يتغيّر شيء. هذا هو بحالته الآن.",
      errorTooLarge: "ما أُرسل كبير جدًا.",
      errorMisdirected:
        "لا يستجيب هذا الخادم لاسم المضيف هذا (يمكن لمن يديره السماح به باستخدام \u{2068}--public-url\u{2069}).",
      errorUnavailable:
        "لا تستطيع قاعدة البيانات تلبية ذلك الآن، ولم يُكتب شيء. حاول مرة أخرى بعد قليل.",
      errorServer: "حدث خطأ في الخادم.",
      titleRequired: "أدخل عنوانًا.", endBeforeStart: "لا يمكن أن تسبق النهاية البداية.",
      dateInvalid: "أدخل تاريخًا صحيحًا.", priorityNumber: "أدخل عددًا صحيحًا، مثل 2.",
      idTooLong: "يتكوّن المعرّف من 1000 حرف على الأكثر.", idTaken: "اختر معرّفًا لا يستخدمه عنصر آخر.",
      idDots: "لا يمكن أن يكون المعرّف «.» أو «..» فقط.",
      valueUnusable: "لا يمكن استخدام هذه القيمة.",
      parameterUnusableFormat: "لا يمكن استخدام قيمة «%@».", labelSeparator: ": ",
      wrongToken: "هذا الرمز غير صحيح.",
      tooManyTokens: "محاولات كثيرة جدًا برمز غير صحيح. حاول مرة أخرى بعد دقيقة.",
      accessToken: "رمز الوصول", signIn: "تسجيل الدخول",
      signOut: "تسجيل الخروج"),
  ]
}
