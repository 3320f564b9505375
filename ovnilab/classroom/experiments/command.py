"""``python -m ovnilab.classroom.experiments``: writes the simulated data sets, or
prints the experiments.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .definitions import EXPERIMENTS, get
from .recorded import write_data

def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ovnilab.classroom.experiments --write-data DIR``."""
    parser = argparse.ArgumentParser(prog="python -m ovnilab.classroom.experiments",
                                     description="Class experiments of the lessons.")
    parser.add_argument("--write-data", metavar="DIR", help="write the simulated data sets into DIR")
    args = parser.parse_args(argv)
    if args.write_data:
        for path in write_data(args.write_data):
            print(path)
        return 0
    for name in EXPERIMENTS:
        exp = get(name)
        print(f"{exp}\n{exp.game}\nequilibrium: {exp.solution.describe()}\n")
    return 0
