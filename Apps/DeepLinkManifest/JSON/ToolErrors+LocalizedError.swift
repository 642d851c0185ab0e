import PatternCore

extension JSONSyntaxError: RenderedError {}
extension ManifestError: RenderedError {}
