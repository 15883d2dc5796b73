import Foundation
import TimelineCore
import _TimelineMarkup

/// One layer of an image's drawing (its clip paths, its axis, its content), kept as text
/// rather than as a tree: markup appended to a layer is written at once, and a layer that
/// grows past a few megabytes moves its text to an anonymous temporary file. An image of a
/// million rows then holds one row's markup at a time. ``SVGDocument`` copies the layers to
/// the output in order once the image's size is known, which SVG needs before its content.
final class SVGLayer {
  /// How much text a layer keeps in memory before it moves it to its temporary file.
  static let memoryLimit = 4 << 20

  private let sink = TextSink.growing()
  private var writer: MarkupWriter
  private let renderer: MarkupRenderer
  /// The text moved out so far, in order before what `sink` holds.
  private var file: UnsafeMutablePointer<FILE>?
  /// Whether text may move to a temporary file (not for images made as one string).
  private var spills: Bool
  /// The most text kept in memory before it moves to the temporary file.
  private let memoryLimit: Int
  /// The `errno` of a failed move whose part-written text could not be cut off again:
  /// reading the file back would give wrong text, so ``copy(to:)`` fails instead.
  private var brokenFile: Int32?

  /// A layer whose elements stand `depth` levels deep in the image.
  init(depth: Int, indented: Bool, spills: Bool, memoryLimit: Int = SVGLayer.memoryLimit) {
    renderer = MarkupRenderer(dialect: .xml, indented: indented)
    writer = MarkupWriter(sink: sink, dialect: .xml, indented: indented, depth: depth)
    self.spills = spills
    self.memoryLimit = memoryLimit
  }

  deinit {
    if let file { fclose(file) }
  }

  /// Whether nothing has been drawn on the layer.
  var isEmpty: Bool { file == nil && sink.contents.isEmpty }

  /// Whether some of the layer's text is in its temporary file.
  var hasMovedOut: Bool { file != nil }

  /// Draws `markup` on the layer.
  func append(_ markup: Markup) {
    draw { renderer.write(markup, to: &$0) }
  }

  /// Draws what `draw` writes on the layer, without building markup.
  func draw(_ draw: (inout MarkupWriter) -> Void) {
    draw(&writer)
    if spills, sink.contents.count >= memoryLimit { moveOut() }
  }

  static func += (layer: SVGLayer, markup: [Markup]) {
    for part in markup { layer.append(part) }
  }

  /// Moves the text in memory to the temporary file. When there is no temporary file or it
  /// cannot take the text, the text stays in memory, and so does everything drawn later.
  private func moveOut() {
    if file == nil {
      file = tmpfile()
      // Unbuffered: a failed write leaves nothing in a buffer to be written later.
      if let file { setvbuf(file, nil, _IONBF, 0) }
    }
    guard let file else {
      spills = false
      return
    }
    let bytes = sink.contents
    let before = ftello(file)
    if fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count {
      sink.removeAll()
      return
    }
    // Whatever part was written is cut off again: the file keeps only whole moves.
    let code = errno
    clearerr(file)
    if before < 0 || ftruncate(fileno(file), before) != 0 || fseeko(file, before, SEEK_SET) != 0 {
      brokenFile = code
    }
    spills = false
  }

  /// Writes the layer's text to `output`: what went to the temporary file, then the rest.
  func copy(to output: TextSink) throws(SVGImageError) {
    if let brokenFile { throw SVGImageError(code: brokenFile) }
    if let file {
      rewind(file)
      let size = TextSink.pieceSize
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
      defer { buffer.deallocate() }
      while true {
        let count = fread(buffer.baseAddress, 1, size, file)
        if count > 0 { output.append(UnsafeBufferPointer(rebasing: buffer[0..<count])) }
        if count < size {
          if ferror(file) != 0 { throw SVGImageError(code: errno) }
          break
        }
      }
    }
    output.append(sink.contents)
  }
}

/// An image that could not be written because part of it could not be kept in, or read
/// back from, a temporary file (see ``SVGRenderer/write(_:window:note:to:)``).
public struct SVGImageError: Error, CustomStringConvertible {
  /// The `errno` of the failed write or read.
  public var code: Int32

  public var description: String {
    "could not keep part of the image in a temporary file: " + String(cString: strerror(code))
  }
}
