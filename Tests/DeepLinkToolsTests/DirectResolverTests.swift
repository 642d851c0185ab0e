import PatternCore
import Testing

@testable import DeepLinkTools

/// The resolver's byte-level path against its general path: for every fixture manifest, lines
/// of every shape built from the fixture's URLs and variants of them must give identical records.
@Suite("Resolver: byte-level path = general path")
struct DirectResolverTests {
  /// Variants of a URL that tend to miss, hit other routes or carry extra parts.
  static func variants(_ url: String) -> [String] {
    var result = [url, url + "/zz", url + "#frag", url + "?x=1&y=2", url.uppercased(), url + "/"]
    if let slash = url.lastIndex(of: "/") { result.append(String(url[..<slash])) }
    if let colon = url.firstIndex(of: ":") { result.append("other" + url[colon...]) }
    result.append(url.replacingOccurrences(of: "1", with: "x"))
    return result
  }

  /// The shapes a request line can take, plain and not.
  /// (Shapes the byte-level path leaves to the parser only for every fifth URL: they cost
  /// the general path twice.)
  static func lines(_ url: String, _ index: Int) -> [String] {
    let quoted = JSONWriter.write(.string(url))
    let plain = [
      #"{"url":\#(quoted),"id":\#(index)}"#, "\(quoted)\r",
      #"  { "id" : "i\#(index)" , "url" : \#(quoted) }  "#, #"{"url":\#(quoted),"id":-0}"#,
      // A bare URL line, as `cat urls.txt` gives it.
      url, " \t\(url) \r",
    ]
    guard index % 5 == 0 else { return plain }
    return plain + [
      #"{"url":\#(quoted),"id":1.5}"#, #"{"url":\#(quoted),"id":007}"#,
      #"{"url":\#(quoted),"url":"x://y"}"#, #"{"url":\#(quoted),"extra":1}"#,
      #"{"url":\#(quoted),"id":null}"#, #"{"url":\#(quoted),}"#, #"{"url":\#(quoted)"#,
      "\r\(url)", "\(url)\r\r", "\(url) \"x\"", "\(url)\u{7F}", "\(url) é",
    ]
  }

  @Test func everyFixtureLineGivesTheSameRecord() throws {
    // Lines the byte-level path answered itself.
    var compared = 0
    var directResolvers = 0
    for file in FixtureTests.files {
      guard case .success(let tables) = ResolverSetup.load([file]) else { continue }
      let manifest = try ManifestLoader.load(path: file)
      let urls = Set((manifest.cases + manifest.tables.flatMap(\.cases)).map(\.url))
      var resolver = Resolver(tables: tables)
      // Other tables take the general path both times.
      guard resolver.usesDirectPath else { continue }
      directResolvers += 1
      var output: [UInt8] = []
      for (index, url) in urls.sorted().prefix(80).enumerated() {
        for variant in Self.variants(url) {
          for line in Self.lines(variant, index) {
            let bytes = ArraySlice(Array(line.utf8))
            let general = resolver.respond(to: bytes, number: index + 1)
            output.removeAll(keepingCapacity: true)
            guard resolver.respondDirectly(to: bytes, number: index + 1, into: &output) else {
              continue
            }
            #expect(String(decoding: output, as: UTF8.self) == general, "\(file): \(line)")
            compared += 1
          }
        }
      }
    }
    // Most fixtures are deeper tables without declining handlers: the direct path is exercised.
    #expect(directResolvers >= 10)
    #expect(compared >= 10_000, "\(compared) lines compared")
  }

  /// The eight-bytes-at-once test of the plain reading against the byte-by-byte rule, for
  /// every byte value at every position of an otherwise plain word, and random words.
  @Test func eightBytesAreTestedAsEachByteIsTested() {
    func plain(_ word: UInt64) -> Bool {
      (0..<8).allSatisfy { shift in
        let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(shift)))
        return byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"")
          && byte != UInt8(ascii: "\\")
      }
    }
    let base: UInt64 = 0x6162_6364_6566_6768  // "abcdefgh"
    for position in 0..<8 {
      for byte in 0...255 {
        let shift = UInt64(8 * position)
        let word = base & ~(0xFF << shift) | UInt64(byte) << shift
        #expect(ResolverRequest.allPlain(word) == plain(word), "byte \(byte) at \(position)")
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      // Bytes drawn mostly near the edges of the rule, so that both answers come up.
      var word: UInt64 = 0
      for _ in 0..<8 {
        let edges: [UInt8] = [
          0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xFF,
        ]
        let byte =
          Int.random(in: 0..<4, using: &generator) == 0
          ? edges.randomElement(using: &generator)!
          : UInt8.random(in: 0x20...0x7E, using: &generator)
        word = word << 8 | UInt64(byte)
      }
      #expect(ResolverRequest.allPlain(word) == plain(word), "word \(String(word, radix: 16))")
      // The lowest byte marked is the first byte that is not plain.
      let first = (0..<8).first { shift in
        !plain(
          0x2020_2020_2020_2020 & ~(0xFF << (8 * UInt64(shift))) | word
            & (0xFF << (8 * UInt64(shift))))
      }
      let stops = ResolverRequest.stops(word)
      #expect(
        (stops == 0 ? nil : stops.trailingZeroBitCount / 8) == first,
        "word \(String(word, radix: 16))")
    }
  }
}
