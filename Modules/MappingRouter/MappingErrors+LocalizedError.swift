import PatternCore

extension MappingLoadError: RenderedError {}
extension MissingParametersError: RenderedError {}
extension MappingOpenError: RenderedError {}
extension MappingParameterError: RenderedError {}
