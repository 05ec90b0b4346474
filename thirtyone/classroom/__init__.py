"""The class table service: learners play each other at one table, bots fill the empty seats (issue 34).

:mod:`.tables` (the tables, pure logic), :mod:`.store` (the SQLite file) and :mod:`.service` (the Tornado app) are
the top floor of the package, like :mod:`thirtyone.server`: nothing imports them. :mod:`.protocol` (the messages)
and :mod:`.client` (the client lesson 6's page and the tests use) sit just above the engine: they import only the
engine and Tornado's client, so that the widgets may use them (``tests/engine/test_layers.py``).
"""
