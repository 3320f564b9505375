# nbgrader's configuration for this project, read by nbgrader's JupyterLab extension when
# `make lab` starts JupyterLab here. It names the course that `make assignments` writes
# (notebooks/assignments, inside Lab's root); without it the extension warned "No
# nbgrader_config.py file found" and that the course was outside the notebook root.
# tools/assignments.py writes the course's own copy (with the stub settings) into it.
from pathlib import Path

c = get_config()  # noqa: F821 (provided by nbgrader)
c.CourseDirectory.course_id = "ovnilab"
c.CourseDirectory.root = str(Path(__file__).resolve().parent / "notebooks" / "assignments")
