"""Store notebooks the way JupyterLab (with jupytext) writes them, so that opening, running
and saving a notebook in Lab changes its file only where an output truly changed.

``python tools/normalize_notebooks.py [NOTEBOOK ...]`` (``make notebooks`` runs it after
each execution; without arguments: every notebook under ``notebooks/``). For each one:

* the notebook's ``jupytext`` metadata is the pairing filters of ``notebooks/jupytext.toml``
  (what jupytext's contents manager writes on a save). A notebook carrying older filters
  converts to a text whose header differs from its script, and JupyterLab then refuses to
  open it whenever the notebook file is the newer of the two ("... is more recent than
  src/NAME.py"), as after a ``git pull`` that brings only a re-executed notebook;
* nbconvert's execution timestamps are dropped (they change on every run);
* consecutive stream outputs of one cell to the same stream are merged into one, as the
  browser merges them (nbconvert keeps each chunk the kernel sent; nbval compares
  streams merged, so tests are not affected).

Files are written by nbformat, as Lab writes them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import nbformat

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "notebooks" / "jupytext.toml"


def pairing_metadata(config: Path = CONFIG) -> dict[str, str]:
    """The ``jupytext`` notebook metadata a save through jupytext writes: the filters of
    the project's jupytext.toml."""
    c = tomllib.loads(config.read_text(encoding="utf-8"))
    return {"cell_metadata_filter": c["cell_metadata_filter"],
            "notebook_metadata_filter": c["notebook_metadata_filter"]}


def merge_streams(outputs: list[Any]) -> list[Any]:
    """``outputs`` with each run of stream outputs to the same stream made one."""
    out: list[Any] = []
    for o in outputs:
        if (out and o.get("output_type") == "stream" and out[-1].get("output_type") == "stream"
                and out[-1].get("name") == o.get("name")):
            out[-1]["text"] = _text(out[-1]["text"]) + _text(o["text"])
        else:
            out.append(o)
    return out


def _text(t: Any) -> str:
    return "".join(t) if isinstance(t, list) else str(t)


def normalize(nb: Any, pairing: dict[str, str]) -> Any:
    """The notebook in its stored form (see the module docstring); changes ``nb``."""
    nb.metadata["jupytext"] = dict(pairing)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = merge_streams(cell.outputs)
    return nb


def stored_form(path: Path, pairing: dict[str, str] | None = None) -> str:
    """The text ``path`` should hold."""
    nb = nbformat.read(path, as_version=4)
    normalize(nb, pairing or pairing_metadata())
    return nbformat.writes(nb) + "\n"


#: the folders of notebooks/ whose notebooks are not the project's: the nbgrader course
#: that `make assignments` writes, and the teacher's own notebooks (notebooks/mine/: git
#: ignores them and jupytext pairs them with no script)
NOT_THE_PROJECTS = ("assignments", "mine")


def notebooks(root: Path = ROOT / "notebooks") -> list[Path]:
    """The project's notebooks: not the jupytext scripts' folders, not Lab's checkpoints,
    not those of :data:`NOT_THE_PROJECTS`."""
    return sorted(p for p in root.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts and "src" not in p.relative_to(root).parts
                  and p.relative_to(root).parts[0] not in NOT_THE_PROJECTS)


def main(argv: list[str]) -> int:
    pairing = pairing_metadata()
    for name in argv or [str(p) for p in notebooks()]:
        path = Path(name)
        text = stored_form(path, pairing)
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
