"""``python -m ovnilab.classroom.experiments`` (see :func:`.command.main`)."""

import sys

from .command import main

sys.exit(main())
