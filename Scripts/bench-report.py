#!/usr/bin/env python3
"""Reads ordo-one/benchmark's percentile exports and prints the table and ratio lines of issue 8.

Each export is `<baseline>.<target>.<benchmark>.<metric>.histogram.percentiles.tsv`, a header
`Percentile<TAB><metric> <unit>` and one row per percentile 0..100. Lookup benchmarks run 1,000
lookups per sample (scalingFactor .kilo); the values are per sample or already per lookup
depending on the unit the tool printed, which this script reads from the header.
"""
import glob
import os
import re
import sys

UNITS_NS = {"ns": 1, "μs": 1_000, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}


def load(directory):
    data = {}
    for path in glob.glob(os.path.join(directory, "*.histogram.percentiles.tsv")):
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        header = lines[0].split("\t", 1)[1]
        rows = dict(line.split("\t") for line in lines[1:] if "\t" in line)
        name = os.path.basename(path)[: -len(".histogram.percentiles.tsv")]
        data[name] = (header, float(rows["50"]))
    return data


def find(data, benchmark, metric):
    """The median of `metric` for `benchmark`, converted: time to ns, counts as given."""
    for name, (header, median) in data.items():
        if f".{benchmark}." not in name + ".":
            continue
        if not header.lower().startswith(metric):
            continue
        unit = re.search(r"\(([^)]*)\)", header)
        unit = unit.group(1) if unit else ""
        if metric == "time":
            return median * UNITS_NS.get(unit.split()[0] if unit else "ns", 1), header
        return median, header
    return None, None


def main():
    directory = sys.argv[1]
    data = load(directory)
    if not data:
        sys.exit(f"bench-report: no percentile exports in {directory}")
    names = sorted({re.sub(r"\.[^.]*$", "", n.split(".", 2)[2]) for n in data})
    print()
    print(f"{'benchmark':32} {'median ns':>12} {'mallocs':>9}")
    for name in names:
        time, _ = find(data, name, "time")
        mallocs, _ = find(data, name, "malloc")
        print(f"{name:32} {time if time is not None else float('nan'):12.1f} "
              f"{mallocs if mallocs is not None else float('nan'):9.2f}")
    print()

    def t(name):
        value, _ = find(data, name, "time")
        return value

    def ratio(a, b):
        x, y = t(a), t(b)
        return f"{x / y:.1f}" if x and y else "n/a"

    print(f"ratio routingkit/ours: {ratio('github_hit_routingkit', 'github_hit_ours')}")
    print(f"ratio linear/ours: {ratio('github_hit_linear', 'github_hit_ours')}")
    print(f"ratio 10000/10 routes: {ratio('synthetic_10000_ours', 'synthetic_10_ours')}")
    hit, _ = find(data, "github_hit_ours", "malloc")
    miss, _ = find(data, "github_miss_ours", "malloc")
    print(f"mallocs per hit: {hit if hit is not None else 'n/a'}")
    print(f"mallocs per miss: {miss if miss is not None else 'n/a'}")
    line = t("resolver_line")
    print(f"resolver lines/s: {1e9 / line:.0f}" if line else "resolver lines/s: n/a")


main()
