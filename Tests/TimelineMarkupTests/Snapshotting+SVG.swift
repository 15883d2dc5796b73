import SnapshotTesting

extension Snapshotting where Value == String, Format == String {
  /// Indented SVG text, stored as `.svg` files so that a reviewer can open them as images.
  static var svg: Snapshotting {
    var snapshotting = Snapshotting.lines
    snapshotting.pathExtension = "svg"
    return snapshotting
  }
}
