#!/usr/bin/env python3
"""Writes Fixtures/shared/core.json: one route table in the four dialects and a URL corpus.

No answers are written down: the conformance runner checks that every dialect answers each URL
as the deeper table does. What the fixture states are the dialects' deliberate differences:
routes a dialect cannot express (a mapping route starts with its group, a literal; Crossroad
patterns have no query) and URLs a dialect answers differently on purpose (mapping literals
ignore case; a mapping path match without its required items is `missing_params`).
"""
import json, itertools

routes = [  # (intent, deeper, func, mapping (group, path) or None, crossroad or None)
    ("showProfile", "profile/:userId", "profile/:userId", ("profile", "/:userId"), "profile/:userId"),
    ("retweet", "tweet/:int(id)/retweet", "tweet/:int(id)/retweet", ("tweet", "/:int(id)/retweet"), "tweet/:int(id)/retweet"),
    ("follow", "(user|u)/:userId/follow", "(user|u)/:userId/follow", None, "(user|u)/:userId/follow"),
    ("settings", "settings/(privacy)", "settings/(privacy)", ("settings", "/(privacy)"), "settings/(privacy)"),
    ("search", "search?:q&(:page)", "search?q=:q&(page=:page)", ("search", "?{*q}&{page}"), None),
    ("docs", "docs/*/:page", "docs/*/:page", ("docs", "/*/:page"), "docs/*/:page"),
    ("item", "item/:int(id)/(edit)", "item/:int(id)/(edit)", ("item", "/:int(id)/(edit)"), "item/:int(id)/(edit)"),
    ("help", "*/help", "*/help", None, "*/help"),
    ("flag", "flag/:bool(on)", "flag/:bool(on)", ("flag", "/:bool(on)"), "flag/:bool(on)"),
    ("price", "price/:num(amount)", "price/:double(amount)", ("price", "/:num(amount)"), "price/:num(amount)"),
]

def table(dialect, index):
    base = {"name": "shared-" + dialect, "dialect": dialect}
    if dialect == "mapping":
        groups = []
        for intent, _, _, mapping, _ in routes:
            if mapping:
                groups.append({"group": mapping[0], "maps": [{"route": mapping[1], "target": intent}]})
        # `(user|u)/...` is two groups in this dialect: the same answers, two maps.
        groups.insert(2, {"group": "user", "maps": [{"route": "/:userId/follow", "target": "follow"}]})
        groups.insert(3, {"group": "u", "maps": [{"route": "/:userId/follow", "target": "follow"}]})
        return dict(base, scheme="myapp", groups=groups)
    key = {"deeper": 1, "func": 2, "crossroad": 4}[dialect]
    table_routes = [{"pattern": r[key], "intent": r[0]} for r in routes if r[key]]
    if dialect == "crossroad":
        return dict(base, sources=["myapp"], routes=table_routes)
    return dict(base, scheme="myapp", routes=table_routes)

values = ["42", "jane", "a%2Fb", "caf%C3%A9", "-7", "007", "x+y", "%20"]
urls = []
for v in values:
    urls += [f"myapp://profile/{v}", f"myapp://user/{v}/follow", f"myapp://u/{v}/follow",
             f"myapp://tweet/{v}/retweet", f"myapp://item/{v}", f"myapp://item/{v}/edit",
             f"myapp://docs/a/{v}", f"myapp://flag/{v}", f"myapp://price/{v}"]
urls += [f"myapp://search?q={q}" + p for q, p in itertools.product(["x", "", "a%26b"], ["", "&page=2", "&page="])]
urls += ["myapp://search", "myapp://search?page=2", "myapp://search?Q=x", "myapp://search?q=1&q=2"]
urls += ["myapp://settings", "myapp://settings/privacy", "myapp://settings/other", "myapp://settings/privacy/x"]
urls += [f"myapp://flag/{b}" for b in ["true", "FALSE", "1", "0", "yes", "True"]]
urls += [f"myapp://price/{n}" for n in ["1.5", "-2.5e3", ".5", "5.", "nan", "inf", "1e400", "0x10"]]
urls += [f"myapp://tweet/{n}/retweet" for n in ["9223372036854775807", "9223372036854775808", "+5", "1.0"]]
urls += ["myapp://a/help", "myapp://a/b/c/help", "myapp://help", "myapp://profile/help", "myapp://docs/help"]
urls += ["myapp://PROFILE/1", "MYAPP://profile/1", "myapp:///profile/1", "myapp:profile/1",
         "myapp://profile//1/", "myapp://profile/1#frag", "myapp://profile/1?extra=1", "myapp://me@profile/1"]
case_variants = ["myapp://tweet/1/RETWEET", "myapp://settings/PRIVACY", "myapp://item/3/EDIT",
                 "myapp://user/1/FOLLOW", "myapp:///Profile/1"]
urls += case_variants
urls += ["myapp://", "myapp://nothing", "myapp://profile", "myapp://profile/1/2", "other://profile/1",
         "https://example.com/profile/1", "profile/1", "static", ""]
urls += ["myapp://bad%zz", "myapp://profile/%4", "myapp://a b", "myapp://profile/%FF", "://x",
         "myapp://profile/\u0001"]
urls += ["myapp://docs/" + "/".join(["a"] * n) + "/p" for n in (1, 2, 10, 50)]
urls += ["myapp://" + "/".join(["x"] * n) + "/help" for n in (3, 30, 250)]
bases = ["myapp://profile/42", "myapp://tweet/7/retweet", "myapp://user/j/follow", "myapp://settings/privacy",
         "myapp://docs/a/b/p", "myapp://item/3/edit", "myapp://x/help", "myapp://flag/true", "myapp://price/2.5",
         "myapp://search?q=z"]
for base in bases:
    scheme, rest = base.split("://", 1)
    path, _, query = rest.partition("?")
    joiner = "&" if query else "?"
    urls += [base + "#top", base + joiner + "utm=1", "MyApp://" + rest, f"{scheme}://{path}/" + ("?" + query if query else ""),
             f"{scheme}://" + path.replace("/", "//") + ("?" + query if query else ""), f"{scheme}://me:pw@" + rest,
             f"{scheme}:///" + rest, base.replace("myapp://", "myapp://" + path.split("/")[0].upper() + "/", 1).replace(path.split("/")[0] + "/", "", 1)]
seen = set()
urls = [u for u in urls if not (u in seen or seen.add(u))]

differences = [{"dialect": "mapping", "url": u, "reason": "mapping literals, the group included, compare case-insensitively"}
               for u in case_variants]
differences += [{"dialect": "mapping", "url": u, "reason": "the path matches but the required `q` is missing: mapping reports missing_params, not a miss"}
                for u in ["myapp://search", "myapp://search?page=2", "myapp://search?Q=x"]]
inexpressible = [
    {"dialect": "mapping", "intent": "help", "reason": "a mapping route starts with its group, a literal; `*/help` starts with a wildcard"},
    {"dialect": "crossroad", "intent": "search", "reason": "Crossroad patterns have no query part; query parameters are read from the context"},
]
doc = {"shared": {"name": "core", "tables": [table(d, i) for i, d in enumerate(["deeper", "func", "mapping", "crossroad"])],
                  "urls": urls, "inexpressible": inexpressible, "differences": differences}}
with open("Fixtures/shared/core.json", "w") as f:
    json.dump(doc, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(f"{len(urls)} URLs")
