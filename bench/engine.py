"""Engine throughput on CPython, and on MicroPython and Pyodide under Node.js.

Runs each portable workload script in ``bench/throughput_*.py`` under the
three interpreters and prints one JSON object per line:
``{"metric": ..., "value": ..., "unit": ..., "interpreter": ...}``, then the
ratio of each interpreter's figure to CPython's.

    python3 bench/engine.py [--only cpython]
"""

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.interpreters import INTERPRETERS, available, run_script  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=INTERPRETERS, action="append",
                        help="run only these interpreters (repeatable)")
    args = parser.parse_args()
    chosen = args.only or list(INTERPRETERS)
    scripts = sorted((ROOT / "bench").glob("throughput_*.py"))
    base = {}
    for script in scripts:
        for interp in chosen:
            if not available(interp):
                print(json.dumps({"metric": script.stem, "interpreter": interp,
                                  "error": "not available (run npm ci)"}))
                continue
            out = run_script(interp, str(script), timeout=900)
            for line in out.splitlines():
                line = line.strip()
                if not line.startswith("{"):
                    continue
                fig = json.loads(line)
                fig["interpreter"] = interp
                print(json.dumps(fig), flush=True)
                if interp == "cpython":
                    base[fig["metric"]] = fig["value"]
                elif fig["metric"] in base and base[fig["metric"]]:
                    print(json.dumps({"metric": fig["metric"] + "_vs_cpython",
                                      "value": round(fig["value"] / base[fig["metric"]], 3),
                                      "unit": "ratio", "interpreter": interp}), flush=True)


if __name__ == "__main__":
    main()
