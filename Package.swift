// swift-tools-version: 6.0
import PackageDescription

// The tree is the architecture: libraries in Modules/, apps and their shared library in Apps/,
// one test target per library in Tests/. Front-ends depend on PatternCore only.
let package = Package(
  name: "DeepLinkRouting",
  // The oldest systems the libraries run on: `NSLock.withLock` and the parameter-pack routes of
  // FuncRouter (variadic generic types need the Swift 5.9 runtime) set the floor. Nothing above
  // it is used; the DocC catalogs say which feature needs what.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "PatternCore", targets: ["PatternCore"]),
    .library(name: "DeeperRouter", targets: ["DeeperRouter"]),
    .library(name: "FuncRouter", targets: ["FuncRouter"]),
    .library(name: "MappingRouter", targets: ["MappingRouter"]),
    .library(name: "CrossroadRouter", targets: ["CrossroadRouter"]),
    .library(name: "HandlingEngine", targets: ["HandlingEngine"]),
    .library(name: "DeepLinkManifest", targets: ["DeepLinkManifest"]),
    .library(name: "DeepLinkTools", targets: ["DeepLinkTools"]),
    .executable(name: "deeplink-resolve", targets: ["deeplink-resolve"]),
    .executable(name: "deeplink-conformance", targets: ["deeplink-conformance"]),
    .executable(name: "deeplink-repl", targets: ["deeplink-repl"]),
    .executable(name: "deeplink-applinks", targets: ["deeplink-applinks"]),
    .library(name: "AppLinks", targets: ["AppLinks"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation` (the DocC catalogs under Modules/ and Apps/).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Libraries
    .target(name: "PatternCore", path: "Modules/PatternCore"),
    .target(name: "HandlingEngine", path: "Modules/HandlingEngine"),
    .target(
      name: "DeeperRouter", dependencies: ["PatternCore", "HandlingEngine"],
      path: "Modules/DeeperRouter"),
    .target(
      name: "FuncRouter", dependencies: ["PatternCore", "HandlingEngine"],
      path: "Modules/FuncRouter"),
    .target(name: "MappingRouter", dependencies: ["PatternCore"], path: "Modules/MappingRouter"),
    .target(
      name: "CrossroadRouter", dependencies: ["PatternCore"], path: "Modules/CrossroadRouter"),
    // Universal Links (apple-app-site-association) and Android App Links, as automata.
    .target(name: "AppLinks", dependencies: ["PatternCore"], path: "Modules/AppLinks"),

    // Route tables as data: JSON, the manifest model, and loading each dialect's tables.
    .target(
      name: "DeepLinkManifest",
      dependencies: [
        "PatternCore", "DeeperRouter", "FuncRouter", "MappingRouter", "CrossroadRouter",
        "HandlingEngine",
      ],
      path: "Apps/DeepLinkManifest"),
    // The tools' logic (resolver, REPL, conformance runner), imported by the thin executables
    // and by the tests.
    .target(
      name: "DeepLinkTools",
      dependencies: [
        "DeepLinkManifest", "PatternCore", "AppLinks", "CrossroadRouter",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/DeepLinkTools"),

    // libedit (installed by Scripts/setup.sh), wrapped in small C helpers for the REPL.
    .systemLibrary(name: "CLibEdit", path: "Apps/CLibEdit", providers: [.apt(["libedit-dev"])]),

    // Executables
    .executableTarget(
      name: "deeplink-resolve",
      dependencies: [
        "DeepLinkTools", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/deeplink-resolve"),
    .executableTarget(
      name: "deeplink-conformance",
      dependencies: [
        "DeepLinkTools", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/deeplink-conformance"),
    .executableTarget(
      name: "deeplink-repl",
      dependencies: [
        "DeepLinkTools", "CLibEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/deeplink-repl"),
    .executableTarget(
      name: "deeplink-applinks",
      dependencies: [
        "DeepLinkTools", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/deeplink-applinks"),

    // Tests
    .testTarget(
      name: "FuncRouterTests", dependencies: ["FuncRouter", "PatternCore"],
      path: "Tests/FuncRouterTests",
      swiftSettings: [
        .unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=200"])
      ]),
    .testTarget(
      name: "HandlingEngineTests", dependencies: ["HandlingEngine"],
      path: "Tests/HandlingEngineTests"),
    .testTarget(
      name: "CrossroadRouterTests", dependencies: ["CrossroadRouter", "PatternCore"],
      path: "Tests/CrossroadRouterTests"),
    .testTarget(
      name: "MappingRouterTests", dependencies: ["MappingRouter", "PatternCore"],
      path: "Tests/MappingRouterTests"),
    .testTarget(
      name: "PatternCoreTests", dependencies: ["PatternCore"], path: "Tests/PatternCoreTests"),
    .testTarget(
      name: "AppLinksTests", dependencies: ["AppLinks", "PatternCore"],
      path: "Tests/AppLinksTests"),
    .testTarget(
      name: "DeeperRouterTests", dependencies: ["DeeperRouter", "PatternCore", "HandlingEngine"],
      path: "Tests/DeeperRouterTests",
      // The DSL must stay cheap for the type checker: Scripts/test.sh fails on these warnings.
      swiftSettings: [
        .unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=200"])
      ]),
    // What an app writes: main-actor handlers, async handlers, every module in one file.
    .testTarget(
      name: "AppAdoptionTests",
      dependencies: [
        "PatternCore", "DeeperRouter", "FuncRouter", "MappingRouter", "CrossroadRouter",
        "HandlingEngine",
      ],
      path: "Tests/AppAdoptionTests", swiftSettings: [.swiftLanguageMode(.v6)]),
    // The four original READMEs' snippets, pasted with the changes the migration articles list.
    .testTarget(
      name: "SeedSnippetTests",
      dependencies: ["DeeperRouter", "FuncRouter", "MappingRouter", "CrossroadRouter"],
      path: "Tests/SeedSnippetTests"),
    .testTarget(
      name: "DeepLinkToolsTests",
      dependencies: [
        "DeepLinkTools", "PatternCore", "DeeperRouter", "FuncRouter", "MappingRouter",
        "CrossroadRouter",
      ],
      path: "Tests/DeepLinkToolsTests", exclude: ["Resources"]),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets, only when Scripts/fuzz.sh asks for them (DEEPLINK_FUZZ=1): they are built
// with -sanitize=fuzzer,address in their own build folder and stay out of the normal graph.
if Context.environment["DEEPLINK_FUZZ"] == "1" {
  package.targets.append(
    .target(name: "FuzzSupport", dependencies: ["PatternCore"], path: "Fuzz/FuzzSupport"))
  let fuzzTargets: [(String, [Target.Dependency])] = [
    ("fuzz-url", ["PatternCore"]), ("fuzz-deeper", ["DeeperRouter", "PatternCore"]),
    ("fuzz-func", ["FuncRouter"]), ("fuzz-mapping", ["MappingRouter"]),
    ("fuzz-crossroad", ["CrossroadRouter"]), ("fuzz-manifest", ["DeepLinkTools", "PatternCore"]),
    ("fuzz-resolver", ["DeepLinkTools"]), ("fuzz-engine", ["PatternCore"]),
    ("fuzz-aasa", ["AppLinks"]), ("fuzz-android", ["AppLinks"]),
  ]
  for (name, dependencies) in fuzzTargets {
    package.targets.append(
      .executableTarget(
        name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/\(name)"))
    package.products.append(.executable(name: name, targets: [name]))
  }
}
