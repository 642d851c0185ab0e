// swift-tools-version:6.1
// The benchmarks live in their own package so that ordo-one/benchmark (and the baselines it
// measures us against) never enter the main build and test graph. `Scripts/bench.sh` links the
// repository in as `.build-bench/DeepLinkRouting` (a path dependency is named by its folder)
// and runs them.
import PackageDescription

let package = Package(
  name: "DeepLinkRoutingBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../.build-bench/DeepLinkRouting"),
    .package(
      url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1",
      traits: ["MallocInterposer"]),
    .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
  ],
  targets: [
    .executableTarget(
      name: "LookupProfile",
      dependencies: [
        .product(name: "PatternCore", package: "DeepLinkRouting"),
        .product(name: "DeeperRouter", package: "DeepLinkRouting"),
        .product(name: "DeepLinkTools", package: "DeepLinkRouting"),
      ]
    ),
    .executableTarget(
      name: "RouterBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "RoutingKit", package: "routing-kit"),
        .product(name: "PatternCore", package: "DeepLinkRouting"),
        .product(name: "DeeperRouter", package: "DeepLinkRouting"),
        .product(name: "DeepLinkTools", package: "DeepLinkRouting"),
      ],
      path: "Benchmarks/RouterBenchmarks",
      exclude: ["github-api-routes.txt"],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
  ]
)
