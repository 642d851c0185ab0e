// One import gives a MappingInfo user everything the router's API mentions: the shared pattern
// types and errors (PatternCore).
@_exported import PatternCore
