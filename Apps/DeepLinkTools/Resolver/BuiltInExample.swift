import DeepLinkManifest

/// The table `deeplink-resolve` uses without `--routes`: a Twitter-like app (profiles, follows, retweets).
public enum BuiltInExample {
  /// The manifest text.
  public static let manifest = """
    {
      "name": "example",
      "dialect": "deeper",
      "scheme": "myapp",
      "routes": [
        {"pattern": "profile/:userId", "intent": "showProfile"},
        {"pattern": "user/:userId/follow", "intent": "follow"},
        {"pattern": "tweet/:int(tweetId)/retweet", "intent": "retweet"},
        {"pattern": "(profile|user)/(info)/:int(userId)", "intent": "showProfile"},
        {"pattern": "*/profile?:userId&(:locale)", "intent": "showProfile"}
      ]
    }
    """

  /// The parsed example manifest.
  public static func load() throws(ManifestError) -> Manifest {
    try ManifestLoader.parse(Array(manifest.utf8), path: "<built-in example>")
  }
}
