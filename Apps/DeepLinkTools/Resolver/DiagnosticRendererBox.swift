import DeepLinkManifest
import PatternCore

/// The package's renderer, re-exported for the thin apps.
struct DiagnosticRendererBox {
  let colored: Bool

  func render(_ diagnostic: Diagnostic) -> String {
    DiagnosticRenderer(colored: colored).render(diagnostic)
  }
}
