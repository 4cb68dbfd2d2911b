#!/usr/bin/env python3
"""Per metric: the median over scenarios of the relative spread (sample standard deviation / |mean|) of
the metric across report.json files of the same suite run on differently seeded traces."""
import json
import statistics
import sys
from collections import defaultdict

values = defaultdict(list)  # (scenario without the seed's folder, metric) -> values
for path in sys.argv[1:]:
    for scenario in json.load(open(path))["scenarios"]:
        key = (scenario["trace"], scenario["smoother_spec"], scenario["movement_scale"])
        for metric, value in scenario["metrics"].items():
            values[(key, metric)].append(value)
spreads = defaultdict(list)
for (key, metric), vs in values.items():
    if len(vs) > 2 and abs(statistics.mean(vs)) > 0:
        spreads[metric].append(statistics.stdev(vs) / abs(statistics.mean(vs)))
print(f"{'metric':24} {'scenarios':>9} {'median rel. sd':>15} {'p90 rel. sd':>12}")
for metric in sorted(spreads):
    s = sorted(spreads[metric])
    print(f"{metric:24} {len(s):9d} {statistics.median(s):15.3f} {s[int(0.9 * (len(s) - 1))]:12.3f}")
