"""``python -m thirtyone``: the studies' command line (see :mod:`thirtyone.cli`)."""

from .cli import main

raise SystemExit(main())
