#!/usr/bin/env bash
# Proves that DSL misuse is a compile-time error: each snippet must FAIL to type-check against
# the built DeeperRouter module, for the reason given. Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0

expect_error() {
  local name="$1" code="$2" reason="$3"
  cat > "$work/$name.swift" <<SWIFT
import DeeperRouter
extension DeepLinkRoute { static let profile = DeepLinkRoute("profile") }
extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
  static let locale = DeepLinkPatternParameter("locale")
}
let route: DeepLinkRoute = $code
SWIFT
  if swiftc -typecheck -I "$modules" "$work/$name.swift" > "$work/$name.log" 2>&1; then
    echo "check-dsl-misuse: FAIL: \`$code\` compiled, but $reason" >&2
    status=1
  else
    echo "check-dsl-misuse: ok: \`$code\` does not compile ($reason)"
  fi
}

# A control that must compile, so a broken setup cannot pass as "everything fails".
cat > "$work/control.swift" <<'SWIFT'
import DeeperRouter
extension DeepLinkRoute { static let profile = DeepLinkRoute("profile") }
extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
  static let locale = DeepLinkPatternParameter("locale")
}
let route: DeepLinkRoute = .any / .profile .? .userId & .locale
SWIFT
if ! swiftc -typecheck -I "$modules" "$work/control.swift" > "$work/control.log" 2>&1; then
  echo "check-dsl-misuse: FAIL: the control snippet does not compile:" >&2
  cat "$work/control.log" >&2
  exit 1
fi

expect_error amp-before-query '.profile & .userId' "'&' needs a query part on its left"
expect_error optional-amp-before-query '.profile &? .userId' "'&?' needs a query part on its left"
expect_error query-without-route '.userId & .locale' "a query alone is not a route"
expect_error query-then-path '.profile .? .userId / .locale' "'/' cannot follow a query part"
exit $status
