#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small file helpers over the C library, so the tools need no Foundation on the hot path.
package enum FileIO {
  /// The whole file, or nil when it cannot be read.
  package static func readFile(_ path: String) -> [UInt8]? {
    try? readFile(reporting: path).get()
  }

  /// Why a file could not be read, in the operating system's words ("no such file or
  /// directory", "permission denied", "is a directory").
  package struct ReadError: Error {
    package let reason: String
  }

  /// The whole file, or the operating system's reason it cannot be read.
  package static func readFile(reporting path: String) -> Result<[UInt8], ReadError> {
    // fopen succeeds on a directory on Linux; say so instead of a later read error.
    if isDirectory(path) { return .failure(ReadError(reason: lowercasedFirst(strerror(EISDIR)))) }
    guard let file = fopen(path, "rb") else {
      return .failure(ReadError(reason: lowercasedFirst(strerror(errno))))
    }
    defer { fclose(file) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count > 0 { result += buffer[0..<count] }
      if count < buffer.count {
        if ferror(file) != 0 {
          return .failure(ReadError(reason: lowercasedFirst(strerror(errno))))
        }
        break
      }
    }
    return .success(result)
  }

  /// The operating system's words for `code` (an `errno`), as the tools print them.
  package static func reason(_ code: Int32) -> String {
    lowercasedFirst(strerror(code))
  }

  private static func lowercasedFirst(_ message: UnsafeMutablePointer<CChar>?) -> String {
    let text = message.map { String(cString: $0) } ?? "unknown error"
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// Whether the path is a directory.
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Every `.json` file under a directory, recursively, sorted by path. A directory that
  /// cannot be listed (permission denied) is returned itself, so that reading it reports why:
  /// it is not skipped in silence.
  package static func jsonFiles(under directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [directory] }
    defer { closedir(handle) }
    var found: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name == "." || name == ".." || name.hasPrefix(".") { continue }
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      if isDirectory(path) {
        found += jsonFiles(under: path)
      } else if name.hasSuffix(".json") {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// The canonical form of `path` (symbolic links, `.` and `..` resolved) when it exists, else
  /// `path` itself: two names of one file compare equal.
  package static func standardized(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Why a directory cannot be listed (`permission denied`), or nil when it can.
  package static func listingFailure(_ directory: String) -> String? {
    guard let handle = opendir(directory) else { return reason(errno) }
    closedir(handle)
    return nil
  }

  /// Writes a whole file; the operating system's reason when it cannot, else nil.
  package static func writeFile(_ path: String, _ text: String) -> String? {
    guard let file = fopen(path, "wb") else { return reason(errno) }
    let bytes = Array(text.utf8)
    let written = fwrite(bytes, 1, bytes.count, file) == bytes.count
    let failure = errno
    guard fclose(file) == 0, written else { return reason(written ? errno : failure) }
    return nil
  }
}
