// swift-tools-version: 6.0
import PackageDescription

// Every Swift code block of README.md and of the DocC articles, as programs that build and run.
// A block is the text between `// snippet` and `// end snippet` in one of these files, byte for
// byte (Scripts/check-docs.sh compares them); what follows a block checks what its comments
// claim. This package depends on the library by path, exactly as an app would.
let package = Package(
  name: "DeepLinkRoutingExamples",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "DeepLinkRouting", path: "..")],
  targets: [
    example("ReadmeDeeper", ["DeeperRouter"]),
    example("ReadmeFunc", ["FuncRouter"]),
    example("DeeperOverview", ["DeeperRouter"]),
    example("HandlingWalkthrough", ["DeeperRouter"]),
    example("FuncOverview", ["FuncRouter"]),
    example("MappingOverview", ["MappingRouter"]),
    example("CrossroadOverview", ["CrossroadRouter"]),
    example("PatternCoreOverview", ["PatternCore"]),
  ],
  swiftLanguageModes: [.v6]
)

func example(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: products.map { .product(name: $0, package: "DeepLinkRouting") },
    path: "Sources/\(name)")
}
