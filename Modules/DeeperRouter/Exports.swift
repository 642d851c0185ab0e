// One import gives a Deeper user everything the router's API mentions: the shared pattern types
// and errors (PatternCore) and the handlers (HandlingEngine).
@_exported import HandlingEngine
@_exported import PatternCore
