"""evo's APE and RPE (translation part, meters) for `parallax evaluate`'s tests: the independent reference.

Usage: evo_reference.py TRUTH ESTIMATE ALIGN(none|se3|sim3) N_TO_ALIGN(-1 = all) DELTA MAX_DIFF OFFSET [FORMAT(tum|euroc)]
Prints one JSON object {"pairs", "ape": {...}, "rpe": {...}} computed with evo's own functions, in the order
evo_ape / evo_rpe run them (evo/main_ape.py, evo/main_rpe.py): read TUM (or EuRoC: both files), associate, align, metric.
Run from the repository's .venv-evo (`make deps-evo`: `pip install evo`).
"""
import json
import sys

from evo.core import metrics, sync
from evo.tools import file_interface


def main(truth, estimate, align, n_to_align, delta, max_diff, offset, format="tum"):
    read = file_interface.read_euroc_csv_trajectory if format == "euroc" else file_interface.read_tum_trajectory_file
    results = {}
    for name in ("ape", "rpe"):
        ref = read(truth)
        est = read(estimate)
        ref, est = sync.associate_trajectories(ref, est, max_diff=float(max_diff), offset_2=float(offset))
        if align != "none":
            est.align(ref, correct_scale=(align == "sim3"), n=int(n_to_align))
        if name == "ape":
            metric = metrics.APE(metrics.PoseRelation.translation_part)
        else:
            metric = metrics.RPE(metrics.PoseRelation.translation_part, int(delta), metrics.Unit.frames, all_pairs=False)
        metric.process_data((ref, est))
        results[name] = {k: float(v) for k, v in metric.get_all_statistics().items()}
        results["pairs"] = ref.num_poses
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main(*sys.argv[1:])
