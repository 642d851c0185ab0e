// The tools speak the manifest library's types (tables, JSON, diagnostics): one import gives both.
@_exported import DeepLinkManifest
