import ArgumentParser

/// Options that take one value. The argument parser keeps the last of a repeated one and drops
/// the others without a word (`--aasa a.json --aasa b.json` would check `b.json` alone): the
/// apps refuse the repetition instead.
public enum SingleValuedOptions {
  /// Throws a usage error naming the first of `names` (`--aasa`) that `arguments` (the
  /// command line after the program's name, up to a `--`) gives more than once, as
  /// `--name value` or `--name=value`.
  public static func refuseRepeats(
    _ names: [String], in arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) throws {
    var seen: Set<String> = []
    for argument in arguments {
      if argument == "--" { break }
      let name = String(argument.prefix { $0 != "=" })
      guard names.contains(name) else { continue }
      guard seen.insert(name).inserted else {
        throw ValidationError("\(name) is given more than once; it takes one value")
      }
    }
  }
}
