import PatternCore

extension FuncRouteError: RenderedError {}
