"""Helpers of the notebook generator scripts in this folder (run one with the project venv
to rebuild its notebook, then `make notebooks` to execute it)."""

from pathlib import Path

import nbformat as nbf

ROOT = Path(__file__).resolve().parents[2]

def md(text):
    return nbf.v4.new_markdown_cell(text.strip("\n"))

def code(src, tags=()):
    c = nbf.v4.new_code_cell(src.strip("\n"))
    if tags:
        c.metadata["tags"] = list(tags)
    return c

FIG = ("nbval-ignore-output",)

def write(path, cells):
    nb = nbf.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nbf.write(nb, path)
