import PatternCore

extension CrossroadError: RenderedError {}
extension Context.Error: RenderedError {}
