#!/usr/bin/env bash
# Run-to-run spread of the suite's scenario metrics over synthesis seeds: the evidence behind
# the scenario metrics' default noise bands (MetricDescriptor.noiseBand in Sources/Plumbing/Metrics/ScenarioMetrics.swift; README "Gating baselines"). For seeds 1..N, every trace spec of Traces/ is synthesized
# with that seed and the project's smoothers, screen and movement scales are run over them; then
# spread.py prints, per metric, the median over scenarios of (standard deviation / |mean|) across seeds.
# usage: Benchmarks/noise-bands/measure.sh PARALLAX [SEEDS]   (from the repository root)
set -euo pipefail
parallax=$1
seeds=${2:-8}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for seed in $(seq 1 "$seeds"); do
  mkdir -p "$work/$seed"
  traces=""
  for spec in Traces/still.yml Traces/sway.yml Traces/glance.yml Traces/step.yml Traces/chirp.yml Traces/dropouts.yml Traces/lean.yml; do
    name=$(basename "$spec" .yml)
    "$parallax" synth --spec "$spec" --seed "$seed" -o "$work/$seed/$name.csv" >/dev/null
    traces="$traces  - $work/$seed/$name.csv"$'\n'
  done
  cat > "$work/$seed/suite.yml" <<SUITE
name: noise bands seed $seed
output: $work/$seed/report
traces:
$traces
smoothers: ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10", "kalman-cv"]
screens: [iphone-15-pro]
movement_scales: [1.0, 1.5]
SUITE
  "$parallax" run "$work/$seed/suite.yml" >/dev/null 2>&1 || true
done
python3 "$(dirname "$0")/spread.py" "$work"/*/report/report.json
