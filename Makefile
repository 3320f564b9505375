# The two commands of the README: `make lab` and `make test`.
# Each creates .venv when missing and installs the project with its extras.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.ovnilab-installed
RUN := $(CURDIR)/.run

# Keep Jupyter, IPython and matplotlib state inside the project, not the user's home.
export JUPYTER_CONFIG_DIR := $(RUN)/jupyter-config
export JUPYTER_DATA_DIR := $(RUN)/jupyter-data
export JUPYTER_RUNTIME_DIR := $(RUN)/jupyter-runtime
export IPYTHONDIR := $(RUN)/ipython
export MPLCONFIGDIR := $(RUN)/matplotlib
export JUPYTER_PLATFORM_DIRS := 1
export PYTHONHASHSEED := 0
# The class's database (rooms, seats, moves): the teacher's notebook (make lab) and the
# class server (make play) share it. ovnilab.classroom.store says why SQLite.
export OVNILAB_CLASSROOM_DB := $(RUN)/classroom.sqlite

.PHONY: lab test test-durations bench bench-class bench-pages install clean notebooks assignments play mutants i18n

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml tools/jupyterlab_overrides.json | $(PY)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e ".[lab,test,ai]"
	# JupyterLab's defaults for this project: no "official Jupyter news" pop-up over a
	# lesson on first opening (it would also ask the network, which a classroom may lack);
	# no "Select Kernel" dialog: a new notebook (File > New > Notebook) or one whose kernel
	# is unknown here starts the project's Python; the file browser shows the folder of the
	# document in front, so a new notebook lands beside it (the start page's "make your own
	# notebook" opens notebooks/mine/README.md: a new notebook then lands in notebooks/mine/).
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp tools/jupyterlab_overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $(STAMP)

install: $(STAMP)

# JupyterLab on LAB_PORT (8888). `make lab PORT=9999` (or LAB_PORT=9999) opens a second Lab
# beside a first one: PORT given on the command line is Lab's port here, as it is the class
# server's in `make play` (whose own default, 8866, stays play's). A port that is taken is
# not fatal: Jupyter then takes the next free one and prints the address it opened.
LAB_PORT ?= 8888
# The language of the boards, the projector and what the library prints (issue 33):
# `make lab LANG=pt` / `make play LANG=pt` start them in Brazilian Portuguese (a student's
# class page still follows its own browser and EN / PT switch). Only a LANG given on make's
# command line counts: the LANG every shell inherits is the terminal's POSIX locale
# ("en_US.UTF-8"), not a choice. It reaches Python as OVNILAB_LANG (ovnilab/i18n.py); the
# processes get no LANG then (make would pass them "pt", which no system has as a locale).
OVNILAB_LANG_ENV := $(if $(filter command line,$(origin LANG)),env -u LANG OVNILAB_LANG=$(LANG),)
lab: $(STAMP)
	mkdir -p $(RUN)
	$(OVNILAB_LANG_ENV) $(PY) -m jupyter lab --notebook-dir=notebooks \
	  --ServerApp.port=$(if $(filter command line,$(origin PORT)),$(PORT),$(LAB_PORT)) \
	  $(if $(filter 0,$(shell id -u)),--allow-root,)

# Serve the class: the landing page and "join a class game" (ovnilab.classroom.server, a
# light page of our own: rooms, seats, experiments) on PORT, and the solo boards of
# notebooks/play/ with Voila on VOILA_PORT (each visitor gets a fresh kernel running one
# board, code hidden; the page can send the kernel widget messages only, no code).
# 127.0.0.1 (this machine only) by default; `make play HOST=0.0.0.0` (or one of this
# machine's addresses) serves the room's network; PORT=... another port. Kernels of closed
# pages are shut down after 2 idle minutes, and at most MAX_BOARDS boards run at once (one
# more visitor gets a page that says the server is full); nothing is fetched from the internet (ovnilab's
# Voila template, ovnilab/classroom/jupyter). Ctrl+C stops both. README: "Playing in class"
# and "A class plays together".
# ALLOW_HOST: names besides this machine's own that pages may reach the server under (the
# school's DNS name for the teacher's computer), space-separated: make play HOST=0.0.0.0
# ALLOW_HOST=sala12.escola.local (other names are refused: DNS rebinding)
HOST := 127.0.0.1
PORT := 8866
ALLOW_HOST :=
VOILA_PORT := $(shell echo $$(($(PORT) + 1)))
MAX_BOARDS := 40
play: $(STAMP)
	mkdir -p $(RUN)
	$(OVNILAB_LANG_ENV) $(PY) -m ovnilab.classroom.server --host=$(HOST) --port=$(PORT) --voila-port=$(VOILA_PORT) --notebooks=notebooks/play \
	  --max-boards=$(MAX_BOARDS) $(foreach h,$(ALLOW_HOST),--allow-host=$(h))

# --durations=10: the ten slowest items are printed at the end, so whoever slows the run
# down sees it (goal: the whole run under 15 minutes on 2 cores, no test over 60 s, no
# notebook cell over 30 s; the cell limit below is a real limit, never raised for a cell).
# TEST_WORKERS: three on the 2-core machine, not two. About a fifth of the suite's seconds
# are waits, not work: browser pages loading, the class server's timers (a seat's
# reconnection grace, idle connections), Voila and nbgrader kernels starting. A third
# worker runs a file while another waits. Measured on fresh clones (issue 38): pytest
# took 853, 898 and 921 s with two workers, 767 s with three (720 s once the Cosmic
# invariants check was faster; processor use 1.82 of 2 cores); tests/scheduling.py
# records each file's processor seconds beside its wall ones. More workers would only
# share the same two cores among more processes.
TEST_WORKERS ?= 3
test: $(STAMP)
	mkdir -p $(RUN)
	@test -x /usr/bin/chromium || echo "NOTE: /usr/bin/chromium is not installed: the browser test will be SKIPPED (apt-get install chromium)"
	@start=$$(date +%s); \
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --durations=10 tests \
	  --nbval notebooks --ignore=notebooks/assignments --ignore=notebooks/mine \
	  --nbval-cell-timeout=120 --nbval-sanitize-with tests/nbval_sanitize.cfg; \
	status=$$?; echo "make test: pytest took $$(( $$(date +%s) - start )) s"; exit $$status

# The seconds per file that order make test's files, longest first (tests/scheduling.py):
# each run leaves what it measured in .run/test_durations.json; this merges that into
# tests/durations.json (files that no longer exist are dropped). Run it after a make test.
test-durations:
	$(PY) -c "import tests.scheduling as s; s.update_table()"

# Sync every notebook with its jupytext script (the newer side wins), then re-execute it in
# place. `make notebooks NB=notebooks/lessons/01_nash_equilibrium.ipynb` does one (or a
# few, space-separated); a path to the script in src/ works too.
# After executing, tools/normalize_notebooks.py stores each notebook as JupyterLab writes
# it (the pairing metadata of notebooks/jupytext.toml, no execution timestamps, stream
# outputs merged), so a run-and-save in Lab diffs only where an output changed and Lab
# opens the notebook whatever the files' modification times.
# CELL_TIMEOUT: seconds a cell may run (nbval's limit in `make test` is 120; a machine
# busy with other work may need more while executing, e.g. CELL_TIMEOUT=400).
CELL_TIMEOUT ?= 120
NB ?= $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' -not -path '*/src/*' -not -path 'notebooks/assignments/*' -not -path 'notebooks/mine/*' | sort)
notebooks: $(STAMP)
	mkdir -p $(RUN)
	for f in $(NB); do \
	  case "$$f" in *.py) nb="$$(dirname "$$(dirname "$$f")")/$$(basename "$${f%.py}").ipynb";; *) nb="$$f";; esac; \
	  $(VENV)/bin/jupytext --sync "$$f" >/dev/null || exit 1; \
	  echo "executing $$nb"; \
	  timeout 600 $(PY) -m jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=$(CELL_TIMEOUT) --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	  $(PY) tools/normalize_notebooks.py "$$nb" || exit 1; \
	  $(VENV)/bin/jupytext --sync "$$nb" >/dev/null || exit 1; \
	done

# The lessons as nbgrader assignments: student versions under notebooks/assignments/release/
# (inside JupyterLab's root, so make lab shows them; nbgrader_config.py names the course).
# `make assignments LANG=pt`: the Portuguese lessons (notebooks/pt/lessons) into the same course.
assignments: $(STAMP)
	mkdir -p $(RUN)
	$(PY) tools/assignments.py --out notebooks/assignments $(if $(filter command line,$(origin LANG)),--lang=$(LANG),)

bench: $(STAMP)
	$(PY) -m pip install -q "open-spiel>=1.4" || echo "open_spiel not installable: reference column left empty"
	$(PY) benchmarks/run.py

# A simulated class against the real class server: latency and memory (README: "A class
# plays together"). STUDENTS=120: four classes' worth (issue 30's goal: p95 under 1 s).
STUDENTS ?= 30
bench-class: $(STAMP)
	$(PY) benchmarks/classroom.py --students=$(STUDENTS)

# Page to page in a real browser: a click to the other students' pages, per game, with the
# class benchmark's load meanwhile (issue 29's goal: p95 under 500 ms, none over 1 s).
bench-pages: $(STAMP)
	$(PY) benchmarks/class_pages.py

# Mutation testing of the engines and the views (issue 38; not part of make test): each
# target's mutants against that game's fast tests. TARGET=cows|ovni|cosmic|aliens|class-views
# (all by default); the table lands in docs/mutants.md (README: "How well the tests look").
TARGET ?=
mutants: $(STAMP)
	$(PY) -m pip install -q -e ".[mutants]"
	$(PY) tools/mutants.py $(TARGET)

# The message catalogs (issue 33; ovnilab/i18n.py): extract every sentence marked for
# translation (Python's _(), n_(), pgettext(), N_(), Nn_(); the class page's t(), tn() and its
# HTML's data-t texts; ovnilab/locale/babel.cfg lists the files) into the template
# ovnilab/locale/ovnilab.pot, then merge it into the Portuguese catalog. Translate what it
# adds (and check what it marks fuzzy) in ovnilab/locale/pt_BR/LC_MESSAGES/ovnilab.po;
# tests/test_i18n.py fails until every sentence has its Portuguese.
I18N_KEYWORDS := -k _ -k n_:1,2 -k pgettext:1c,2 -k N_ -k Nn_:1,2 -k t -k tn:1,2
i18n: $(STAMP)
	$(VENV)/bin/pybabel extract -F ovnilab/locale/babel.cfg --no-default-keywords $(I18N_KEYWORDS) \
	  --sort-by-file --omit-header --no-wrap -o ovnilab/locale/ovnilab.pot .
	$(VENV)/bin/pybabel update -i ovnilab/locale/ovnilab.pot -d ovnilab/locale -D ovnilab -l pt_BR \
	  --no-wrap --ignore-obsolete

clean:
	rm -rf $(VENV) $(RUN) .pytest_cache notebooks/assignments
